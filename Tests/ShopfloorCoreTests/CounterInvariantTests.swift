import Testing
@testable import ShopfloorCore

@Suite("Counter invariants")
struct CounterInvariantTests {
    @Test("over 2000 random counters nobody is served twice, tellers never overbook and lines stay FIFO")
    func randomCounters() throws {
        for seed in UInt64(0)..<2000 {
            let model = try RandomCounter(seed: seed)
            let sim = model.sim
            let trace = Trace()
            trace.install(on: sim)
            try sim.run(until: 12)
            try sim.stopArrivals()
            try sim.runUntilIdle()
            sim.checkInvariants()
            #expect(sim.inSystem == 0)
            #expect(trace.started.values.allSatisfy { $0 == 1 }, "seed \(seed): someone started twice")
            #expect(trace.finished.values.allSatisfy { $0 == 1 }, "seed \(seed): someone finished twice")
            #expect(Set(trace.started.keys) == Set(trace.finished.keys))
            // (Summaries scan histograms, slow in debug builds: counts come straight from the statistics.)
            let stats = sim.taskStatistics
            let arrived = stats.reduce(0) { $0 + $1.arrived }, served = stats.reduce(0) { $0 + $1.served }
            let balked = stats.reduce(0) { $0 + $1.balked }, reneged = stats.reduce(0) { $0 + $1.reneged }
            #expect(arrived == served + balked + reneged, "seed \(seed): conservation")
            #expect(served == trace.finished.count && balked == trace.balked && reneged == trace.reneged)
            for pool in sim.pools { #expect(pool.utilisation(until: sim.now) >= 0 && pool.utilisation(until: sim.now) <= 1 + 1e-9) }
            if !model.usesPriorities {
                // FIFO per task: customers of a task start in number (= arrival) order.
                for order in trace.startOrder.values { #expect(order == order.sorted(), "seed \(seed): not FIFO") }
            }
        }
    }

    @Test("priority classes are served highest first, FIFO within a class")
    func priorities() throws {
        let sim = Simulation(seed: 1)
        let task = try sim.addTask(TaskClass(name: "desk", service: .fixed(1)))
        try sim.addTellers(1, skills: [task])
        let trace = Trace()
        trace.install(on: sim)
        for priority in [0, 1, 0, 2, 1, 2] { try sim.arrive(CustomerSpec(task: task, priority: priority)) }
        try sim.runUntilIdle()
        // Customer 1 is taken at once; then priority 2 (4, 6), 1 (2, 5), 0 (3).
        #expect(trace.startOrder[task] == [1, 4, 6, 2, 5, 3])
    }

    @Test("an arrival finding the line full balks, and impatient customers renege")
    func balkAndRenege() throws {
        let sim = Simulation(seed: 2)
        let task = try sim.addTask(TaskClass(name: "desk", service: .fixed(10), capacity: 2))
        try sim.addTellers(1, skills: [task])
        let trace = Trace()
        trace.install(on: sim)
        try sim.arrive(CustomerSpec(task: task))                  // served at once
        try sim.arrive(CustomerSpec(task: task, patience: 3))     // waits, reneges at 3
        try sim.arrive(CustomerSpec(task: task))                  // waits
        try sim.arrive(CustomerSpec(task: task))                  // line full: balks
        #expect(trace.balked == 1)
        #expect(throws: CoreError.self) { try sim.arrive(CustomerSpec(task: task, patience: -1)) }
        try sim.run(until: 5)
        #expect(trace.reneged == 1)
        #expect(sim.lines[task].count == 1)
        try sim.runUntilIdle()
        let s = sim.summary()
        #expect(s.arrived == 4 && s.served == 2 && s.balked == 1 && s.reneged == 1)
        #expect(s.tasks[0].wait.max == 10)  // customer 3 waited for customer 1
        #expect(s.lines[0].maxLength == 2)
    }

    /// Customers added while the counter is closed (a scenario building its world) are taken as if they had all come
    /// at the opening: the idle tellers take the first, the line keeps `capacity` more, the newest of the rest balk.
    /// They balked on arrival, counting no teller (none takes work before the opening): with a capacity of 0 every
    /// one of them was turned away while the tellers stood idle, and with 2 one more balked than at an open counter.
    @Test("customers there before the opening balk only beyond the tellers and the line's capacity", arguments: [0, 2])
    func balkingAtTheOpening(capacity: Int) throws {
        func run(closed: Bool) throws -> (summary: Summary, trace: Trace) {
            let sim = Simulation(seed: 5)
            let task = try sim.addTask(TaskClass(name: "desk", service: .fixed(10), capacity: capacity))
            try sim.addTellers(2, skills: [task])
            let trace = Trace()
            trace.install(on: sim)
            if closed { try sim.close() }
            for _ in 1...6 { try sim.arrive(CustomerSpec(task: task)) }
            if closed {
                #expect(trace.balked == 0 && sim.lines[task].count == 6)
                try sim.open()
            }
            try sim.runUntilIdle()
            return (sim.summary(), trace)
        }
        let (opening, trace) = try run(closed: true)
        let (open, _) = try run(closed: false)
        #expect(opening.served == 2 + capacity && opening.balked == 6 - 2 - capacity)
        #expect(opening.served == open.served && opening.balked == open.balked && opening.endTime == open.endTime)
        // The newest balk, once the tellers have taken customers 1 and 2.
        #expect(trace.lines.filter { $0.hasPrefix("balk") } == (3 + capacity...6).reversed().map { "balk 0.0 \($0)" })
    }

    @Test("a loss system (capacity 0) serves only when a teller is free")
    func lossSystem() throws {
        let sim = Simulation(seed: 3)
        let task = try sim.addTask(TaskClass(name: "phone", service: .exponential(mean: 1), capacity: 0))
        try sim.addTellers(2, skills: [task])
        try sim.addArrivals(.poisson(rate: 2, mix: TaskMix([(task, 1)])))
        try sim.startArrivals()
        sim.checksInvariantsAfterEachEvent = false
        try sim.run(until: 50_000)
        let s = sim.summary()
        // Erlang B with a = 2, c = 2: B = (a²/2) / (1 + a + a²/2) = 0.4.
        let blocked = Double(s.balked) / Double(s.arrived)
        #expect(abs(blocked - 0.4) < 0.01)
        #expect(s.tasks[0].wait.max == 0)
    }

    @Test("a multi-skilled teller tries its skills in the order listed")
    func skillOrder() throws {
        let sim = Simulation(seed: 4)
        let deposit = try sim.addTask(TaskClass(name: "deposit", service: .fixed(1)))
        let loan = try sim.addTask(TaskClass(name: "loan", service: .fixed(1)))
        try sim.addTellers(1, skills: [loan, deposit], name: "senior")
        let trace = Trace()
        trace.install(on: sim)
        for task in [deposit, deposit, loan] { try sim.arrive(CustomerSpec(task: task)) }
        try sim.runUntilIdle()
        // Customer 1 is taken at once; when free, the teller prefers the loan (3) over the older deposit (2).
        #expect(trace.lines.filter { $0.hasPrefix("start") }.map { $0.split(separator: " ")[2] } == ["1", "3", "2"])
    }

    @Test("memory does not grow with the number of customers served")
    func boundedMemory() throws {
        let sim = try BankOpenModel().make(seed: 9)
        sim.checksInvariantsAfterEachEvent = false
        try sim.run(untilServed: 20_000)
        let slots = sim.table.records.count
        try sim.run(untilServed: 100_000)
        #expect(sim.table.records.count <= max(slots * 2, 200))
        #expect(sim.scheduler.queue.count < 100)
    }
}
