import Foundation
import Testing

/// A UTF-8 byte-order mark at the start of a script is skipped, as `lua` skips it, with or without a
/// `#!` line after it — in the scenario, in a module `require` loads, and on reload — and line
/// numbers stay true.
@Suite("Scripts starting with a byte-order mark")
struct ByteOrderMarkTests {
    static let bom = "\u{FEFF}"

    @Test(arguments: ["", "#!/usr/bin/env lua\n"])
    func test_scenarioWithByteOrderMark_runs(shebang: String) throws {
        let folder = try TemporaryFolder()
        let path = "s.lua"
        folder.write(path, ByteOrderMarkTests.bom + shebang + "print('ok')\nerror('line')\n")
        let r = try Shell.runWithin(60, ["run", path], in: URL(fileURLWithPath: folder.path))
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stdout == "ok\n")
        let line = shebang.isEmpty ? 2 : 3
        #expect(r.stderr.hasPrefix("error: \(path):\(line): line\n"), "\(r.stderr)")
    }

    @Test func test_requiredModuleWithByteOrderMark_loads() throws {
        let folder = try TemporaryFolder()
        let main = folder.write("main.lua", "print((require 'm'))\n")
        folder.write("m.lua", ByteOrderMarkTests.bom + "return 'module'\n")
        let r = try Shell.runWithin(60, ["run", main])
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "module\n")
    }

    /// The session rewrites its own scenario (`--allow-io`) with a byte-order mark, then reloads it.
    @Test func test_reloadedScenarioWithByteOrderMark_reloads() throws {
        let folder = try TemporaryFolder()
        let main = folder.write("main.lua", "x = 1\n")
        let r = try Shell.runWithin(60, ["repl", main, "--allow-io"], stdin: """
            x
            f = io.open(arg[0], "w"); f:write("\\u{FEFF}x = 2\\n"); f:close()
            :reload
            x
            """ + "\n")
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("1\n"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("2\n"), "\(r.stdout)")
        #expect(FileManager.default.contents(atPath: main) == Data([0xEF, 0xBB, 0xBF] + Array("x = 2\n".utf8)))
    }
}
