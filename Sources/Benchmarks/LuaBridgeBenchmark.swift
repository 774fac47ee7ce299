import Foundation
import LuaKit

/// The bridge's costs: Swift→Lua through a stored reference, Lua→Swift through the trampoline,
/// opening a sandboxed state, and what the time-budget guard adds.
enum LuaBridgeBenchmark {
    static func run() throws {
        print("Lua bridge (release build, median of 7 runs)")
        print("operation".padding(toLength: 52, withPad: " ", startingAt: 0) + "figure        target")

        // Swift → Lua: a stored function reference, 2 numbers in, 1 out.
        let lua = try LuaState()
        _ = try lua.evaluate("function add(a, b) return a + b end", chunkName: "=bench")
        let add = lua.reference(toGlobal: "add")!
        let calls = 2_000_000
        var sink = 0.0
        let swiftToLua = try Measure.nanosecondsPerOperation(operations: calls) {
            for i in 0..<calls { sink += try add.call(Double(i), 1) ?? 0 }
        }
        Measure.row("Swift→Lua call via reference (2 numbers in, 1 out)", swiftToLua, unit: "ns", target: "≤ 60 ns")

        // Lua → Swift: a registered closure called from a Lua loop (loop cost included).
        var counter = 0
        lua.register("tick") { call in
            counter += 1
            return call.returning(counter)
        }
        try lua.load("local tick = tick for i = 1, \(calls) do tick(i) end", chunkName: "=bench")
        let loop = LuaReference(popping: lua)
        let luaToSwift = try Measure.nanosecondsPerOperation(operations: calls) { _ = try loop.call() }
        Measure.row("Lua→Swift closure call (1 in, 1 out, loop included)", luaToSwift, unit: "ns", target: "≤ 80 ns")

        // A sandboxed state: open, install the sandbox, close.
        let states = 2_000
        let open = try Measure.nanosecondsPerOperation(operations: states) {
            for _ in 0..<states { _ = try LuaState() }
        }
        Measure.row("open a sandboxed state + close", open, unit: "ns", target: "≤ 100 µs")

        // The time-budget guard on a Lua-heavy loop, and on many short entries.
        let heavy = "local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end return fib(27)"
        func heavyLoop(budget: Double) throws -> Double {
            let state = try LuaState(options: .init(timeBudget: budget))
            try state.load(heavy, chunkName: "=fib")
            let f = LuaReference(popping: state)
            return try Measure.nanosecondsPerOperation(operations: 1) { _ = try f.call() }
        }
        let unguarded = try heavyLoop(budget: 0)
        let guarded = try heavyLoop(budget: 10)
        Measure.row("fib(27) in Lua, no budget", unguarded / 1e6, unit: "ms", target: "")
        Measure.row("fib(27) in Lua, 10 s budget guard", guarded / 1e6, unit: "ms", target: "")
        Measure.row("  guard overhead, Lua-heavy loop", (guarded / unguarded - 1) * 100, unit: "%", target: "≤ 10 %")

        func shortEntries(budget: Double) throws -> Double {
            let state = try LuaState(options: .init(timeBudget: budget))
            _ = try state.evaluate("function add(a, b) return a + b end", chunkName: "=bench")
            let f = state.reference(toGlobal: "add")!
            return try Measure.nanosecondsPerOperation(operations: calls) {
                for i in 0..<calls { sink += try f.call(Double(i), 1) ?? 0 }
            }
        }
        let entriesOff = try shortEntries(budget: 0)
        let entriesOn = try shortEntries(budget: 10)
        Measure.row("Swift→Lua call, no budget guard", entriesOff, unit: "ns", target: "")
        Measure.row("  guard overhead per entry", entriesOn - entriesOff, unit: "ns", target: "")
        if sink == -1 { print(sink, counter) }
        try PatternWrapperBenchmark.run()
    }
}

enum StateCostProbe {
    static func run() throws {
        let n = 2000
        let full = try Measure.nanosecondsPerOperation(operations: n) { for _ in 0..<n { _ = try LuaState(options: .init(sandboxed: false, timeBudget: 0)) } }
        let sandNoGuard = try Measure.nanosecondsPerOperation(operations: n) { for _ in 0..<n { _ = try LuaState(options: .init(timeBudget: 0)) } }
        print("full libs no guard", full, "sandbox no guard", sandNoGuard)
    }
}
