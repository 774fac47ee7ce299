import Testing
@testable import ShopfloorCore

/// Event order for every documented way of making customers: a customer's arrival is reported before their
/// start, and their start before their finish — also for groups arriving at one instant (issue 12 item 6).
@Suite("Event order for every way of making customers")
struct EventOrderTests {
    /// Two tasks, three tellers able to take a group at once.
    func counter(seed: UInt64 = 1) throws -> Simulation {
        let sim = Simulation(seed: seed)
        let a = try sim.addTask(TaskClass(name: "a", service: .exponential(mean: 1)))
        let b = try sim.addTask(TaskClass(name: "b", service: .exponential(mean: 2), patience: .fixed(3)))
        try sim.addTellers(3, skills: [a, b])
        return sim
    }

    /// Every customer in `lines` arrives before starting, starts (at most once) before finishing.
    func expectOrdered(_ lines: [String], customers: Int) {
        var seen: [Int: String] = [:]
        for line in lines {
            let parts = line.split(separator: " ")
            let kind = String(parts[0]), number = Int(parts[2])!
            switch kind {
            case "arrive": #expect(seen[number] == nil, "\(number) arrived twice"); seen[number] = "arrive"
            case "start": #expect(seen[number] == "arrive", "customer \(number) started without arriving: \(lines)")
                seen[number] = "start"
            case "finish": #expect(seen[number] == "start", "customer \(number) finished without starting"); seen[number] = "finish"
            case "renege": #expect(seen[number] == "arrive", "customer \(number) reneged without waiting"); seen[number] = "renege"
            default: break
            }
        }
        #expect(seen.count == customers, "expected \(customers) customers, saw \(seen.count)")
    }

    func run(_ sim: Simulation, _ make: (Simulation) throws -> Void) throws -> [String] {
        let trace = Trace()
        trace.install(on: sim)
        try make(sim)
        try sim.runUntilIdle()
        sim.checkInvariants()
        return trace.lines
    }

    @Test("a generator returning groups reports every arrival of the group before any start", arguments: [2, 3, 5])
    func groups(size: Int) throws {
        let sim = try counter()
        var groups = 0
        try sim.addArrivals(.generator { _ in
            groups += 1
            guard groups <= 20 else { return nil }
            return .batch(gap: 1, (0..<size).map { CustomerSpec(task: $0 % 2) })
        })
        let lines = try run(sim) { try $0.startArrivals() }
        expectOrdered(lines, customers: 20 * size)
        // The first group: all its arrivals come before its first start.
        let firstStart = try #require(lines.firstIndex { $0.hasPrefix("start") })
        #expect(lines[..<firstStart].filter { $0.hasPrefix("arrive") }.count == size)
    }

    @Test("one per call, batches, arrive, arrive(list) and Poisson arrivals keep the order too")
    func everyWay() throws {
        var sim = try counter()
        var n = 0
        try sim.addArrivals(.generator { _ in n += 1; return n <= 30 ? .single(gap: 0.3, CustomerSpec(task: n % 2)) : nil })
        expectOrdered(try run(sim) { try $0.startArrivals() }, customers: 30)

        sim = try counter()
        var calls = 0
        try sim.addArrivals(.batchGenerator(size: 4) { gaps, tasks, _ in
            calls += 1
            guard calls <= 5 else { return 0 }
            for i in 0..<gaps.count { gaps[i] = i == 0 ? 1 : 0; tasks[i] = Int32(i % 2) }
            return gaps.count
        })
        expectOrdered(try run(sim) { try $0.startArrivals() }, customers: 20)

        sim = try counter()
        expectOrdered(try run(sim) { s in for i in 0..<5 { try s.arrive(CustomerSpec(task: i % 2)) } }, customers: 5)

        sim = try counter()
        expectOrdered(try run(sim) { s in try s.arrive((0..<7).map { CustomerSpec(task: $0 % 2) }) }, customers: 7)

        sim = try counter()
        try sim.addArrivals(.poisson(rate: 2, mix: TaskMix([(0, 1), (1, 1)])))
        let trace = Trace()
        trace.install(on: sim)
        try sim.startArrivals()
        try sim.run(untilServed: 200)
        try sim.stopArrivals()
        try sim.runUntilIdle()
        expectOrdered(trace.lines, customers: trace.arrivals.count)
    }

    struct ObserverFailure: Error {}

    @Test("an arrive observer that throws once: the run goes on after it and everyone is served once", arguments: [1, 4])
    func throwingArriveObserver(groupSize: Int) throws {
        let sim = try counter()
        var thrown = false
        sim.observers.onArrive = { _ in if !thrown { thrown = true; throw ObserverFailure() } }
        var finished = 0
        sim.observers.onFinish = { _ in finished += 1 }
        #expect(throws: CoreError.self) {
            if groupSize == 1 { try sim.arrive(CustomerSpec(task: 0)) } else {
                try sim.arrive((0..<groupSize).map { CustomerSpec(task: $0 % 2) })
            }
        }
        #expect(try sim.runUntilIdle())
        sim.checkInvariants()
        #expect(finished + sim.summary().reneged == groupSize)
    }
}
