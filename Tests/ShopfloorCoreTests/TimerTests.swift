import Testing
@testable import ShopfloorCore

/// Core timers: when they fire, in which order with other events, and which keep an idle run alive.
@Suite("Timers")
struct TimerTests {
    /// One teller, fixed 1 s services, customers arriving by hand.
    func counter() throws -> (Simulation, Trace) {
        let sim = Simulation(seed: 1)
        let task = try sim.addTask(TaskClass(name: "work", service: .fixed(1)))
        try sim.addTellers(1, skills: [task])
        let trace = Trace()
        trace.install(on: sim)
        return (sim, trace)
    }

    @Test("a one-shot timer fires once at its time; a repeating one at from + k·interval up to `to`, without drift")
    func firingTimes() throws {
        let (sim, _) = try counter()
        var times: [Double] = []
        try sim.addTimer(at: 2.5) { sim, _ in times.append(sim.now) }
        var ticks: [Double] = []
        try sim.addTimer(every: 0.1, from: 1, to: 2) { sim, _ in ticks.append(sim.now) }
        try sim.run(until: 10)
        #expect(times == [2.5])
        #expect(ticks == (0...10).map { 1 + Double($0) * 0.1 })
        #expect(sim.liveTimerCount == 0)
    }

    @Test("at one instant, events fire in the order they were scheduled; a repeat is scheduled when it fires")
    func tieBreak() throws {
        let (sim, trace) = try counter()
        try sim.addTimer(at: 1) { _, _ in trace.lines.append("timer A") }
        _ = try sim.arrive(CustomerSpec(task: 0))            // finishes at 1, scheduled after timer A
        try sim.addTimer(at: 1) { _, _ in trace.lines.append("timer B") }
        try sim.addTimer(every: 1, to: 2) { _, _ in trace.lines.append("tick") }  // at 1 and 2
        try sim.addTimer(at: 2) { _, _ in trace.lines.append("timer C") }        // before the tick at 2: scheduled first
        try sim.run(until: 3)
        #expect(trace.lines == ["arrive 0.0 1 0", "start 0.0 1 0", "timer A", "finish 1.0 1 0", "timer B", "tick",
                                "timer C", "tick"])
    }

    @Test("cancelled timers never fire, from outside or from their own action; an old id cancels nothing")
    func cancelling() throws {
        let (sim, _) = try counter()
        var fired = 0
        let once = try sim.addTimer(at: 1) { _, _ in fired += 100 }
        #expect(sim.cancelTimer(once))
        #expect(!sim.cancelTimer(once))
        try sim.addTimer(every: 1) { sim, me in
            fired += 1
            if fired == 3 { sim.cancelTimer(me) }
        }
        let reused = try sim.addTimer(at: 50) { _, _ in fired += 1000 }  // may take the freed slot
        #expect(!sim.cancelTimer(once) && sim.isLive(reused))
        try sim.run(until: 100)
        #expect(fired == 1003)
    }

    @Test("a repeating timer without `to` does not keep the idle rule from firing, nor move the clock past the last event")
    func backgroundTimerDoesNotKeepRunAlive() throws {
        let (sim, _) = try counter()
        var samples = 0
        try sim.addTimer(every: 0.25) { _, _ in samples += 1 }
        _ = try sim.arrive([CustomerSpec(task: 0), CustomerSpec(task: 0)])
        #expect(try sim.runUntilIdle())
        #expect(sim.now == 2)           // the last finish, not a sampler's tick
        // 0.25 … 1.75: the tick at 2.0 was scheduled at 1.75, after the last finish (scheduled at 1.0), so it comes
        // after it, when only background work is left: it does not fire.
        #expect(samples == 7)
        #expect(sim.isIdle)
    }

    @Test("a run until N served stops when only background timers are left, instead of ticking for ever")
    func untilServedStopsOnBackgroundOnly() throws {
        let (sim, _) = try counter()
        try sim.addTimer(every: 1) { _, _ in }
        _ = try sim.arrive([CustomerSpec(task: 0), CustomerSpec(task: 0)])
        try sim.run(untilServed: 10)          // only 2 will ever be served
        #expect(sim.now == 2 && sim.servedTotal == 2)
        try sim.run(untilMeasuredServed: 10)
        #expect(sim.now == 2)
        #expect(try sim.runEvents { false })
        #expect(sim.now == 2)
    }

    @Test("a served customer's patience does not keep the clock running; a bounded repeat and a one-shot do")
    func whatKeepsARunAlive() throws {
        let (sim, _) = try counter()
        _ = try sim.arrive(CustomerSpec(task: 0, patience: 100))  // served at once: the renege at 100 is stale
        #expect(try sim.runUntilIdle())
        #expect(sim.now == 1)

        let (bounded, _) = try counter()
        var ticks = 0
        try bounded.addTimer(every: 1, to: 5) { _, _ in ticks += 1 }
        #expect(try bounded.runUntilIdle())
        #expect(bounded.now == 5 && ticks == 5)

        let (background, _) = try counter()
        try background.addTimer(at: 7, keepsRunAlive: false) { _, _ in Issue.record("background one-shot fired") }
        #expect(try background.runUntilIdle())
        #expect(background.now == 0)
        try background.run(until: 6)   // a time limit still fires background timers up to it
    }

    @Test("a timer's action that throws stops the run consistently; the run goes on afterwards")
    func throwingAction() throws {
        struct Boom: Error {}
        let (sim, trace) = try counter()
        try sim.addTimer(at: 0.5) { sim, _ in
            _ = try sim.arrive(CustomerSpec(task: 0))
            throw Boom()
        }
        _ = try sim.arrive(CustomerSpec(task: 0))
        #expect(throws: CoreError.self) { try sim.run(until: 5) }
        #expect(sim.now == 0.5)
        try sim.run(until: 5)
        #expect(trace.finished.count == 2 && trace.finished.values.allSatisfy { $0 == 1 })
    }

    @Test("bad timer arguments are refused with the value quoted")
    func badArguments() throws {
        let (sim, _) = try counter()
        try sim.run(until: 3)
        #expect(throws: CoreError.self) { try sim.addTimer(at: 2) { _, _ in } }
        #expect(throws: CoreError.self) { try sim.addTimer(every: 0) { _, _ in } }
        #expect(throws: CoreError.self) { try sim.addTimer(every: .nan) { _, _ in } }
        #expect(throws: CoreError.self) { try sim.addTimer(every: 1e-10, from: 1e10, to: 1e10 + 1) { _, _ in } }
        #expect(throws: CoreError.self) { try sim.addTimer(every: 1, from: 1e308) { _, _ in } }
        #expect(throws: CoreError.self) { try sim.addTimer(every: 1, from: 5, to: 4) { _, _ in } }
        do { try sim.addTimer(every: -2) { _, _ in } } catch { #expect("\(error)".contains("got -2")) }
    }

    @Test("the event observer sees every event after its change, and nothing when not installed")
    func eventObserver() throws {
        let (sim, _) = try counter()
        var seen: [(EventKind, Int)] = []
        sim.observers.onEventDone = { event, sim in seen.append((event.kind, sim.inSystem)) }
        _ = try sim.arrive([CustomerSpec(task: 0), CustomerSpec(task: 0)])
        try sim.addTimer(at: 1.5) { _, _ in }
        _ = try sim.runUntilIdle()
        #expect(seen.map(\.0) == [.finish, .timedCall, .finish])
        #expect(seen.map(\.1) == [1, 1, 0])
    }

    @Test("an id from before a reset names no timer made after it: it is not live, and cancelling it cancels nothing")
    func idsAcrossAReset() throws {
        let (sim, _) = try counter()
        let old = try (0..<3).map { _ in try sim.addTimer(at: 5) { _, _ in } }
        try sim.reset()
        #expect(old.allSatisfy { !sim.isLive($0) })
        var fired = 0
        let new = try (0..<3).map { _ in try sim.addTimer(at: 1) { _, _ in fired += 1 } }
        #expect(old.allSatisfy { !sim.isLive($0) && !sim.cancelTimer($0) })
        #expect(new.allSatisfy { sim.isLive($0) })
        try sim.run(until: 2)
        #expect(fired == 3)
    }
}
