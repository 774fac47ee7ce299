import Testing
@testable import ShopfloorCore

/// A change refused where it is asked for is a typed ``Refusal`` — the operation and the reason — not only words: a
/// host names the call its own user made (the scripting layer, the Lua function: `counter:run` for the core's
/// `startArrivals`). The description names the core's method, for a Swift caller.
@Suite("Refusals are typed")
struct RefusalTests {
    func counter() throws -> (Simulation, Int) {
        let sim = Simulation(seed: 3)
        let task = try sim.addTask(TaskClass(name: "work", service: .fixed(1)))
        try sim.addTellers(1, skills: [task])
        _ = try sim.arrive([CustomerSpec(task: task), CustomerSpec(task: task)])
        return (sim, task)
    }

    /// The refusal `body` throws.
    func refusal(_ body: () throws -> Void) -> Refusal? {
        do { try body() } catch CoreError.refused(let refusal) { return refusal } catch { Issue.record("\(error)") }
        return nil
    }

    @Test func test_inTheEndObserver_eachChangeIsRefusedAsRunEnded() throws {
        let (sim, task) = try counter()
        var seen: [Refusal?] = []
        sim.observers.onEnd = { sim in
            seen.append(self.refusal { try sim.startArrivals() })
            seen.append(self.refusal { _ = try sim.arrive(CustomerSpec(task: task)) })
            seen.append(self.refusal { try sim.setPoolSize(0, to: 0) })
            seen.append(self.refusal { _ = try sim.addTimer(at: sim.now) { _, _ in } })
        }
        _ = try sim.runUntilIdle()
        try sim.endRun()
        #expect(seen == [Refusal(.startArrivals, .runEnded), Refusal(.arrive, .runEnded), Refusal(.setPoolSize, .runEnded),
                         Refusal(.addTimer, .runEnded)])
        #expect("\(CoreError.refused(Refusal(.startArrivals, .runEnded)))"
                == "'startArrivals' cannot be called once the run has ended (from the end-of-run observer): nothing happens after it")
    }

    @Test func test_inATellerPolicy_aChangeIsRefusedAsInsideADecision() throws {
        let (sim, _) = try counter()
        var seen: Refusal?
        sim.tellerPolicy = { _, sim in
            seen = self.refusal { try sim.dispatchIdleTellers() }
            return .head(line: 0)
        }
        _ = try sim.runUntilIdle()
        #expect(seen == Refusal(.dispatchIdleTellers, .insideDecision))
    }

    @Test func test_aRunFromAnObserver_isRefusedAsRunning() throws {
        let (sim, _) = try counter()
        var seen: [Refusal?] = []
        sim.observers.onFinish = { _ in
            guard seen.isEmpty else { return }
            seen.append(self.refusal { try sim.run(until: 10) })
            seen.append(self.refusal { try sim.reset() })
        }
        _ = try sim.runUntilIdle()
        #expect(seen == [Refusal(.run, .running), Refusal(.reset, .running)])
    }
}
