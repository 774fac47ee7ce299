import Testing
@testable import ShopfloorCore

/// Pools whose size follows a schedule or a callback: breaks, shifts, who leaves and how.
@Suite("Pool schedules")
struct PoolScheduleTests {
    /// M/M/c, traced.
    func mmc(seed: UInt64, servers: Int = 3, schedule: [(at: Double, count: Int)]? = nil) throws -> (Simulation, Trace) {
        let sim = Simulation(seed: seed)
        let task = try sim.addTask(TaskClass(name: "work", service: .exponential(mean: 1), patience: .exponential(mean: 4)))
        let pool = try sim.addTellers(servers, skills: [task])
        try sim.addArrivals(.poisson(rate: 2.4, mix: TaskMix([(task, 1)])))
        if let schedule { try sim.setPoolSchedule(pool, schedule) }
        let trace = Trace()
        trace.install(on: sim)
        try sim.startArrivals()
        return (sim, trace)
    }

    @Test("M/M/c with a constant schedule: the same events, in the same order, and the same summary", arguments: [UInt64(1), 2, 3])
    func constantScheduleChangesNothing(seed: UInt64) throws {
        let (plain, plainTrace) = try mmc(seed: seed)
        let (scheduled, scheduledTrace) = try mmc(seed: seed, schedule: [(0, 3), (100, 3), (250, 3)])
        // Every event processed (time, kind, payload), not only the customers': the schedule's own steps aside.
        var plainEvents: [String] = [], scheduledEvents: [String] = []
        plain.observers.onEventDone = { e, _ in plainEvents.append("\(e.time) \(e.kind) \(e.payload)") }
        scheduled.observers.onEventDone = { e, _ in
            if e.kind != .poolChange { scheduledEvents.append("\(e.time) \(e.kind) \(e.payload)") }
        }
        try plain.run(until: 500)
        try scheduled.run(until: 500)
        #expect(plainTrace.lines.count > 1000 && plainEvents.count > 1500)
        #expect(plainEvents == scheduledEvents)
        #expect(plainTrace.lines == scheduledTrace.lines)
        #expect(plain.summary() == scheduled.summary())
    }

    /// One pool of 2, fixed 1 s services, a customer every 0.5 s until the door closes.
    func bank(leaving: TellerLeaving) throws -> (Simulation, Trace, Int) {
        let sim = Simulation(seed: 9)
        let task = try sim.addTask(TaskClass(name: "work", service: .fixed(1)))
        let pool = try sim.addTellers(2, skills: [task])
        let trace = Trace()
        trace.install(on: sim)
        return (sim, trace, pool)
    }

    @Test("a teller leaving finishes the customer in service first, then is away until the schedule brings them back")
    func breakAfterService() throws {
        let (sim, trace, pool) = try bank(leaving: .afterService)
        _ = try sim.arrive([CustomerSpec(task: 0), CustomerSpec(task: 0), CustomerSpec(task: 0), CustomerSpec(task: 0)])
        try sim.run(until: 0.5)
        try sim.setPoolSchedule(pool, [(0.5, 1), (5, 2)])          // teller 2 (index 1) leaves at 0.5, back at 5
        #expect(sim.tellers[1].isBusy && !sim.tellers[1].isAway)   // finishing its customer first
        try sim.run(until: 1)
        #expect(sim.tellers[1].isAway && !sim.tellers[1].isBusy)
        // Customers 3 and 4 are served by teller 1 alone: 1–2 and 2–3.
        try sim.run(until: 4)
        #expect(trace.lines.filter { $0.hasPrefix("start") } == ["start 0.0 1 0", "start 0.0 2 1", "start 1.0 3 0", "start 2.0 4 0"])
        // Utilisation over [0, 4]: busy 3 + 1 teller-seconds; present 2 × 1 + 1 × 3 = 5 teller-seconds.
        #expect(abs(sim.summary().pools[0].utilisation - 4.0 / 5.0) < 1e-12)
        #expect(sim.pools[0].presentCount == 1)
        try sim.run(until: 6)
        #expect(!sim.tellers[1].isAway && sim.pools[0].presentCount == 2)
    }

    @Test("handing back: the customer returns to the head of the line, is served once, and their wait is measured once")
    func handBack() throws {
        let (sim, trace, pool) = try bank(leaving: .handBack)
        _ = try sim.arrive([CustomerSpec(task: 0), CustomerSpec(task: 0), CustomerSpec(task: 0)])
        try sim.run(until: 0.5)
        try sim.setPoolSize(pool, to: 1, leaving: .handBack)      // teller 2 leaves now; customer 2 goes back first
        #expect(sim.waiting(inLine: 0).map(\.number) == [2, 3])
        try sim.run(until: 10)
        #expect(trace.lines.filter { $0.hasPrefix("start") } == ["start 0.0 1 0", "start 0.0 2 1", "start 1.0 2 0", "start 2.0 3 0"])
        #expect(trace.finished == [1: 1, 2: 1, 3: 1])
        let s = sim.summary().tasks[0]
        #expect(s.served == 3 && s.wait.count == 3)
        #expect(abs(s.wait.mean - 2.0 / 3.0) < 1e-12)             // waits 0, 0 (first start), 2
    }

    @Test("a customer handed back keeps their place in a full line; arrivals meanwhile balk")
    func handBackIntoAFullLine() throws {
        let sim = Simulation(seed: 9)
        let task = try sim.addTask(TaskClass(name: "work", service: .fixed(1), capacity: 1))
        let pool = try sim.addTellers(1, skills: [task])
        _ = try sim.arrive([CustomerSpec(task: task), CustomerSpec(task: task)])   // one served, one waits: full
        try sim.setPoolSize(pool, to: 0, leaving: .handBack)
        #expect(sim.waiting(inLine: task).map(\.number) == [1, 2])
        _ = try sim.arrive(CustomerSpec(task: task))
        try sim.setPoolSize(pool, to: 1)
        _ = try sim.runUntilIdle()
        let s = sim.summary().tasks[0]
        #expect(s.served == 2 && s.balked == 1 && sim.inSystem == 0)
    }

    @Test("with customers waiting for a teller back from a break, the idle rule waits for the schedule; without, it does not")
    func scheduleKeepsAliveOnlyWhileCustomersWait() throws {
        let (sim, _, pool) = try bank(leaving: .afterService)
        try sim.setPoolSchedule(pool, [(0, 0), (10, 2), (20, 1)])
        _ = try sim.arrive(CustomerSpec(task: 0))
        #expect(try sim.runUntilIdle())
        #expect(sim.now == 11)   // waited for the tellers at 10, served 10–11; the step at 20 does not stretch the end

        let (empty, _, emptyPool) = try bank(leaving: .afterService)
        try empty.setPoolSchedule(emptyPool, [(0, 2), (30, 1)])
        #expect(try empty.runUntilIdle())
        #expect(empty.now == 0)
    }

    @Test("sizes out of range and schedules out of order are refused, quoting the value")
    func badSchedules() throws {
        let (sim, _, pool) = try bank(leaving: .afterService)
        #expect(throws: CoreError.self) { try sim.setPoolSize(pool, to: 3) }
        #expect(throws: CoreError.self) { try sim.setPoolSize(pool, to: -1) }
        #expect(throws: CoreError.self) { try sim.setPoolSchedule(pool, [(5, 1), (4, 2)]) }
        #expect(throws: CoreError.self) { try sim.setPoolSchedule(7, [(5, 1)]) }
        do { try sim.setPoolSize(pool, to: 3) } catch { #expect("\(error)".contains("got 3")) }
    }

    @Test("random breaks over many seeds keep every invariant: nobody lost or served twice")
    func randomBreaksKeepInvariants() throws {
        for seed in UInt64(0)..<30 {
            let (sim, trace) = try mmc(seed: seed)
            var rng = Xoshiro256StarStar(seed: seed)
            for k in 0..<20 {
                let leaving: TellerLeaving = rng.uniform() < 0.5 ? .afterService : .handBack
                try sim.addTimer(at: Double(k) * 3 + rng.uniform()) { sim, _ in
                    try sim.setPoolSize(0, to: rng.int(0, 3), leaving: leaving)
                }
            }
            try sim.run(until: 70)
            try sim.setPoolSize(0, to: 3)
            try sim.stopArrivals()
            _ = try sim.runUntilIdle()
            #expect(trace.finished.values.allSatisfy { $0 == 1 }, "seed \(seed)")
            let s = sim.summary().tasks[0]
            #expect(s.arrived == s.served + s.reneged + s.balked, "seed \(seed)")
            #expect(sim.inSystem == 0)
        }
    }
}
