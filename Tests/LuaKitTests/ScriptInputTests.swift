import Foundation
@testable import LuaKit
import Testing

/// With `--allow-io` the sandbox tells the host what a script reads (`ScriptInput`) before it opens: files
/// opened in a reading mode, by `io.lines` and `io.input`, and `io.popen` commands; a file opened to write
/// is not told. A refusal is raised at the script's line, and io's own errors keep theirs.
@Suite("sandbox: what a script reads with --allow-io")
struct ScriptInputTests {
    struct Refused: Error, CustomStringConvertible { let description: String }

    @Test func test_readsAreTold_writesAreNot() throws {
        let folder = try TemporaryFolder()
        let data = folder.write("data.txt", "1\n")
        let lua = try LuaState(options: .init(allowIO: true))
        var told: [ScriptInput] = []
        lua.inputCheck = { told.append($0) }
        _ = try lua.evaluate("""
            local d, o = ...
            assert(io.open(o, "w")):close()
            assert(io.open(o, "a")):close()
            assert(io.open(d)):close()
            assert(io.open(d, "rb")):close()
            assert(io.open(o, "a+")):close()
            for _ in io.lines(d) do end
            io.input(d); io.input(io.stdin)
            """.replacingOccurrences(of: "local d, o = ...", with: "local d, o = '\(data)', '\(folder.path("out.txt"))'"), chunkName: "=t")
        #expect(told == [.file(data), .file(data), .file(folder.path("out.txt")), .file(data), .file(data)])
        #expect(lua.readFiles == [data, folder.path("out.txt")])
    }

    @Test func test_aRefusal_isRaisedAtTheScriptsLine_andKept() throws {
        let lua = try LuaState(options: .init(allowIO: true))
        lua.inputCheck = { input in throw Refused(description: "refused \(input)") }
        do {
            _ = try lua.evaluate("local x = 1\nlocal f = io.open('nothing.txt')", chunkName: "@s.lua")
            Issue.record("no error")
        } catch let error as LuaError {
            #expect(error.message == #"s.lua:2: refused file("nothing.txt")"#)
        }
        // Called by pcall (C), as io's own functions: no line to name.
        #expect(try lua.evaluate("return pcall(io.lines, 'other.txt')", chunkName: "@s.lua") == [.boolean(false), .string(#"refused file("other.txt")"#)])
        #expect(lua.inputRefusal == #"refused file("nothing.txt")"#)
    }

    /// io's own errors read as before the wrappers: at the caller's line, naming io's function.
    @Test(arguments: [
        ("io.open({})", "s.lua:1: bad argument #1 to 'open' (string expected, got table)"),
        ("io.open('x', 'zz')", "s.lua:1: bad argument #2 to 'open' (invalid mode)"),
        ("io.lines('no such file')", "s.lua:1: cannot open file 'no such file' (No such file or directory)"),
    ])
    func test_iosOwnErrors_keepTheirPlace(code: String, message: String) throws {
        let lua = try LuaState(options: .init(allowIO: true))
        do {
            _ = try lua.evaluate(code, chunkName: "@s.lua")
            Issue.record("no error")
        } catch let error as LuaError {
            #expect(error.message == message)
        }
    }

    @Test func test_withoutAllowIO_nothingIsTold() throws {
        let lua = try LuaState()
        #expect(try lua.evaluate("return io", chunkName: "=t") == [.nil])
        #expect(lua.readFiles.isEmpty)
    }
}
