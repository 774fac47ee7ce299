import Testing
@testable import ShopfloorCore

/// The end of a run: reported once, after the last event, only when the run stopped normally.
@Suite("End of run")
struct RunEndTests {
    func counter() throws -> Simulation {
        let sim = Simulation(seed: 3)
        let task = try sim.addTask(TaskClass(name: "work", service: .fixed(1)))
        try sim.addTellers(1, skills: [task])
        _ = try sim.arrive([CustomerSpec(task: task), CustomerSpec(task: task)])
        return sim
    }

    @Test("reported once, after close and the last event, with the state at the end")
    func reportedOnceAfterTheLastEvent() throws {
        let sim = try counter()
        var log: [String] = []
        sim.observers.onClose = { sim in log.append("close \(sim.now)") }
        sim.observers.onEnd = { sim in log.append("end \(sim.now) served \(sim.servedTotal)") }
        _ = try sim.runUntilIdle()
        #expect(try sim.endRun())
        #expect(!(try sim.endRun()))
        #expect(log == ["close 2.0", "end 2.0 served 2"])
        try sim.reset()
        #expect(!sim.hasEnded)
    }

    @Test("a time limit and a run stopped between events end normally")
    func stopRules() throws {
        let sim = try counter()
        var ends = 0
        sim.observers.onEnd = { _ in ends += 1 }
        try sim.run(until: 1.5)
        #expect(try sim.endRun() && ends == 1)

        let stopped = try counter()
        stopped.observers.onEnd = { _ in ends += 1 }
        #expect(!(try stopped.runEvents { stopped.servedTotal >= 1 }))
        #expect(try stopped.endRun() && ends == 2)
    }

    @Test("not reported after a hook error or a broken limit")
    func notAfterErrors() throws {
        struct Boom: Error {}
        let sim = try counter()
        sim.observers.onEnd = { _ in Issue.record("end reported after an error") }
        sim.observers.onFinish = { _ in throw Boom() }
        #expect(throws: CoreError.self) { try sim.runUntilIdle() }
        #expect(!(try sim.endRun()))

        let looping = try counter()
        looping.observers.onEnd = { _ in Issue.record("end reported after a broken limit") }
        looping.limits.maxEventsPerInstant = 10
        func again(_ sim: Simulation, _: TimerID) throws { try sim.addTimer(at: sim.now, again) }
        try looping.addTimer(at: 1, again)   // set again at the same instant each time: a zero-time loop
        #expect(throws: CoreError.self) { try looping.run(until: 5) }
        #expect(!(try looping.endRun()))
    }
}
