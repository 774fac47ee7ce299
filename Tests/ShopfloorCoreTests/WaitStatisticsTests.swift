import Foundation
import Testing
@testable import ShopfloorCore

/// The statistics users asked for: service level, any percentile, waits per attribute, waits of those who reneged,
/// the time-average number in the system. Fixed seeds, stated tolerances against theory.
@Suite("Wait statistics")
struct WaitStatisticsTests {
    @Test("M/M/c service level P(wait ≤ t) matches Erlang C within 0.01; p90 within 5 %", arguments: [
        (1.2, 2), (2.1, 3),
    ])
    func serviceLevelMatchesErlangC(_ c: (lambda: Double, servers: Int)) throws {
        let sim = Simulation(seed: 2024)
        sim.checksInvariantsAfterEachEvent = false
        let task = try sim.addTask(TaskClass(name: "call", service: .exponential(mean: 1)))
        try sim.addTellers(c.servers, skills: [task])
        try sim.addArrivals(.poisson(rate: c.lambda, mix: TaskMix([(task, 1)])))
        try sim.measureWaits(ofTask: task, serviceLevels: [2, 0.5, 0])
        try sim.startArrivals()
        try sim.run(untilServed: 5_000)
        sim.resetStatistics()
        try sim.run(untilServed: 105_000)
        let s = sim.summary().tasks[0]
        let pWait = erlangC(servers: c.servers, load: c.lambda)
        let rate = Double(c.servers) - c.lambda   // (cμ − λ) with μ = 1
        #expect(s.serviceLevels.map(\.threshold) == [0, 0.5, 2])
        for level in s.serviceLevels {
            let theory = 1 - pWait * exp(-rate * level.threshold)
            #expect(abs(level.fraction - theory) < 0.01, "P(W ≤ \(level.threshold)) \(level.fraction) vs \(theory)")
            #expect(level.of == s.wait.count)
        }
        // p90 of the wait: P(W > w) = C·e^(−rate·w) = 0.1 (when C > 0.1).
        let p90 = log(pWait / 0.1) / rate
        #expect(abs(s.wait.p90 - p90) / p90 < 0.05, "p90 \(s.wait.p90) vs \(p90)")
        #expect(sim.taskStatistics[0].wait.percentile(90) == s.wait.p90)
    }

    @Test("Little's law overall: time-average number in the system = throughput × mean time in system, within 3 %")
    func meanInSystem() throws {
        let sim = Simulation(seed: 77)
        sim.checksInvariantsAfterEachEvent = false
        let a = try sim.addTask(TaskClass(name: "a", service: .exponential(mean: 1)))
        let b = try sim.addTask(TaskClass(name: "b", service: .exponential(mean: 2), patience: .exponential(mean: 3)))
        try sim.addTellers(2, skills: [a, b])
        try sim.addArrivals(.poisson(rate: 1.2, mix: TaskMix([(a, 2), (b, 1)])))
        try sim.startArrivals()
        try sim.run(until: 1_000)
        sim.resetStatistics()
        try sim.run(until: 61_000)
        let s = sim.summary()
        // Everyone who leaves: served (time in system) and reneged (their wait).
        let area = s.tasks.reduce(0) { $0 + Double($1.timeInSystem.count) * $1.timeInSystem.mean
            + Double($1.renegedWait?.count ?? 0) * ($1.renegedWait?.mean ?? 0) }
        let little = area / (s.endTime - s.startTime)
        #expect(abs(s.meanInSystem - little) / little < 0.03, "L \(s.meanInSystem) vs λW \(little)")
        #expect(s.tasks[1].renegedWait?.count == s.tasks[1].reneged)
        #expect(s.tasks[0].renegedWait == nil)
    }

    @Test("waits per attribute value: a priority class waits less; counts add up; missing values are their own group")
    func waitsByAttribute() throws {
        let sim = Simulation(seed: 11)
        sim.checksInvariantsAfterEachEvent = false
        let task = try sim.addTask(TaskClass(name: "work", service: .exponential(mean: 1)))
        try sim.addTellers(1, skills: [task])
        var gen = sim.streams.stream("gen")
        try sim.addArrivals(.generator { _ in
            let vip = gen.uniform() < 0.3
            return .single(gap: gen.exponential(mean: 1.25),
                           CustomerSpec(task: 0, priority: vip ? 1 : 0, attributes: gen.uniform() < 0.9 ? ["vip": .bool(vip)] : nil))
        })
        try sim.measureWaits(ofTask: task, by: "vip")
        try sim.startArrivals()
        try sim.run(untilServed: 20_000)
        let tally = try #require(sim.summary().tasks[0].waitsBy)
        #expect(tally.attribute == "vip" && tally.values.map(\.value) == ["false", "true", "(none)"])
        #expect(tally.values.reduce(0) { $0 + $1.wait.count } == sim.summary().tasks[0].wait.count)
        #expect(tally.values[1].wait.mean < tally.values[0].wait.mean / 2)

        try sim.measureWaits(ofTask: task, by: "priority")   // the priority class when no attribute has the name
        try sim.run(untilServed: 21_000)
        #expect(sim.summary().tasks[0].waitsBy?.values.map(\.value) == ["0", "1"])
    }

    @Test("nothing asked, nothing measured: no service levels, no tally")
    func offByDefault() throws {
        let sim = Simulation(seed: 1)
        let task = try sim.addTask(TaskClass(name: "work", service: .fixed(1)))
        try sim.addTellers(1, skills: [task])
        _ = try sim.arrive(CustomerSpec(task: task))
        _ = try sim.runUntilIdle()
        let s = sim.summary().tasks[0]
        #expect(s.serviceLevels.isEmpty && s.waitsBy == nil && !sim.counter.measuresWaitDetails)
        #expect(throws: CoreError.self) { try sim.measureWaits(ofTask: task, serviceLevels: [-1]) }
    }
}
