import Testing
@testable import ShopfloorCore

@Suite("Network invariants")
struct NetworkInvariantTests {
    /// A random network: 2–3 stations of 1–2 tasks, random capacities, patience, priorities and routes (next,
    /// probabilities, functions; blocking or leaving when full).
    func randomNetwork(seed: UInt64) throws -> Simulation {
        var rng = Xoshiro256StarStar(seed: seed &+ 5_000_000)
        let sim = Simulation(seed: seed)
        var tasks: [Int] = []
        for s in 0..<rng.int(2, 3) {
            let station = try sim.station(named: "s\(s)")
            var own: [Int] = []
            for k in 0..<rng.int(1, 2) {
                let capacity: Int? = rng.uniform() < 0.4 ? rng.int(0, 3) : nil
                let patience: Distribution? = rng.uniform() < 0.2 ? .exponential(mean: 3) : nil
                own.append(try sim.addTask(TaskClass(name: "t\(k)", service: .exponential(mean: 0.3 + rng.uniform()),
                                                     capacity: capacity, patience: patience), station: station))
            }
            try sim.addTellers(rng.int(1, 2), skills: own)
            tasks += own
        }
        for (k, t) in tasks.enumerated() {
            let whenFull: WhenFull = rng.uniform() < 0.5 ? .wait : .leave
            let other = tasks[rng.int(0, tasks.count - 1)]
            switch rng.int(0, 3) {
            // Fixed routes only lead forward (a loop of them would keep customers for ever).
            case 0 where k + 1 < tasks.count: try sim.setRoute(.next(task: tasks[rng.int(k + 1, tasks.count - 1)], whenFull: whenFull), forTask: t)
            case 1: try sim.setRoute(.choice([(other, 0.3), (tasks[0], 0.2)], whenFull: whenFull), forTask: t)
            case 2:
                let count = tasks.count
                try sim.setRoute(.decide({ c, _ in c.visits < 4 ? .to(task: tasks[(c.number + c.visits) % count], priority: c.visits % 2) : .leave },
                                         whenFull: whenFull), forTask: t)
            default: break
            }
        }
        try sim.addArrivals(.poisson(rate: 0.5 + rng.uniform(), mix: TaskMix([(tasks[0], 2), (tasks[tasks.count - 1], 1)])))
        try sim.startArrivals()
        return sim
    }

    @Test("over 300 random networks every customer is in one place, served once per visit, never lost")
    func randomNetworks() throws {
        for seed in UInt64(0)..<300 {
            let sim = try randomNetwork(seed: seed)
            let trace = Trace()
            trace.install(on: sim)
            var startsPerVisit: [String: Int] = [:]
            let arrive = sim.observers.onArrive!, start = sim.observers.onStart!
            var visitOf: [Int: Int] = [:]
            sim.observers.onArrive = { e in visitOf[e.customer.number] = e.customer.visits; try arrive(e) }
            sim.observers.onStart = { e in
                #expect(visitOf[e.customer.number] == e.customer.visits, "seed \(seed): start before the visit's arrival")
                startsPerVisit["\(e.customer.number).\(e.customer.visits)", default: 0] += 1
                try start(e)
            }
            try sim.run(until: 40)   // invariants checked after every event (debug)
            try sim.stopArrivals()
            try sim.runUntilIdle()
            #expect(sim.networkViolations().isEmpty)
            #expect(startsPerVisit.values.allSatisfy { $0 == 1 }, "seed \(seed): a visit served twice")
            // Conservation: everyone who came has completed a journey, left without service, or is still inside
            // (blocked in a deadlock the routes allow).
            let s = sim.summary()
            let lost = s.balked + s.reneged
            #expect(sim.nextNumber - 1 == sim.completedTotal + lost + sim.inSystem, "seed \(seed): conservation")
            #expect(s.journeys.last!.completed + s.journeys.last!.lost == sim.completedTotal + lost)
        }
    }

    /// A network with a customer waiting at B, one blocked at A, one in service at B.
    func busyPair() throws -> Simulation {
        let (sim, a, _) = try NetworkModels.blockingPair(capacity: 1, whenFull: .wait)
        _ = try sim.arrive([CustomerSpec(task: a), CustomerSpec(task: a), CustomerSpec(task: a)])
        try sim.run(until: 3.5)
        #expect(sim.networkViolations().isEmpty)
        return sim
    }

    @Test("the checks catch a customer lost, one in two places, a blocked teller unlisted and a pool in two stations")
    func brokenStatesAreCaught() throws {
        // A waiting customer taken out of their line without leaving: lost.
        var sim = try busyPair()
        let waiting = try #require(sim.peekHead(line: 1))
        _ = sim.popHead(line: 1)
        #expect(sim.networkViolations().contains { $0.contains("customer \(sim.table.records[Int(waiting)].number) (waiting) is lost") })
        // The same customer at a teller and in a line.
        sim = try busyPair()
        let blocked = sim.tellerStates[0].slot
        sim.table.records[Int(blocked)].state = .waiting
        sim.lineStore[1].append(sim.table.ticket(blocked), priority: 0, at: sim.now)
        #expect(sim.networkViolations().contains { $0.contains("is at teller 1 and somewhere else") })
        // A blocked customer whose teller is not listed as blocked.
        sim = try busyPair()
        sim.network.blocked.removeAll()
        #expect(sim.networkViolations().contains { $0.contains("is blocked at teller 1, which is not listed blocked") })
        // Served twice in one visit: waiting with a service start.
        sim = try busyPair()
        let head = try #require(sim.peekHead(line: 1))
        sim.table.records[Int(head)].serviceStart = 0.5
        #expect(sim.networkViolations().contains { $0.contains("waits after starting service") })
        // A pool listed in two stations.
        sim = try busyPair()
        sim.network.stations[1].pools.append(0)
        #expect(sim.networkViolations().contains { $0.contains("lists pool 0, which is not its own") })
    }
}
