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

    /// Any other missing global keeps Lua's message as it is.
    @Test func test_anotherMissingGlobal_isLuasMessage() throws {
        let lua = try LuaState()
        let error = try #require(throws: LuaError.self) { try lua.evaluate("prnt('x')", chunkName: "=t") }
        #expect(error.message == "t:1: attempt to call a nil value (global 'prnt')")
    }
}
