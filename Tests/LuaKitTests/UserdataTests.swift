import Testing
@testable import LuaKit

/// A Swift object shown to Lua, counting its own deinit.
final class Counter {
    var value = 0
    let onDeinit: () -> Void
    init(onDeinit: @escaping () -> Void = {}) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

@Suite("Swift objects as userdata")
struct UserdataTests {
    static let counterClass = LuaClass<Counter>(name: "test.Counter")

    func define(in lua: LuaState) {
        let cls = UserdataTests.counterClass
        cls.define(in: lua, methods: [
            "add": .takes(2) { call in
                let counter = try call.object(1, as: cls)
                counter.value += try call.int(2)
                return call.returning(counter.value)
            },
        ], tostring: { "counter(\($0.value))" }, index: { counter, key in
            key == "value" ? .integer(counter.value) : nil
        })
    }

    @Test func test_methodsFieldsAndTostring_work() throws {
        let lua = try LuaState()
        define(in: lua)
        let counter = Counter()
        lua.stack.push(object: counter, as: UserdataTests.counterClass)
        lua.setGlobal("c")
        let values = try lua.evaluate("c:add(2); c:add(3); return c.value, tostring(c), c.missing, getmetatable(c)", chunkName: "=t")
        #expect(values == [.integer(5), .string("counter(5)"), .nil, .boolean(false)])
        #expect(counter.value == 5)
    }

    @Test func test_wrongSelf_isABadArgument() throws {
        let lua = try LuaState()
        define(in: lua)
        lua.stack.push(object: Counter(), as: UserdataTests.counterClass)
        lua.setGlobal("c")
        let values = try lua.evaluate("return select(2, pcall(function() return c.add({}, 1) end))", chunkName: "=t")
        #expect(values == [.string("t:1: bad argument #1 to 'add' (test.Counter expected, got table)")])
    }

    @Test func test_surplusArgument_isABadArgumentNamingItsValue() throws {
        let lua = try LuaState()
        define(in: lua)
        let counter = Counter()
        lua.stack.push(object: counter, as: UserdataTests.counterClass)
        lua.setGlobal("c")
        let values = try lua.evaluate("""
            local _, a = pcall(function() c:add(1, 5) end)
            local _, b = pcall(function() c:add(1, nil, "x") end)
            c:add(2, nil)
            return a, b
            """, chunkName: "=t")
        #expect(values == [.string("t:1: bad argument #2 to 'add' (no argument expected here, got 5)"),
                           .string("t:2: bad argument #3 to 'add' (no argument expected here, got 'x')")])
        #expect(counter.value == 2, "a refused call runs nothing; a trailing nil is no argument")
    }

    @Test func test_collectedUserdata_releasesTheSwiftObject() throws {
        var deinits = 0
        let lua = try LuaState()
        define(in: lua)
        do {
            lua.stack.push(object: Counter { deinits += 1 }, as: UserdataTests.counterClass)
            lua.setGlobal("c")
        }
        #expect(deinits == 0)
        _ = try lua.evaluate("c = nil", chunkName: "=t")
        lua.collectGarbage()
        #expect(deinits == 1)
    }

    @Test func test_closingTheState_releasesEverything() throws {
        var deinits = 0
        do {
            let lua = try LuaState()
            define(in: lua)
            lua.stack.push(object: Counter { deinits += 1 }, as: UserdataTests.counterClass)
            lua.setGlobal("c")
            let captured = Counter { deinits += 1 }
            lua.register("peek") { call in call.returning(captured.value) }
        }
        #expect(deinits == 2)
    }

    @Test func test_references_callStoredFunctionsLater() throws {
        let lua = try LuaState()
        _ = try lua.evaluate("function gap(rate, u) return -math.log(1 - u) / rate end; function pair(a) return a, a * 2 end", chunkName: "=t")
        let gap = try #require(lua.reference(toGlobal: "gap"))
        let value = try #require(try gap.call(2.0, 0.5))
        #expect(abs(value - 0.34657359027997264) < 1e-12)
        let pair = try #require(lua.reference(toGlobal: "pair"))
        #expect(try pair.call([.integer(21)]) == [.integer(21), .integer(42)])
        #expect(lua.reference(toGlobal: "nothing") == nil)
        #expect(lua.stack.top == 0)
    }
}
