@testable import ShopfloorCore

/// Everything observers saw, for checking invariants from the outside.
final class Trace {
    var lines: [String] = []
    var started: [Int: Int] = [:]      // number -> times started
    var finished: [Int: Int] = [:]
    var startOrder: [Int: [Int]] = [:]  // task -> numbers in start order
    var arrivals: [Int: Int] = [:]      // number -> task
    var balked = 0, reneged = 0

    func install(on sim: Simulation) {
        sim.observers.onArrive = { [self] e in
            arrivals[e.customer.number] = e.customer.task
            lines.append("arrive \(e.time) \(e.customer.number) \(e.customer.task)")
        }
        sim.observers.onStart = { [self] e in
            started[e.customer.number, default: 0] += 1
            startOrder[e.customer.task, default: []].append(e.customer.number)
            lines.append("start \(e.time) \(e.customer.number) \(e.teller ?? -1)")
        }
        sim.observers.onFinish = { [self] e in
            finished[e.customer.number, default: 0] += 1
            lines.append("finish \(e.time) \(e.customer.number) \(e.teller ?? -1)")
        }
        sim.observers.onBalk = { [self] e in balked += 1; lines.append("balk \(e.time) \(e.customer.number)") }
        sim.observers.onRenege = { [self] e in reneged += 1; lines.append("renege \(e.time) \(e.customer.number)") }
    }
}

/// A random counter: 1–3 tasks, 1–3 pools with 1–2 skills each, random capacities, patience and priorities.
struct RandomCounter {
    let sim: Simulation
    let usesPriorities: Bool

    init(seed: UInt64) throws {
        var rng = Xoshiro256StarStar(seed: seed &+ 1_000_000)
        sim = Simulation(seed: seed)
        let taskCount = rng.int(1, 3)
        for t in 0..<taskCount {
            let capacity: Int? = rng.uniform() < 0.3 ? rng.int(0, 4) : nil
            let patience: Distribution? = rng.uniform() < 0.3 ? .exponential(mean: 2) : nil
            try sim.addTask(TaskClass(name: "task\(t)", service: .exponential(mean: 0.5 + rng.uniform()),
                                      capacity: capacity, patience: patience))
        }
        // Every task has at least one pool (pool p starts with task p), so nobody waits forever.
        for p in 0..<max(taskCount, rng.int(1, 3)) {
            var skills = [p < taskCount ? p : rng.int(0, taskCount - 1)]
            if taskCount > 1, rng.uniform() < 0.5 { skills.append((skills[0] + 1) % taskCount) }
            try sim.addTellers(rng.int(1, 2), skills: skills, name: "pool\(p)")
        }
        usesPriorities = rng.uniform() < 0.3
        let weights = (0..<taskCount).map { (task: $0, weight: 1.0 + Double($0)) }
        try sim.addArrivals(.poisson(rate: 1 + 2 * rng.uniform(), mix: TaskMix(weights)))
        if usesPriorities {
            var gen = sim.streams.stream("priorities")
            let count = taskCount
            try sim.addArrivals(.generator { _ in
                .single(gap: gen.exponential(mean: 2),
                        CustomerSpec(task: gen.int(0, count - 1), priority: gen.int(0, 2),
                                     patience: gen.uniform() < 0.2 ? 1 : nil))
            }, name: "vip")
        }
        try sim.startArrivals()
    }
}

/// Erlang C: the probability an arrival waits in M/M/c with offered load a = λ/μ.
func erlangC(servers c: Int, load a: Double) -> Double {
    var term = 1.0, sum = 1.0
    for k in 1..<c { term *= a / Double(k); sum += term }
    let last = term * a / Double(c) / (1 - a / Double(c))
    return last / (sum + last)
}
