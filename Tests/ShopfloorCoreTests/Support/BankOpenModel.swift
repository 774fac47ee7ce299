@testable import ShopfloorCore

/// The "bank open all day" model, built natively: a test fixture (statistics, determinism, queueing theory).
/// It lived in the core as public API until #15; tests are its only users, so it is test support now.
///
/// Poisson arrivals (rate 2.0 per second by default), each customer wanting a deposit with probability 2/3,
/// else a loan; 2 deposit tellers (exponential service, mean 0.7 s) and 1 loan teller (mean 1.1 s);
/// FIFO per task. Utilisation is 2·(2/3)·0.7/2 ≈ 0.47 for deposits and 2·(1/3)·1.1 ≈ 0.73 for loans.
///
/// ```swift
/// let sim = try BankOpenModel().make(seed: 1)
/// try sim.run(untilServed: 1_000_000)
/// print(sim.summary().served)
/// ```
struct BankOpenModel: Sendable, Equatable {
    var arrivalRate = 2.0
    var depositShare = 2.0 / 3.0
    var depositTellers = 2
    var depositService = Distribution.exponential(mean: 0.7)
    var loanTellers = 1
    var loanService = Distribution.exponential(mean: 1.1)

    init() {}

    /// A simulation of this model with arrivals started, ready to `run`.
    func make(seed: UInt64) throws -> Simulation {
        let sim = Simulation(seed: seed)
        let deposit = try sim.addTask(TaskClass(name: "deposit", service: depositService))
        let loan = try sim.addTask(TaskClass(name: "loan", service: loanService))
        try sim.addTellers(depositTellers, skills: [deposit], name: "deposit")
        try sim.addTellers(loanTellers, skills: [loan], name: "loan")
        let mix = try TaskMix([(deposit, depositShare), (loan, 1 - depositShare)])
        try sim.addArrivals(.poisson(rate: arrivalRate, mix: mix))
        try sim.startArrivals()
        return sim
    }
}
