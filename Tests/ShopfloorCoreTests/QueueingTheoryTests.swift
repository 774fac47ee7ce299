import Testing
@testable import ShopfloorCore

/// Simulated M/M/c against Erlang C, with fixed seeds (exactly repeatable) and stated tolerances:
/// mean wait within 10 %, P(wait > 0) within 0.03, utilisation within 0.02, Little's law within 3 %.
/// Utilisations are kept ≤ 0.75 so 100 000 customers give a mean wait with a standard error of a few percent.
@Suite("Queueing theory")
struct QueueingTheoryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var lambda: Double, mu: Double, servers: Int
        var testDescription: String { "M/M/\(servers) λ=\(lambda) μ=\(mu)" }
    }

    func simulate(_ c: Case, seed: UInt64, customers: Int) throws -> (Summary, Simulation) {
        let sim = Simulation(seed: seed)
        sim.checksInvariantsAfterEachEvent = false
        let task = try sim.addTask(TaskClass(name: "work", service: .exponential(mean: 1 / c.mu)))
        try sim.addTellers(c.servers, skills: [task])
        try sim.addArrivals(.poisson(rate: c.lambda, mix: TaskMix([(task, 1)])))
        try sim.startArrivals()
        try sim.run(untilServed: 5_000)   // warm-up
        sim.resetStatistics()
        try sim.run(untilServed: 5_000 + customers)
        return (sim.summary(), sim)
    }

    @Test("M/M/c mean wait, P(wait > 0) and utilisation match Erlang C", arguments: [
        Case(lambda: 0.5, mu: 1, servers: 1), Case(lambda: 1.2, mu: 1, servers: 2),
        Case(lambda: 2.1, mu: 1, servers: 3), Case(lambda: 3, mu: 2, servers: 2),
    ])
    func erlangCMatches(_ c: Case) throws {
        let (s, sim) = try simulate(c, seed: 2024, customers: 100_000)
        let a = c.lambda / c.mu
        let pWait = erlangC(servers: c.servers, load: a)
        let meanWait = pWait / (Double(c.servers) * c.mu - c.lambda)
        let task = s.tasks[0]
        let waits = sim.taskStatistics[0].wait
        let simulatedPWait = 1 - Double(waits.zeros) / Double(waits.count)
        #expect(abs(task.wait.mean - meanWait) / meanWait < 0.10, "mean wait \(task.wait.mean) vs \(meanWait)")
        #expect(abs(simulatedPWait - pWait) < 0.03, "P(wait>0) \(simulatedPWait) vs \(pWait)")
        #expect(abs(s.pools[0].utilisation - a / Double(c.servers)) < 0.02)
        #expect(abs(task.timeInSystem.mean - (meanWait + 1 / c.mu)) / (meanWait + 1 / c.mu) < 0.06)
    }

    @Test("Little's law: mean number waiting = arrival rate × mean wait")
    func littlesLaw() throws {
        let c = Case(lambda: 1.4, mu: 1, servers: 2)
        let (s, _) = try simulate(c, seed: 77, customers: 80_000)
        let measured = s.endTime - s.startTime
        let lambdaHat = Double(s.tasks[0].wait.count) / measured
        let l = s.lines[0].meanLength
        #expect(abs(l - lambdaHat * s.tasks[0].wait.mean) / l < 0.03, "L = \(l), λW = \(lambdaHat * s.tasks[0].wait.mean)")
    }

    @Test("the bank-open model matches M/M/2 for deposits and M/M/1 for loans")
    func bankOpen() throws {
        let sim = try BankOpenModel().make(seed: 5)
        sim.checksInvariantsAfterEachEvent = false
        try sim.run(untilServed: 150_000)
        let s = sim.summary()
        let loanRho = 2.0 / 3.0 * 1.1
        let loanWait = loanRho * 1.1 / (1 - loanRho)
        #expect(abs(s.tasks[1].wait.mean - loanWait) / loanWait < 0.10)
        let depositWait = erlangC(servers: 2, load: 4.0 / 3.0 * 0.7) / (2 / 0.7 - 4.0 / 3.0)
        #expect(abs(s.tasks[0].wait.mean - depositWait) / depositWait < 0.10)
        #expect(abs(s.pools[1].utilisation - loanRho) < 0.02)
    }
}
