import Foundation
import ShopfloorCore

/// CPU per customer of a two-station tandem with routing against one station, in the core alone (no Lua, no
/// observers): Poisson arrivals (λ = 1) at an M/M/1 station (μ = 2); the tandem routes every customer on to a
/// second M/M/1 station (μ = 2.5). Each round runs 10⁶ completed journeys; rounds alternate single and tandem,
/// and the median of each is reported. The target: tandem ≤ 1.5× single per customer (a tandem customer
/// has one arrival and two services, a single-station one an arrival and a service).
enum NetworkBenchmark {
    static let customers = 1_000_000

    /// CPU seconds of this process (user + system).
    static func cpuSeconds() -> Double { Double(clock()) / Double(CLOCKS_PER_SEC) }

    static func make(tandem: Bool) throws -> Simulation {
        let sim = Simulation(seed: 42)
        sim.checksInvariantsAfterEachEvent = false
        let first = try sim.station(named: "one")
        let a = try sim.addTask(TaskClass(name: "work", service: .exponential(mean: 0.5)), station: first)
        try sim.addTellers(1, skills: [a])
        if tandem {
            let second = try sim.station(named: "two")
            let b = try sim.addTask(TaskClass(name: "work", service: .exponential(mean: 0.4)), station: second)
            try sim.addTellers(1, skills: [b])
            try sim.setRoute(.next(task: b), forTask: a)
        }
        try sim.addArrivals(.poisson(rate: 1, mix: TaskMix([(a, 1)])))
        try sim.startArrivals()
        return sim
    }

    /// Nanoseconds of CPU per completed journey.
    static func perCustomer(tandem: Bool) throws -> Double {
        let sim = try make(tandem: tandem)
        let start = cpuSeconds()
        try sim.run(untilCompleted: customers)
        return (cpuSeconds() - start) / Double(customers) * 1e9
    }

    static func run(rounds: Int = 5) throws {
        print("Network: CPU per customer, core only (release build, median of \(rounds) interleaved rounds of \(customers) customers)")
        var single: [Double] = [], tandem: [Double] = []
        for _ in 0..<rounds {
            single.append(try perCustomer(tandem: false))
            tandem.append(try perCustomer(tandem: true))
        }
        single.sort(); tandem.sort()
        let s = single[rounds / 2], t = tandem[rounds / 2]
        Measure.row("one M/M/1 station", s, unit: "ns", target: "")
        Measure.row("tandem of two M/M/1 stations, routed", t, unit: "ns", target: "")
        Measure.row("  tandem ÷ single", t / s, unit: "×", target: "≤ 1.5 ×")
    }
}
