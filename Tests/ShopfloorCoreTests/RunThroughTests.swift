import Testing
@testable import ShopfloorCore

/// `run(until:)` takes each event once, bounded by the time asked (no peek first): an event after that time is put
/// back untouched, whatever the progress guard remembers of earlier runs.
@Suite("run(until:) stops before an event after the time asked")
struct RunThroughTests {
    func counter() throws -> (Simulation, Int) {
        let sim = Simulation(seed: 1)
        let task = try sim.addTask(TaskClass(name: "work", service: .fixed(5)))
        try sim.addTellers(1, skills: [task])
        return (sim, task)
    }

    @Test func test_eventAfterTheTime_staysPending() throws {
        let (sim, task) = try counter()
        _ = try sim.arrive([CustomerSpec(task: task)])
        try sim.run(until: 4.5)
        #expect(sim.now == 4.5)
        #expect(sim.servedTotal == 0)
        try sim.run(until: 5)
        #expect(sim.servedTotal == 1)
    }

    /// The last run ended with an event at 5; after `reset` the first event is again at 5, and a run to 2 must not
    /// take it (the guard's "same instant as the last event" must not skip the bound after the clock went back).
    @Test func test_afterReset_eventAtThePreviousInstant_staysPending() throws {
        let (sim, task) = try counter()
        _ = try sim.arrive([CustomerSpec(task: task)])
        try sim.run(until: 5)
        #expect(sim.servedTotal == 1)
        try sim.reset()
        _ = try sim.arrive([CustomerSpec(task: task)])
        try sim.run(until: 2)
        #expect(sim.now == 2)
        #expect(sim.servedTotal == 0)
        #expect(sim.nextEventTime == 5)
        try sim.run(until: 5)
        #expect(sim.servedTotal == 1)
    }

    /// The same after `restore`: the clock goes back to the snapshot's time.
    @Test func test_afterRestore_eventAtThePreviousInstant_staysPending() throws {
        let (sim, task) = try counter()
        _ = try sim.arrive([CustomerSpec(task: task)])
        let snapshot = sim.snapshot()
        try sim.run(until: 5)
        try sim.restore(snapshot)
        try sim.run(until: 2)
        #expect(sim.now == 2)
        #expect(sim.servedTotal == 0)
        try sim.run(until: 5)
        #expect(sim.servedTotal == 1)
    }
}
