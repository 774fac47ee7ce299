import Foundation
import LuaKit

/// What the guarded string functions (`shim_match.h`) and the sandbox's `setmetatable` (`shim_gc.h`) cost
/// per call from Lua: a state without a time budget has the library's own functions, one with a budget the
/// wrappers. The loop runs inside Lua; the empty loop's cost is subtracted. The slow path (the library in a
/// protected call with a message handler, taken when an argument may be refused) is measured by passing
/// `init` as a string, which the fast path leaves to it.
enum PatternWrapperBenchmark {
    static let iterations = 2_000_000

    static func perCall(_ body: String, budget: Double) throws -> Double {
        let state = try LuaState(options: .init(timeBudget: budget))
        _ = try state.evaluate("""
            s = "order 12345 of item x at counter 7"
            mt = { __index = {} }
            """, chunkName: "=setup")
        func loop(_ inner: String) throws -> Double {
            try state.load("""
                local s, find, match, setmetatable, mt = s, string.find, string.match, setmetatable, mt
                for i = 1, \(iterations) do \(inner) end
                """, chunkName: "=bench")
            let f = LuaReference(popping: state)
            return try Measure.nanosecondsPerOperation(operations: iterations, repetitions: 5) { _ = try f.call() }
        }
        return try loop(body) - loop("")
    }

    static func run() throws {
        print("")
        print("String-pattern and setmetatable wrappers (ns per call from Lua, median of 5)")
        print("call".padding(toLength: 52, withPad: " ", startingAt: 0) + "library       wrapper")
        let calls: [(String, String)] = [
            ("string.find(s, \"x\", 1, true)", "find(s, \"x\", 1, true)"),
            ("s:match(\"(%d+)\")", "s:match(\"(%d+)\")"),
            ("s:find(\"x\", \"1\", true) (slow path: init a string)", "find(s, \"x\", \"1\", true)"),
            ("setmetatable({}, mt) (no __gc)", "setmetatable({}, mt)"),
        ]
        for (name, body) in calls {
            let library = try perCall(body, budget: 0)
            let wrapped = try perCall(body, budget: 10)
            print(name.padding(toLength: 52, withPad: " ", startingAt: 0)
                  + String(format: "%.1f ns", library).padding(toLength: 14, withPad: " ", startingAt: 0)
                  + String(format: "%.1f ns (%+.1f)", wrapped, wrapped - library))
        }
    }
}
