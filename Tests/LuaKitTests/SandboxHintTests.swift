import Foundation
import Testing
@testable import LuaKit

/// Using a global the sandbox leaves out reads as Lua's error plus where to look instead: Lua's words alone
/// (`attempt to index a nil value (global 'io')`) read like a typo to someone whose script runs under `lua`.
@Suite("The sandbox's hint on a missing library")
struct SandboxHintTests {
    @Test(arguments: [
        ("io.open('x')", "t:1: attempt to index a nil value (global 'io') (io is left out of the sandbox: --allow-io grants it)"),
        ("dofile('x.lua')", "t:1: attempt to call a nil value (global 'dofile') (dofile is left out of the sandbox: require \"name\" loads name.lua)"),
        ("loadfile('x.lua')", "t:1: attempt to call a nil value (global 'loadfile') (loadfile is left out of the sandbox: require \"name\" loads name.lua)"),
        ("package.path = ''", "t:1: attempt to index a nil value (global 'package') (package is left out of the sandbox: require \"name\" loads name.lua)"),
        ("debug.traceback()", "t:1: attempt to index a nil value (global 'debug') (debug is left out of the sandbox)"),
    ])
    func test_aLeftOutGlobal_saysWhereToLook(script: String, message: String) throws {
        let lua = try LuaState()
        let error = try #require(throws: LuaError.self) { try lua.evaluate(script, chunkName: "=t") }
        #expect(error.message == message)
        #expect(error.chunk == "t" && error.line == 1)
    }

    /// Under `--allow-io` the sandbox keeps `io`: a script that set it to nil itself gets Lua's message alone, not
    /// advice to pass the flag it already passed (the hint used to follow the message's words, whoever removed io).
    @Test func test_ioTheScriptRemovedItself_underAllowIO_getsNoHint() throws {
        let lua = try LuaState(options: .init(allowIO: true))
        let error = try #require(throws: LuaError.self) { try lua.evaluate("io = nil; io.open('x')", chunkName: "=t") }
        #expect(error.message == "t:1: attempt to index a nil value (global 'io')")
        // What the sandbox does leave out under --allow-io keeps its hint.
        let debug = try #require(throws: LuaError.self) { try lua.evaluate("debug.traceback()", chunkName: "=t") }
        #expect(debug.message.hasSuffix("(debug is left out of the sandbox)"))
    }

    /// A state without the sandbox left nothing out: no hint at all.
    @Test func test_anUnsandboxedState_givesNoHint() throws {
        let lua = try LuaState(options: .init(sandboxed: false))
        let error = try #require(throws: LuaError.self) { try lua.evaluate("io = nil; io.open('x')", chunkName: "=t") }
        #expect(error.message == "t:1: attempt to index a nil value (global 'io')")
    }

    /// A script's own error that only quotes Lua's words is its own message.
    @Test func test_aScriptsOwnErrorQuotingTheWords_getsNoHint() throws {
        let lua = try LuaState()
        let error = try #require(throws: LuaError.self) { try lua.evaluate("error('(global \\'io\\')')", chunkName: "=t") }
        #expect(error.message == "t:1: (global 'io')")
    }

    /// Any other missing global keeps Lua's message as it is.
    @Test func test_anotherMissingGlobal_isLuasMessage() throws {
        let lua = try LuaState()
        let error = try #require(throws: LuaError.self) { try lua.evaluate("prnt('x')", chunkName: "=t") }
        #expect(error.message == "t:1: attempt to call a nil value (global 'prnt')")
    }
}
