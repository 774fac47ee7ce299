import Testing
@testable import ShopfloorCore

struct ScriptError: Error, CustomStringConvertible {
    var description: String { "policy.lua:3: boom" }
}

@Suite("Hooks and the seed scenarios")
struct HookTests {
    @Test("the seed's bank day: 10–30 customers at opening, 2 deposit and 1 loan teller, close reported once at the end")
    func seedBankDay() throws {
        let sim = Simulation(seed: 2024)
        let deposit = try sim.addTask(TaskClass(name: "deposit", service: .fixed(0.7)))
        let loan = try sim.addTask(TaskClass(name: "loan", service: .fixed(1.1)))
        try sim.addTellers(2, skills: [deposit])
        try sim.addTellers(1, skills: [loan])
        var rng = sim.streams.stream("customers")
        let n = rng.int(10, 30)
        var closes: [(Int, Double)] = []
        sim.observers.onClose = { closes.append(($0.servedTotal, $0.now)) }
        let trace = Trace()
        trace.install(on: sim)
        let numbers = try sim.arrive((0..<n).map { _ in CustomerSpec(task: rng.pick([deposit, loan])!) })
        #expect(numbers == 1...n)
        try sim.runUntilIdle()
        let loans = trace.arrivals.values.filter { $0 == loan }.count
        let deposits = n - loans
        let expectedEnd = max(Double(loans) * 1.1, Double((deposits + 1) / 2) * 0.7)
        #expect(closes.count == 1)
        #expect(closes.first?.0 == n)
        #expect(abs((closes.first?.1 ?? 0) - expectedEnd) < 1e-9)
        // "Add 10 customers" continues the numbering; reset starts again at 1 with the clock at 0.
        let more = try sim.arrive((0..<10).map { _ in CustomerSpec(task: deposit) })
        #expect(more == (n + 1)...(n + 10))
        try sim.reset()
        #expect(sim.now == 0 && sim.inSystem == 0 && sim.nextNumber == 1)
        #expect(try sim.arrive(CustomerSpec(task: loan)) == 1)
    }

    @Test("a teller policy chooses, may keep a teller idle, and invalid choices are refused")
    func tellerPolicy() throws {
        let sim = Simulation(seed: 1)
        let deposit = try sim.addTask(TaskClass(name: "deposit", service: .fixed(1)))
        let loan = try sim.addTask(TaskClass(name: "loan", service: .fixed(1)))
        try sim.addTellers(1, skills: [deposit, loan])
        // Loans first, by customer number.
        sim.tellerPolicy = { _, sim in
            if let c = sim.head(ofLine: loan) { return .customer(number: c.number) }
            return .head(line: deposit)
        }
        let trace = Trace()
        trace.install(on: sim)
        try sim.arrive([CustomerSpec(task: deposit), CustomerSpec(task: deposit), CustomerSpec(task: loan)])
        try sim.runUntilIdle()
        // All three are present before the teller chooses, so the loan goes first.
        #expect(trace.lines.filter { $0.hasPrefix("start") }.map { $0.split(separator: " ")[2] } == ["3", "1", "2"])
        sim.tellerPolicy = { _, _ in .stayIdle }
        try sim.arrive(CustomerSpec(task: deposit))
        try sim.runUntilIdle()
        #expect(sim.inSystem == 1)
        sim.tellerPolicy = { _, _ in .head(line: 7) }
        #expect(throws: CoreError.self) { try sim.dispatchIdleTellers() }
        #expect(sim.inSystem == 1)
        sim.tellerPolicy = nil
        try sim.dispatchIdleTellers()
        try sim.runUntilIdle()
        #expect(sim.inSystem == 0)
    }

    @Test("a throwing hook stops the run consistently and the run resumes once it is fixed")
    func throwingHooks() throws {
        for seed in UInt64(0)..<200 {
            let model = try RandomCounter(seed: seed)
            let sim = model.sim
            let trace = Trace()
            trace.install(on: sim)
            var calls = 0
            var failures = 0
            let failEvery = 3 + Int(seed % 5)
            sim.serviceTime = { c, _, sim in
                calls += 1
                if calls % failEvery == 0 { throw ScriptError() }
                return 0.3 + Double(c.number % 3) * 0.2
            }
            sim.observers.onFinish = { e in
                trace.finished[e.customer.number, default: 0] += 1
                if calls % 7 == 0 { throw ScriptError() }
            }
            var steps = 0
            while steps < 400 {
                do {
                    guard try sim.step() else { break }
                } catch let error as CoreError {
                    guard case .hookFailed(_, let underlying) = error, underlying is ScriptError else { throw error }
                    failures += 1
                    sim.checkInvariants()
                }
                steps += 1
            }
            try sim.stopArrivals()
            sim.serviceTime = nil
            sim.observers.onFinish = { e in trace.finished[e.customer.number, default: 0] += 1 }
            try sim.runUntilIdle()
            sim.checkInvariants()
            #expect(failures > 0 || calls < failEvery)
            #expect(sim.inSystem == 0)
            #expect(trace.started.values.allSatisfy { $0 == 1 }, "seed \(seed)")
            #expect(trace.finished.values.allSatisfy { $0 == 1 }, "seed \(seed)")
            let stats = sim.taskStatistics
            #expect(stats.allSatisfy { $0.arrived == $0.served + $0.balked + $0.reneged }, "seed \(seed)")
        }
    }

    @Test("a generator that throws is retried on the next step, and nil stops arrivals")
    func generatorHook() throws {
        let sim = Simulation(seed: 4)
        let task = try sim.addTask(TaskClass(name: "desk", service: .fixed(0.5)))
        try sim.addTellers(1, skills: [task])
        var calls = 0
        try sim.addArrivals(.generator { _ in
            calls += 1
            if calls == 3 { throw ScriptError() }
            if calls > 6 { return nil }
            return calls == 5 ? .batch(gap: 1, [CustomerSpec(task: task), CustomerSpec(task: task)])
                              : .single(gap: 1, CustomerSpec(task: task))
        })
        try sim.startArrivals()
        #expect(throws: CoreError.self) { try sim.runUntilIdle() }
        try sim.runUntilIdle()
        // Calls 1, 2, 4 and 6 bring one customer, 5 brings two, 3 threw (and was retried as 4), 7 stopped.
        #expect(sim.summary().served == 6)
        #expect(calls == 7)
        // A generator may not change the simulation it is asked about.
        let sim2 = Simulation()
        let t2 = try sim2.addTask(TaskClass(name: "x", service: .fixed(1)))
        try sim2.addArrivals(.generator { sim in
            try sim.arrive(CustomerSpec(task: t2))
            return nil
        })
        #expect(throws: CoreError.self) { try sim2.startArrivals() }
    }

    @Test("observers may not run the simulation they observe")
    func noReentrantRun() throws {
        let sim = Simulation()
        let task = try sim.addTask(TaskClass(name: "x", service: .fixed(1)))
        try sim.addTellers(1, skills: [task])
        sim.observers.onStart = { _ in try sim.run(until: 100) }
        #expect(throws: CoreError.self) { try sim.arrive(CustomerSpec(task: task)) }
        sim.observers.onStart = nil
        try sim.runUntilIdle()
        #expect(sim.summary().served == 1)
    }

    @Test("timers call the timer observer with their id at their time")
    func timers() throws {
        let sim = Simulation()
        var fired: [(Int, Double)] = []
        sim.observers.onTimer = { id, sim in fired.append((id, sim.now)) }
        try sim.setTimer(id: 2, after: 5)
        try sim.setTimer(id: 1, after: 1)
        try sim.runUntilIdle()
        #expect(fired.map(\.0) == [1, 2] && fired.map(\.1) == [1, 5])
    }

    @Test("setup errors quote the bad parameter")
    func setupErrors() throws {
        let sim = Simulation()
        let task = try sim.addTask(TaskClass(name: "x", service: .fixed(1)))
        #expect(throws: CoreError.self) { try sim.addTask(TaskClass(name: "x", service: .fixed(1))) }
        do { try sim.addTellers(0, skills: [task]); Issue.record("accepted") } catch {
            #expect("\(error)" == "tellers: 'count' must be >= 1, got 0")
        }
        #expect(throws: CoreError.self) { try sim.addTellers(1, skills: [3]) }
        do { try sim.addArrivals(.poisson(rate: -2, mix: TaskMix([(task, 1)]))); Issue.record("accepted") } catch {
            #expect("\(error)" == "poisson: 'rate' must be > 0, got -2")
        }
        #expect(throws: CoreError.self) { try TaskMix([(task, -1)]) }
    }
}
