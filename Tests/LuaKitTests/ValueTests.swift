import Testing
@testable import LuaKit

@Suite("Values cross the bridge both ways")
struct ValueTests {
    @Test func test_scalarsRoundTrip_throughLua() throws {
        let lua = try LuaState()
        lua.setGlobal("b", to: true)
        lua.setGlobal("i", to: 42)
        lua.setGlobal("d", to: 2.5)
        lua.setGlobal("s", to: "예금 deposit")
        let values = try lua.evaluate("return b, i, d, s, nil, math.type(i), math.type(d)", chunkName: "=test")
        #expect(values == [.boolean(true), .integer(42), .number(2.5), .string("예금 deposit"), .nil,
                           .string("integer"), .string("float")])
    }

    @Test func test_arraysAndDictionaries_pushAndReadBack() throws {
        let lua = try LuaState()
        lua.setGlobal("xs", to: [3, 1, 2])
        lua.setGlobal("stock", to: ["banana": 10, "kiwi": 3])
        let sum = try lua.evaluate("return xs[1] + xs[2] + xs[3], #xs, stock.banana + stock.kiwi", chunkName: "=test")
        #expect(sum == [.integer(6), .integer(3), .integer(13)])

        _ = try lua.evaluate("names = {'a', 'b'}; counts = {x = 1.5, y = 2}", chunkName: "=test")
        lua.getGlobal("names")
        #expect([String].read(from: lua.stack, at: -1) == ["a", "b"])
        lua.stack.pop()
        lua.getGlobal("counts")
        #expect([String: Double].read(from: lua.stack, at: -1) == ["x": 1.5, "y": 2])
        #expect([String: String].read(from: lua.stack, at: -1) == nil)
        lua.stack.pop()
        #expect(lua.stack.top == 0)
    }

    @Test func test_tablesRead_inSortedKeyOrder() throws {
        let lua = try LuaState()
        let values = try lua.evaluate("return {zeta = 1, alpha = 2, [3] = 'c', [1] = 'a', mid = {y = 1, x = 2}, [true] = 0}", chunkName: "=t")
        let table = try #require(values.first?.tableValue)
        #expect(table.sortedEntries.map(\.key.description) == ["1", "3", "alpha", "mid", "zeta", "true"])
        #expect(table.description == "{1 = a, 3 = c, alpha = 2, mid = {x = 2, y = 1}, zeta = 1, true = 0}")
    }

    @Test func test_cyclicTable_isReadWithoutLooping() throws {
        let lua = try LuaState()
        let values = try lua.evaluate("local t = {name = 'loop'}; t.self = t; return t", chunkName: "=t")
        let table = try #require(values.first?.tableValue)
        #expect(table["name"] == .string("loop"))
        #expect(table["self"]?.typeName == "table")
        #expect(table["self"]?.tableValue == nil)
    }

    @Test func test_floatsPrint_asLuaPrintsThem() {
        #expect(LuaStack.format(number: 0.1) == "0.1")
        #expect(LuaStack.format(number: 3) == "3.0")
        #expect(LuaStack.format(number: 1e100) == "1e+100")
        #expect(LuaStack.format(number: -.infinity) == "-inf")
    }

    @Test func test_evaluateLine_printsExpressionsLikeTheLuaPrompt() throws {
        let lua = try LuaState()
        #expect(try lua.evaluateLine("1 + 1", chunkName: "=(command line)") == ["2"])
        #expect(try lua.evaluateLine("x = 5", chunkName: "=(command line)") == [])
        #expect(try lua.evaluateLine("x, 'a', nil, 0.5", chunkName: "=(command line)") == ["5", "a", "nil", "0.5"])
        let described = try lua.evaluateLine("setmetatable({}, {__tostring = function() return 'custom' end})", chunkName: "=c")
        #expect(described == ["custom"])
    }
}
