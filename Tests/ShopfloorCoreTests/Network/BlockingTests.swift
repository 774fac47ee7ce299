import Testing
@testable import ShopfloorCore

/// Blocking after service (``WhenFull/wait``) and leaving a full line (``WhenFull/leave``), on a deterministic
/// pair: A (one teller, 1 s) → B (one teller, 3 s, line of 1), four customers at A at time 0.
@Suite("Blocking after service")
struct BlockingTests {
    @Test("a full line downstream keeps the customer at their teller until there is room")
    func blocksUntilRoom() throws {
        let (sim, a, b) = try NetworkModels.blockingPair(capacity: 1, whenFull: .wait)
        let trace = Trace()
        trace.install(on: sim)
        _ = try sim.arrive([CustomerSpec(task: a), CustomerSpec(task: a), CustomerSpec(task: a), CustomerSpec(task: a)])
        // c1 at B 1–4; c2 waits at B; c3 done at A at 3, blocked until B takes c2 at 4; A takes c4 at 4, done at 5,
        // blocked until 7.
        try sim.run(until: 3.5)
        #expect(sim.blockedTellers == [0])
        #expect(sim.inService().map(\.state) == [.blocked, .inService])
        try sim.runUntilIdle()
        let starts = trace.lines.filter { $0.hasPrefix("start") }
        #expect(starts == ["start 0.0 1 0", "start 1.0 2 0", "start 1.0 1 1", "start 2.0 3 0", "start 4.0 2 1",
                           "start 4.0 4 0", "start 7.0 3 1", "start 10.0 4 1"])
        let s = sim.summary()
        #expect(s.tasks[b].balked == 0 && s.tasks[b].served == 4 && s.tasks[a].served == 4)
        #expect(s.stations[0].blockedTime == 3)  // 3–4 and 5–7
        let journeys = s.journeys[b]
        #expect(journeys.completed == 4 && journeys.timeInSystem.mean == (4 + 7 + 10 + 13) / 4 && journeys.maxVisits == 2)
        #expect(sim.inSystem == 0 && sim.blockedTellers.isEmpty)
        // Blocked time counts as busy: A was busy 0–7 (4 services and 3 s blocked) out of 13.
        #expect(abs(s.pools[0].busyTime - 7) < 1e-9)
    }

    @Test("with whenFull .leave the customer leaves instead, counted as a balk at the full task")
    func leavesWhenFull() throws {
        let (sim, a, b) = try NetworkModels.blockingPair(capacity: 1, whenFull: .leave)
        let trace = Trace()
        trace.install(on: sim)
        _ = try sim.arrive([CustomerSpec(task: a), CustomerSpec(task: a), CustomerSpec(task: a), CustomerSpec(task: a)])
        try sim.runUntilIdle()
        #expect(trace.lines.contains("balk 3.0 3"))
        let s = sim.summary()
        #expect(s.tasks[b].balked == 1 && s.tasks[b].arrived == 4 && s.tasks[b].served == 3)
        #expect(s.journeys[b].completed == 3 && s.journeys[b].lost == 1)
        #expect(s.stations[0].blockedTime == 0 && sim.inSystem == 0)
    }

    @Test("a blocked customer keeps their teller through a snapshot and restore")
    func blockedStateRestores() throws {
        func make() throws -> (Simulation, Trace) {
            let (sim, a, _) = try NetworkModels.blockingPair(capacity: 0, whenFull: .wait)
            let trace = Trace()
            trace.install(on: sim)
            _ = try sim.arrive([CustomerSpec(task: a), CustomerSpec(task: a), CustomerSpec(task: a)])
            return (sim, trace)
        }
        let (x, traceX) = try make()
        let (y, traceY) = try make()
        try x.run(until: 2.5)
        try y.run(until: 2.5)
        #expect(x.blockedTellers == [0])
        let snapshot = x.snapshot()
        let said = traceX.lines.count
        try x.runUntilIdle()
        try x.restore(snapshot)
        traceX.lines.removeSubrange(said...)
        #expect(x.blockedTellers == [0])
        try x.runUntilIdle()
        try y.runUntilIdle()
        #expect(traceX.lines == traceY.lines)
        #expect(x.summary() == y.summary())
    }
}
