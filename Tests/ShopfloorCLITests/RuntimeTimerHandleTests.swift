import Foundation
import Testing
import LuaKit
@testable import ShopfloorScripting

/// A timer or process declared while the world runs (from a hook, a timer or a process) is kept only while it may
/// still fire or run. Every one used to be kept for the world's lifetime, a handle per call: a scenario whose arrive
/// hook sets a timer grew by one per customer, one whose hook starts a process by its coroutine (~1.5 KB each). The
/// pending ones are still found by a zero-time loop's error (TimerZeroTimeLoopTests), a rollback brings back those
/// it brings the timers of, and a reload still matches only the load's declarations.
@Suite("Timers declared during a run are kept only while pending")
struct RuntimeTimerHandleTests {
    /// Open arrivals and `hook` as the arrive hook; an `every` and a `process` at load; served 10,000 customers.
    static func world(hook: String, served: Int = 10_000) throws -> World {
        let folder = try TemporaryFolder()
        let file = folder.write("s.lua", TimeScenario.bank(customers: 0, service: "0.5", """
            counter:arrivals { rate = 1, mix = { deposit = 1 } }
            fired = 0
            counter:on("arrive", function() \(hook) end)
            shopfloor.every(10, function() end)
            shopfloor.process(function() shopfloor.wait(1); shopfloor.process(function() end) end)
            shopfloor.stop { served = \(served) }
            """))
        return try Scenario.load(file, options: ScenarioOptions())
    }

    @Test(arguments: [
        "shopfloor.at(shopfloor.now() + 0.5, function() fired = fired + 1 end)",
        "shopfloor.process(function() shopfloor.wait(0.5); fired = fired + 1 end)",
    ])
    func test_aTimerOrProcessPerCustomer_keepsABoundedNumberOfHandles(hook: String) throws {
        let world = try Self.world(hook: hook)
        #expect(world.time.declared.count == 2)  // the load's `every` and `process`
        try Scenario.run(world, progress: { _ in })
        let fired = try #require(world.lua.global("fired").intValue)
        #expect(fired >= 10_000, "a timer or process per arrival ran")
        // Each ends within 0.5 s of its customer's arrival: only a handful are pending at any time, so the list
        // stays at its smallest size (the sweep runs at 64), not at the 10,000 declared.
        #expect(world.time.duringRun.handles.count <= 2 * LiveTimeHandles.smallest, "\(world.time.duringRun.handles.count) kept")
        #expect(world.time.declared.count == 2, "the \(fired) from the hook and the nested process are not kept for a reload")
    }

    /// Pending ones stay: an arrival's timer set far ahead is not dropped by the sweeps the others cause.
    @Test func test_pendingHandles_areKept() throws {
        let world = try Self.world(hook: "shopfloor.at(shopfloor.now() + (counter:stats().arrived % 100 == 0 and 1e6 or 0.5), function() end)",
                                   served: 1_000)
        try Scenario.run(world, progress: { _ in })
        let pending = world.time.duringRun.handles.filter(\.isActive).count
        #expect(pending >= 10, "the far timers of customers 100, 200, …: \(pending)")
        #expect(world.time.duringRun.handles.count <= max(LiveTimeHandles.smallest, 2 * pending) + 1)
    }

    /// A timer that sets itself again at the same instant, set during a run after thousands of others (past many
    /// sweeps), is still named at its line.
    @Test func test_aZeroTimeLoop_fromATimerSetDuringALongRun_isNamed() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 0, service: "0.5", """
            counter:arrivals { rate = 1, mix = { deposit = 1 } }
            local function again() shopfloor.at(shopfloor.now(), again) end
            counter:on("arrive", function(c)
              shopfloor.at(shopfloor.now() + 0.5, function() end)
              if c.number == 5000 then shopfloor.at(shopfloor.now() + 1, again) end
            end)
            shopfloor.stop { served = 10000 }
            """), ["--max-events-per-instant", "1000"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:6: timer: no progress: 1000 events at simulated time "), "\(r.stderr)")
    }

    /// A rollback brings back the handles with their timers: one the sweep dropped after its timer was cancelled
    /// is pending again once the world is back, and is found among the kept ones.
    @Test func test_aRollback_bringsBackTheHandlesOfTheTimersItBringsBack() throws {
        let world = try Self.world(hook: "last = shopfloor.at(shopfloor.now() + 1e6, function() end)", served: 10)
        try Scenario.run(world, progress: { _ in })
        let before = world.time.duringRun.handles.filter(\.isActive)  // the arrivals' timers (a nested process ended)
        #expect(before.count >= 10)
        do {
            try world.transaction { _ in
                for handle in before { handle.cancel() }
                // A run of 200 more arrivals, each declaring a timer: enough to sweep the cancelled ones away.
                _ = try world.lua.evaluate("shopfloor.counter('bank'):run { until = shopfloor.now() + 200 }", chunkName: "=test")
                #expect(!world.time.duringRun.handles.contains { $0 === before[0] })
                struct Undo: Error {}
                throw Undo()
            }
        } catch {}
        let after = world.time.duringRun.handles
        #expect(before.allSatisfy { handle in after.contains { $0 === handle } && handle.isActive }, "the timers and their handles are back")
    }
}
