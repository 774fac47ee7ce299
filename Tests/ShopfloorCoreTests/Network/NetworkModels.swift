@testable import ShopfloorCore

/// Small networks the network tests share.
enum NetworkModels {
    /// A tandem: Poisson(λ) arrivals at station "one" (μ1, one teller), then station "two" (μ2, one teller).
    static func tandem(seed: UInt64, lambda: Double, mu1: Double, mu2: Double) throws -> Simulation {
        let sim = Simulation(seed: seed)
        let one = try sim.station(named: "one"), two = try sim.station(named: "two")
        let a = try sim.addTask(TaskClass(name: "work", service: .exponential(mean: 1 / mu1)), station: one)
        let b = try sim.addTask(TaskClass(name: "work", service: .exponential(mean: 1 / mu2)), station: two)
        try sim.addTellers(1, skills: [a])
        try sim.addTellers(1, skills: [b])
        try sim.setRoute(.next(task: b), forTask: a)
        try sim.addArrivals(.poisson(rate: lambda, mix: TaskMix([(a, 1)])))
        try sim.startArrivals()
        return sim
    }

    /// Two stations with feedback: arrivals (γ) at A, A → B always, B → A with probability `p`, else leave.
    static func feedback(seed: UInt64, gamma: Double, muA: Double, muB: Double, p: Double) throws -> Simulation {
        let sim = Simulation(seed: seed)
        let sa = try sim.station(named: "a"), sb = try sim.station(named: "b")
        let a = try sim.addTask(TaskClass(name: "step", service: .exponential(mean: 1 / muA)), station: sa)
        let b = try sim.addTask(TaskClass(name: "step", service: .exponential(mean: 1 / muB)), station: sb)
        try sim.addTellers(1, skills: [a])
        try sim.addTellers(1, skills: [b])
        try sim.setRoute(.next(task: b), forTask: a)
        try sim.setRoute(.choice([(a, p)]), forTask: b)
        try sim.addArrivals(.poisson(rate: gamma, mix: TaskMix([(a, 1)])))
        try sim.startArrivals()
        return sim
    }

    /// Deterministic: one teller at A (1 s), one at B (3 s) whose line holds `capacity`; A → B with `whenFull`.
    static func blockingPair(capacity: Int, whenFull: WhenFull) throws -> (Simulation, a: Int, b: Int) {
        let sim = Simulation(seed: 1)
        let sa = try sim.station(named: "a"), sb = try sim.station(named: "b")
        let a = try sim.addTask(TaskClass(name: "first", service: .fixed(1)), station: sa)
        let b = try sim.addTask(TaskClass(name: "second", service: .fixed(3), capacity: capacity), station: sb)
        try sim.addTellers(1, skills: [a])
        try sim.addTellers(1, skills: [b])
        try sim.setRoute(.next(task: b, whenFull: whenFull), forTask: a)
        return (sim, a, b)
    }
}
