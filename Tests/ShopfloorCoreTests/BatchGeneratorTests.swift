import Testing
@testable import ShopfloorCore

/// `ArrivalProcess.batchGenerator`: arrivals drawn n at a time run exactly as the same draws one at a time.
@Suite("Batch generators")
struct BatchGeneratorTests {
    /// A counter with two tasks and cross-trained tellers, no arrivals yet.
    func counter(seed: UInt64) throws -> Simulation {
        let sim = Simulation(seed: seed)
        sim.checksInvariantsAfterEachEvent = false
        let deposit = try sim.addTask(TaskClass(name: "deposit", service: .exponential(mean: 0.7)))
        let loan = try sim.addTask(TaskClass(name: "loan", service: .exponential(mean: 1.1)))
        try sim.addTellers(2, skills: [deposit, loan])
        try sim.addTellers(1, skills: [loan])
        return sim
    }

    /// The draws of a generator that owns its random stream (independent of the simulation's state).
    struct Draws {
        var rng: Xoshiro256StarStar
        mutating func next() -> (gap: Double, task: Int32) {
            (rng.exponential(mean: 0.5), rng.uniform() < 2.0 / 3.0 ? 0 : 1)
        }
    }

    func trace(_ sim: Simulation, served: Int) throws -> [String] {
        let trace = Trace()
        trace.install(on: sim)
        try sim.startArrivals()
        try sim.run(untilServed: served)
        return trace.lines
    }

    @Test("n at a time is the same run as one at a time", arguments: [1, 3, 256])
    func batch_sameRunAsSingle(size: Int) throws {
        for seed: UInt64 in 0..<4 {
            let single = try counter(seed: seed)
            var one = Draws(rng: Xoshiro256StarStar(seed: seed))
            try single.addArrivals(.generator { _ in
                let d = one.next()
                return .single(gap: d.gap, CustomerSpec(task: Int(d.task)))
            })
            let batched = try counter(seed: seed)
            var many = Draws(rng: Xoshiro256StarStar(seed: seed))
            try batched.addArrivals(.batchGenerator(size: size) { gaps, tasks, _ in
                for i in 0..<gaps.count { (gaps[i], tasks[i]) = many.next() }
                return gaps.count
            })
            #expect(try trace(batched, served: 1_000) == trace(single, served: 1_000))
        }
    }

    @Test("fewer than asked ends the stream after them; a restart asks again")
    func shortBatch_endsTheStream() throws {
        let sim = try counter(seed: 1)
        var calls = 0
        try sim.addArrivals(.batchGenerator(size: 4) { gaps, tasks, _ in
            calls += 1
            let count = calls == 2 ? 2 : 4
            for i in 0..<count { gaps[i] = 1; tasks[i] = 0 }
            return count
        })
        try sim.startArrivals()
        try sim.runUntilIdle()
        #expect(sim.servedTotal == 6)
        #expect(calls == 2)
        try sim.startArrivals()
        try sim.run(untilServed: 8)
        #expect(calls == 3)
    }

    @Test("a throwing generator is asked again, and no customer is lost or served twice")
    func throwingBatch_isRetried() throws {
        let sim = try counter(seed: 2)
        var calls = 0
        try sim.addArrivals(.batchGenerator(size: 5) { gaps, tasks, _ in
            calls += 1
            if calls == 3 { throw ScriptError() }
            for i in 0..<gaps.count { gaps[i] = 0.5; tasks[i] = Int32(i % 2) }
            return gaps.count
        })
        let trace = Trace()
        trace.install(on: sim)
        try sim.startArrivals()
        #expect(throws: CoreError.self) { try sim.run(untilServed: 100) }
        try sim.run(untilServed: 100)
        #expect(calls > 3)
        #expect(trace.started.values.allSatisfy { $0 == 1 })
        #expect(trace.finished.values.allSatisfy { $0 == 1 })
        #expect(trace.arrivals.count == sim.inSystem + sim.servedTotal)
    }

    @Test("a bad count, gap or task is refused and nobody of that batch arrives", arguments: [0, 1, 2])
    func badBatch_isRefused(kind: Int) throws {
        let sim = try counter(seed: 3)
        try sim.addArrivals(.batchGenerator(size: 3) { gaps, tasks, _ in
            for i in 0..<3 { gaps[i] = 1; tasks[i] = 0 }
            switch kind {
            case 0: return 4
            case 1: gaps[2] = -.infinity
            default: tasks[1] = 7
            }
            return 3
        })
        #expect(throws: CoreError.self) { try sim.startArrivals() }
        #expect(sim.nextNumber == 1)
        #expect(sim.scheduler.queue.isEmpty)
    }
}
