import Foundation
import Testing
@testable import LuaKit

/// Runaway scripts stop with a clear error within the budget (plus 2 s of slack), and the state
/// is usable afterwards.
@Suite("Time budget and memory cap", .serialized)
struct LimitTests {
    static let budget = 0.5

    @Test(arguments: [
        "while true do end",
        "coroutine.wrap(function() while true do end end)()",
        "local co = coroutine.create(function() while true do end end); coroutine.resume(co); while true do end",
        "while true do pcall(function() while true do end end) end",
        "while true do pcall(coroutine.wrap(function() while true do end end)) end",
        "local function f() return pcall(f) end while true do f() end",
    ])
    func test_runawayLoop_stopsWithinTheBudget(_ code: String) throws {
        let lua = try LuaState(options: .init(timeBudget: LimitTests.budget))
        let start = Date()
        let error = try #require(throws: LuaError.self) { try lua.evaluate(code, chunkName: "=loop") }
        let elapsed = Date().timeIntervalSince(start)
        #expect(error.kind == .timeBudget)
        // The budget is named, so the message says whether a larger one is the cure.
        #expect(error.message.hasSuffix("script exceeded its time budget (\(LuaStack.format(number: LimitTests.budget)) s per call into Lua)"), "\(error.message)")
        #expect(elapsed >= LimitTests.budget * 0.9)
        #expect(elapsed < LimitTests.budget + 2)
        // The host goes on: the same state runs the next entry at full speed.
        #expect(try lua.evaluate("local s = 0 for i = 1, 1000 do s = s + i end return s", chunkName: "=t") == [.integer(500500)])
    }

    @Test func test_budgetIsPerEntry_notPerState() throws {
        let lua = try LuaState(options: .init(timeBudget: LimitTests.budget))
        _ = try lua.evaluate("function work() local s = 0 for i = 1, 20000 do s = s + i end return s end", chunkName: "=t")
        let work = try #require(lua.reference(toGlobal: "work"))
        let start = Date()
        var calls = 0
        while Date().timeIntervalSince(start) < LimitTests.budget * 2.5 {
            _ = try work.call()
            calls += 1
        }
        #expect(calls > 10)
    }

    @Test func test_memoryBomb_failsCleanly_andTheStateRecovers() throws {
        let lua = try LuaState(options: .init(memoryLimit: 64 << 20))
        let error = try #require(throws: LuaError.self) {
            try lua.evaluate("local t = {} for i = 1, 1e9 do t[i] = i end", chunkName: "=bomb")
        }
        #expect(error.kind == .memory)
        #expect(error.message == "not enough memory (the scripts' memory limit, 64 MB, was reached)")
        #expect(lua.memoryInUse < 64 << 20)
        #expect(try lua.evaluate("return #string.rep('x', 1000)", chunkName: "=t") == [.integer(1000)])
    }

    @Test func test_memoryBomb_isCatchableByPcallInTheScript() throws {
        let lua = try LuaState(options: .init(memoryLimit: 32 << 20))
        let values = try lua.evaluate("return pcall(string.rep, 'x', 1 << 30)", chunkName: "=t")
        #expect(values == [.boolean(false), .string("not enough memory")])
    }
}
