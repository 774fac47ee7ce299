import Testing
@testable import ShopfloorCore

/// Opening hours: the door closes, arrivals stop and later ones are refused, those inside are served.
@Suite("Opening hours")
struct DoorTests {
    @Test("after closing time nobody arrives, late customers are refused (not balked), those inside are served, close comes last")
    func doorCloses() throws {
        let sim = Simulation(seed: 4)
        let task = try sim.addTask(TaskClass(name: "work", service: .exponential(mean: 0.9)))
        try sim.addTellers(1, skills: [task])
        try sim.addArrivals(.poisson(rate: 1, mix: TaskMix([(task, 1)])))
        try sim.closeDoor(at: 60)
        var lastFinish = 0.0, closedAt = -1.0
        sim.observers.onFinish = { e in lastFinish = e.time }
        sim.observers.onArrive = { e in #expect(e.time <= 60) }
        sim.observers.onClose = { sim in closedAt = sim.now }
        try sim.addTimer(at: 61) { sim, _ in
            let number = try sim.arrive(CustomerSpec(task: 0))
            #expect(number == 0)
        }
        try sim.startArrivals()
        #expect(try sim.runUntilIdle())
        #expect(sim.isDoorClosed)
        let s = sim.summary()
        #expect(s.tasks[0].refused == 1 && s.balked == 0 && s.arrived == s.served)
        #expect(closedAt == lastFinish && closedAt >= 60)
        try sim.startArrivals()   // closed for the day: no arrivals start again
        #expect(sim.isIdle)
    }

    @Test("a door closing after everyone has left does not stretch the run")
    func lateClosingTime() throws {
        let sim = Simulation(seed: 4)
        let task = try sim.addTask(TaskClass(name: "work", service: .fixed(1)))
        try sim.addTellers(1, skills: [task])
        _ = try sim.arrive(CustomerSpec(task: task))
        try sim.closeDoor(at: 100)
        #expect(try sim.runUntilIdle())
        #expect(sim.now == 1)
        #expect(throws: CoreError.self) { try sim.closeDoor(at: 0.5) }
    }
}
