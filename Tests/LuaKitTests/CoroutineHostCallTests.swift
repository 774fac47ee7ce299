import Foundation
import Testing
@testable import LuaKit

/// A host (Swift) function called from a coroutine runs on the main thread, as when called from the main thread:
/// results it pushes through the state's own stack reach the coroutine, errors keep the coroutine's line, and
/// argument errors their function's name (shim.h, `sf_trampoline`). Before, a function that built its result on
/// the state's stack (`counter:line "x"`) returned garbage or nil inside a coroutine (a process).
@Suite("Host functions called from coroutines")
struct CoroutineHostCallTests {
    func state() throws -> LuaState {
        let lua = try LuaState()
        // Builds its result on the *state's* stack (the main thread), as the world's bindings do.
        lua.register("make") { [unowned lua] call in
            let n = try call.int(1)
            lua.stack.push("made \(n)")
            return 1
        }
        lua.register("fail") { _ in throw LuaRaise("no luck") }
        lua.register("fail_here") { _ in throw CocoaError(.featureUnsupported) }
        return lua
    }

    @Test func test_resultsPushedOnTheStatesStack_reachTheCoroutine() throws {
        let lua = try state()
        let values = try lua.evaluate("""
            local co = coroutine.wrap(function(a) local x = make(a); coroutine.yield(x); return make(a + 1), make(a + 2) end)
            local first = co(1)
            local second, third = co()
            return first, second, third, make(9)
            """, chunkName: "=t")
        #expect(values == [.string("made 1"), .string("made 2"), .string("made 3"), .string("made 9")])
    }

    @Test func test_errorsInACoroutine_keepTheCoroutinesLineAndTheFunctionsName() throws {
        let lua = try state()
        let values = try lua.evaluate("""
            local function catch(f) local co = coroutine.create(f); local ok, e = coroutine.resume(co); return e end
            return catch(function()
              make("x")
            end), catch(function() fail() end), catch(function()
              fail_here()
            end)
            """, chunkName: "=t")
        #expect(values.count == 3)
        #expect(values[0] == .string("t:3: bad argument #1 to 'make' (number expected, got string)"))
        #expect(values[1] == .string("no luck"))
        #expect(values[2].stringValue?.hasPrefix("t:5: ") == true, "\(values[2])")
    }

    @Test func test_theMainStackIsLeftAsItWas() throws {
        let lua = try state()
        let before = lua.stack.top
        _ = try lua.evaluate("for i = 1, 1000 do coroutine.wrap(function() make(i); pcall(make, 'x') end)() end", chunkName: "=t")
        #expect(lua.stack.top == before)
    }
}
