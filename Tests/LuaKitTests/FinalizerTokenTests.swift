import Foundation
import Testing
@testable import LuaKit

/// Scripts' `__gc` finalizers go through tokens (shim_gc.h) so that one run by a collection step outside any
/// entry is watched: Lua's semantics must not change (manual §2.5.3): finalizers run in reverse order of
/// marking, the `__gc` called is the one in the metatable at finalization time, a metatable given without
/// `__gc` later calls nothing, a second `__gc` metatable does not finalize twice, resurrection works.
@Suite("Finalizers through tokens keep Lua's semantics")
struct FinalizerTokenTests {
    final class Lines: @unchecked Sendable { var all: [String] = [] }

    static func state() throws -> (LuaState, Lines) {
        let lua = try LuaState(options: .init(timeBudget: 5))
        let lines = Lines()
        lua.output = { lines.all.append($0) }
        return (lua, lines)
    }

    @Test func test_collect_runsFinalizersInReverseOrderOfMarking_withTheCurrentGc() throws {
        let (lua, lines) = try FinalizerTokenTests.state()
        _ = try lua.evaluate("""
            -- Kept until the chunk ends: garbage at once, a collection step the chunk's allocations happen to take
            -- could finalize them before the others exist (seen once in CI under load), and the order tested is
            -- that of one collection.
            local keep = {}
            for i = 1, 3 do keep[i] = setmetatable({}, { __gc = function() print("gc", i) end }) end
            local mt = { __gc = function() print("first") end }
            local x = setmetatable({ name = "x" }, mt)
            mt.__gc = function(o) print("reassigned", o.name) end
            local y = setmetatable({}, { __gc = function() print("y") end })
            setmetatable(y, {})
            local z = setmetatable({}, { __gc = function() print("z1") end })
            setmetatable(z, { __gc = function() print("z2") end })
            local late = setmetatable({}, {})
            getmetatable(late).__gc = function() print("never") end
            """, chunkName: "=t")
        lua.collectGarbage()
        #expect(lines.all == ["z2\n", "reassigned\tx\n", "gc\t3\n", "gc\t2\n", "gc\t1\n"])
    }

    @Test func test_resurrection_keepsTheObject_andANewMetatableFinalizesItAgain() throws {
        let (lua, lines) = try FinalizerTokenTests.state()
        _ = try lua.evaluate("""
            local mt
            mt = { __gc = function(o)
              print("finalized", o.n)
              o.n = o.n + 1
              saved = o
              if o.n < 3 then setmetatable(o, mt) end
            end }
            setmetatable({ n = 1 }, mt)
            """, chunkName: "=t")
        lua.collectGarbage()
        #expect(try lua.evaluate("local s = saved saved = nil return s.n", chunkName: "=n") == [.integer(2)])
        lua.collectGarbage()
        lua.collectGarbage()
        #expect(lines.all == ["finalized\t1\n", "finalized\t2\n"])
    }

    @Test func test_setmetatable_keepsItsChecksAndMessages() throws {
        let (lua, _) = try FinalizerTokenTests.state()
        let answers = try lua.evaluate("""
            local p = setmetatable({}, { __metatable = "locked" })
            local a = { pcall(setmetatable, p, { __gc = print }) }
            local b = { pcall(setmetatable, {}, 1) }
            local t = {}
            return a[2], b[2], setmetatable(t, nil) == t, getmetatable(setmetatable({}, { __gc = print })).__gc == print
            """, chunkName: "=t")
        #expect(answers == [.string("cannot change a protected metatable"),
                            .string("bad argument #2 to 'setmetatable' (nil or table expected, got number)"), .boolean(true), .boolean(true)])
    }

    @Test func test_errorInAFinalizer_isAWarningOnly() throws {
        let (lua, lines) = try FinalizerTokenTests.state()
        _ = try lua.evaluate("""
            setmetatable({}, { __gc = function() print("after") end })
            setmetatable({}, { __gc = function() error("boom") end })
            """, chunkName: "=t")
        lua.collectGarbage()
        #expect(lines.all == ["after\n"])
        #expect(try lua.evaluate("return 1 + 1", chunkName: "=n") == [.integer(2)])
    }
}
