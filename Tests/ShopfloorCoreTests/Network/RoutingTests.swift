import Testing
@testable import ShopfloorCore

@Suite("Routing between stations")
struct RoutingTests {
    /// Reception (1 s) → tellers: deposit or loan; a routing function sends priority > 0 loans on to a manager.
    func bank(seed: UInt64) throws -> (sim: Simulation, reception: Int, deposit: Int, loan: Int, manager: Int) {
        let sim = Simulation(seed: seed)
        let front = try sim.station(named: "reception"), tellers = try sim.station(named: "tellers")
        let office = try sim.station(named: "office")
        let reception = try sim.addTask(TaskClass(name: "welcome", service: .fixed(1)), station: front)
        let deposit = try sim.addTask(TaskClass(name: "deposit", service: .exponential(mean: 2)), station: tellers)
        let loan = try sim.addTask(TaskClass(name: "loan", service: .exponential(mean: 3)), station: tellers)
        let manager = try sim.addTask(TaskClass(name: "loan", service: .fixed(5)), station: office)
        try sim.addTellers(1, skills: [reception])
        try sim.addTellers(2, skills: [deposit, loan])
        try sim.addTellers(1, skills: [manager])
        try sim.setRoute(.choice([(deposit, 0.7), (loan, 0.3)]), forTask: reception)
        try sim.setRoute(.decide { c, _ in c.priority > 0 ? .to(task: manager, priority: 0) : .leave }, forTask: loan)
        return (sim, reception, deposit, loan, manager)
    }

    @Test("station and task names are separate namespaces; a path addresses a task")
    func namespaces() throws {
        let (sim, reception, deposit, loan, manager) = try bank(seed: 1)
        #expect(sim.stations.map(\.name) == ["reception", "tellers", "office"])
        #expect(sim.taskIndex(path: "tellers.loan") == loan && sim.taskIndex(path: "office.loan") == manager)
        #expect(sim.taskIndex(path: "reception.welcome") == reception && sim.taskIndex(path: "tellers.welcome") == nil)
        #expect(sim.taskIndex(path: "nowhere.loan") == nil)
        #expect(sim.path(ofTask: deposit) == "tellers.deposit" && sim.station(ofTask: manager) == 2)
        #expect(try sim.station(named: "tellers") == 1)   // asking again returns it
        #expect(throws: CoreError.self) { try sim.addTask(TaskClass(name: "deposit", service: .fixed(1)), station: 1) }
        #expect(throws: CoreError.self) { try sim.station(named: "a.b") }
        // A pool serves only tasks of its own station.
        #expect(throws: CoreError.self) { try sim.addTellers(1, skills: [deposit, manager]) }
        // Pool names are per station: the office's default name "loan" does not clash with another "loan" pool.
        #expect(try sim.addTellers(1, skills: [loan], name: "loan") == 3)
        #expect(throws: CoreError.self) { try sim.addTellers(1, skills: [loan], name: "loan") }
    }

    @Test("a routing function moves the customer on with the same number, arrival time and attributes")
    func routingByFunction() throws {
        let (sim, reception, _, loan, manager) = try bank(seed: 2)
        try sim.setRoute(.next(task: loan), forTask: reception)
        var finishes: [Customer] = [], arrivals: [Customer] = []
        sim.observers.onFinish = { finishes.append($0.customer) }
        sim.observers.onArrive = { arrivals.append($0.customer) }
        try sim.run(until: 2)
        _ = try sim.arrive(CustomerSpec(task: reception, priority: 1, attributes: ["vip": .bool(true)]))
        try sim.runUntilIdle()
        let number = arrivals[0].number
        #expect(arrivals.map(\.task) == [reception, loan, manager] && arrivals.allSatisfy { $0.number == number })
        #expect(arrivals.map(\.visits) == [1, 2, 3] && arrivals.map(\.visitArrival)[0] == 2)
        #expect(arrivals.allSatisfy { $0.arrivalTime == 2 && $0.attributes == ["vip": .bool(true)] })
        #expect(arrivals.map(\.priority) == [1, 1, 0])   // the function changed the class
        #expect(finishes.map(\.task) == [reception, loan, manager] && finishes.allSatisfy { $0.state == .served })
        let s = sim.summary()
        #expect(s.served == 3 && s.journeys.last?.completed == 1 && s.journeys[manager].completed == 1)
        #expect(s.journeys[manager].maxVisits == 3 && s.journeys[manager].timeInSystem.max == sim.now - 2)
    }

    @Test("a routing function that throws leaves the customer with their teller; the next step asks again")
    func throwingFunction() throws {
        let (sim, reception, _, _, _) = try bank(seed: 3)
        struct Refused: Error {}
        var fail = true
        try sim.setRoute(.decide { _, _ in if fail { throw Refused() }; return .leave }, forTask: reception)
        _ = try sim.arrive(CustomerSpec(task: reception))
        #expect(throws: CoreError.self) { try sim.runUntilIdle() }
        #expect(sim.inService().map(\.state) == [.inService] && sim.servedTotal == 0)
        sim.checkInvariants()
        fail = false
        try sim.runUntilIdle()
        #expect(sim.servedTotal == 1 && sim.completedTotal == 1 && sim.inSystem == 0)
        // A wrong answer is an error naming the task.
        try sim.setRoute(.decide { _, _ in .to(task: 99) }, forTask: reception)
        _ = try sim.arrive(CustomerSpec(task: reception))
        #expect { try sim.runUntilIdle() } throws: { "\($0)".contains("routing function of task 'reception.welcome': chose task 99") }
    }

    @Test("probability routes draw from their own stream: same seed, same run; a route changes no other draw")
    func probabilityRoutesAreDeterministic() throws {
        func trace(seed: UInt64, route: Route?) throws -> [String] {
            let sim = Simulation(seed: seed)
            let a = try sim.addTask(TaskClass(name: "a", service: .exponential(mean: 0.8)))
            let b = try sim.addTask(TaskClass(name: "b", service: .exponential(mean: 0.5)))
            try sim.addTellers(1, skills: [a])
            try sim.addTellers(1, skills: [b])
            if let route { try sim.setRoute(route, forTask: a) }
            try sim.addArrivals(.poisson(rate: 1, mix: TaskMix([(a, 3), (b, 1)])))
            try sim.startArrivals()
            let t = Trace()
            t.install(on: sim)
            try sim.run(until: 200)
            return t.lines
        }
        let routed = Route.choice([(1, 0.4), (0, 0.1)])
        #expect(try trace(seed: 9, route: routed) == trace(seed: 9, route: routed))
        #expect(try trace(seed: 9, route: routed) != trace(seed: 10, route: routed))
        // Always leaving, but drawing each time: exactly the run without a route.
        #expect(try trace(seed: 9, route: .choice([(1, 0)])) == trace(seed: 9, route: nil))
        // About 40 % go on to b and 10 % come back to a.
        let lines = try trace(seed: 4, route: routed)
        let first = lines.filter { $0.hasPrefix("arrive") }.map { $0.split(separator: " ") }
        var visits: [Substring: Int] = [:]
        for f in first { visits[f[2], default: 0] += 1 }
        #expect(visits.values.allSatisfy { $0 >= 1 } && visits.values.contains { $0 > 1 })
        #expect(throws: CoreError.self) { try trace(seed: 1, route: .choice([(1, 0.7), (0, 0.4)])) }
        #expect(throws: CoreError.self) { try trace(seed: 1, route: .choice([(1, -0.1)])) }
        #expect(throws: CoreError.self) { try trace(seed: 1, route: .next(task: 5)) }
    }

    @Test("observers change nothing: a network run with and without them gives the same figures")
    func observersChangeNothing() throws {
        for seed in UInt64(0)..<20 {
            let (quiet, _, _, _, _) = try bank(seed: seed)
            let (watched, _, _, _, _) = try bank(seed: seed)
            Trace().install(on: watched)
            for sim in [quiet, watched] {
                try sim.addArrivals(.poisson(rate: 0.8, mix: TaskMix([(0, 1)])))
                try sim.startArrivals()
                try sim.run(until: 300)
            }
            #expect(quiet.summary() == watched.summary(), "seed \(seed)")
        }
    }

    @Test("a route set mid-run keeps the figures so far: journeys start as the per-task ones")
    func routesSetMidRun() throws {
        let sim = Simulation(seed: 5)
        let a = try sim.addTask(TaskClass(name: "a", service: .exponential(mean: 0.5)))
        let b = try sim.addTask(TaskClass(name: "b", service: .exponential(mean: 0.5)))
        try sim.addTellers(1, skills: [a])
        try sim.addTellers(1, skills: [b])
        try sim.addArrivals(.poisson(rate: 1, mix: TaskMix([(a, 1)])))
        try sim.startArrivals()
        try sim.run(until: 100)
        let before = sim.summary()
        // One station, no route: not a network, so the summary leaves the end-to-end figures out (asked for, they
        // are the tasks' own); the first route makes it one, with the figures so far.
        #expect(!sim.tracksJourneys && !sim.isNetwork && before.journeys.isEmpty && before.stations.isEmpty)
        let journeys = sim.journeySummaries()
        #expect(journeys[a].completed == before.tasks[a].served)
        #expect(journeys[a].timeInSystem == before.tasks[a].timeInSystem && journeys[a].meanVisits == 1)
        try sim.setRoute(.next(task: b), forTask: a)
        #expect(sim.isNetwork && sim.summary().journeys == journeys && sim.completedTotal == sim.servedTotal)
        try sim.run(until: 200)
        let after = sim.summary()
        #expect(after.journeys[a].completed > journeys[a].completed || after.journeys[b].completed > 0)
        #expect(after.journeys.last!.completed == after.journeys[a].completed + after.journeys[b].completed)
    }
}
