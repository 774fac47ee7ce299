import Foundation
import Testing
@testable import LuaKit

@Suite("Errors name chunk and line, and never jump over Swift frames")
struct ErrorTests {
    @Test func test_runtimeErrorInFile_namesPathLineAndTraceback() throws {
        let folder = try TemporaryFolder()
        let path = folder.write("bank.lua", "local x = 1\nlocal function f() error('teller missing') end\nf()\n")
        let lua = try LuaState()
        let error = try #require(throws: LuaError.self) { try lua.run(file: path) }
        // Lua shortens chunk names to LUA_IDSIZE (60) bytes, keeping the end: `...t-1234/bank.lua`.
        #expect(error.message.hasSuffix("/bank.lua:2: teller missing"))
        #expect(error.chunk?.hasSuffix("/bank.lua") == true)
        #expect(error.line == 2)
        #expect(error.kind == .runtime)
        #expect(error.traceback.hasPrefix("stack traceback:"))
        #expect(error.traceback.contains("/bank.lua:3: in main chunk"))
        #expect(error.description == error.message + "\n" + error.traceback)
        #expect(lua.loadedFiles == [path])
    }

    @Test func test_fileChunkName_isThePathAsTheUserGaveIt() throws {
        let lua = try LuaState()
        try lua.load("local ok = true\nreturn nil + 1", chunkName: "@scripts/bank.lua")
        let error = try #require(throws: LuaError.self) { try lua.protectedCall(arguments: 0, results: 0) }
        #expect(error.message == "scripts/bank.lua:2: attempt to perform arithmetic on a nil value")
        #expect(error.chunk == "scripts/bank.lua")
        #expect(error.line == 2)
    }

    @Test func test_syntaxError_isReportedWithLine() throws {
        let lua = try LuaState()
        let error = try #require(throws: LuaError.self) { try lua.evaluate("x = = 1", chunkName: "=stdin") }
        #expect(error.kind == .syntax)
        #expect(error.message == "stdin:1: unexpected symbol near '='")
        #expect(error.line == 1)
    }

    @Test func test_missingFile_isAFileError() throws {
        let lua = try LuaState()
        let error = try #require(throws: LuaError.self) { try lua.run(file: "/nonexistent/x.lua") }
        #expect(error.kind == .file)
        #expect(error.message == "cannot open /nonexistent/x.lua: no such file")
    }

    @Test func test_badArgument_usesLuasOwnWording() throws {
        let lua = try LuaState()
        lua.register("take") { call in
            _ = try call.string(1)
            return call.returning(try call.int(2))
        }
        let values = try lua.evaluate("""
            local ok1, e1 = pcall(take, 'banana', nil)
            local ok2, e2 = pcall(take, 'banana', 1.5)
            local ok3, e3 = pcall(take, {}, 1)
            return e1, e2, e3, take('kiwi', '3')
            """, chunkName: "=t")
        #expect(values == [
            .string("bad argument #2 to 'take' (number expected, got nil)"),
            .string("bad argument #2 to 'take' (number has no integer representation)"),
            .string("bad argument #1 to 'take' (string expected, got table)"),
            .integer(3),
        ])
    }

    @Test func test_swiftError_becomesLuaErrorAtTheCallersLine() throws {
        struct OutOfStock: Error, CustomStringConvertible { var description: String { "strawberry: need 16, have 10" } }
        let lua = try LuaState()
        lua.register("order") { _ in throw OutOfStock() }
        let error = try #require(throws: LuaError.self) {
            try lua.evaluate("local a = 1\norder('strawberry_juice')", chunkName: "=juice.lua")
        }
        #expect(error.message == "juice.lua:2: strawberry: need 16, have 10")
    }

    /// Lua → Swift → Lua → Swift, the innermost throwing: caught by Lua's pcall at the top, and
    /// every Swift object captured along the way is released (its deinit runs).
    @Test func test_swiftErrorThroughTwoLevels_isCaughtByPcall_andDeinitRuns() throws {
        final class Witness {
            let onDeinit: () -> Void
            init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
            deinit { onDeinit() }
        }
        struct Refused: Error, CustomStringConvertible { var description: String { "refused deep down" } }
        var released = 0
        do {
            let lua = try LuaState()
            do {
                let witness = Witness { released += 1 }
                lua.register("fail") { _ in
                    _ = witness
                    throw Refused()
                }
            }
            _ = try lua.evaluate("function inner() fail() end", chunkName: "=inner.lua")
            let inner = try #require(lua.reference(toGlobal: "inner"))
            lua.register("outer") { _ in
                _ = try inner.call()
                return 0
            }
            let values = try lua.evaluate("return pcall(outer)", chunkName: "=top.lua")
            #expect(values.first == .boolean(false))
            #expect(values.last?.stringValue == "inner.lua:1: refused deep down")
            // The state is still usable after the error.
            #expect(try lua.evaluate("return 40 + 2", chunkName: "=t") == [.integer(42)])
            lua.register("outer") { _ in 0 }
            lua.register("fail") { _ in 0 }
            lua.collectGarbage()
            #expect(released == 1)
        }
        #expect(released == 1)
    }

    @Test func test_errorValueThatIsATable_isDescribed() throws {
        let lua = try LuaState()
        let error = try #require(throws: LuaError.self) { try lua.evaluate("error({code = 7})", chunkName: "=t") }
        #expect(error.message == "(error object is a table value)")
    }

    @Test func test_positionParsing_handlesStringChunksAndNoPosition() {
        #expect(LuaError.position(in: "scripts/bank.lua:12: boom") == ("scripts/bank.lua", 12))
        #expect(LuaError.position(in: "[string \"a:b\"]:3: x") == ("[string \"a:b\"]", 3))
        #expect(LuaError.position(in: "not enough memory") == (nil, nil))
    }
}
