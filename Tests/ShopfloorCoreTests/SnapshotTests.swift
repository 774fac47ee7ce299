import Testing
@testable import ShopfloorCore

/// Snapshot and restore: after a restore the simulation is indistinguishable from one that never did
/// what came after the snapshot — same state now, same events and figures from then on.
@Suite("Snapshot and restore")
struct SnapshotTests {
    /// A bank with patience, capacities and priorities, plus a juice stock with restocks: every kind of state.
    func counter(seed: UInt64) throws -> (Simulation, Trace) {
        let sim = Simulation(seed: seed)
        let deposit = try sim.addTask(TaskClass(name: "deposit", service: .exponential(mean: 0.7), capacity: 6,
                                                patience: .exponential(mean: 3)))
        let loan = try sim.addTask(TaskClass(name: "loan", service: .exponential(mean: 1.1)))
        try sim.addTellers(2, skills: [deposit])
        try sim.addTellers(1, skills: [loan, deposit])
        try sim.addArrivals(.poisson(rate: 2.2, mix: TaskMix([(deposit, 2), (loan, 1)])))
        try sim.defineItem("banana", count: 30, capacity: 50)
        try sim.register(Recipe(name: "banana juice", ingredients: ["banana": 2]))
        let trace = Trace()
        trace.install(on: sim)
        try sim.startArrivals()
        return (sim, trace)
    }

    /// What an observer could tell apart, now and in the figures.
    func state(_ sim: Simulation) -> String {
        let lines = sim.lines.map { "\($0.name):\($0.count)/\($0.staleCount)" }
        let waiting = sim.tasks.indices.map { sim.waiting(inLine: $0).map(\.number) }
        return "\(sim.now) \(sim.nextNumber) \(sim.servedTotal) \(sim.inSystem) \(lines) \(waiting) \(sim.tellers) "
            + "\(sim.inService().map(\.number)) \(sim.pendingRestocks) \(sim.stock.items.map(\.count)) "
            + "\(sim.scheduler.queue.count) \(sim.scheduler.nextSequence) \(sim.summary())"
    }

    /// Every kind of change a failed command could have made: events run, customers added, stock changed,
    /// a restock placed, statistics reset, a timer set, a task and tellers added, arrivals stopped.
    func mutate(_ sim: Simulation) throws {
        try sim.run(until: sim.now + 7.5)
        _ = try sim.arrive(CustomerSpec(task: 1, priority: 2, attributes: ["vip": .bool(true)]))
        _ = try sim.arrive([CustomerSpec(task: 0), CustomerSpec(task: 0, patience: 0.5)])
        try sim.addStock("banana", -7)
        _ = try sim.order("banana juice")
        try sim.placeRestock("banana", amount: 20, leadTime: 2)
        try sim.setTimer(id: 9, after: 1)
        // The clock's state (Sources/ShopfloorCore/Clock): core timers, a pool schedule with a hand-back, the door,
        // wait details.
        try sim.addTimer(every: 0.7) { _, _ in }
        try sim.addTimer(at: sim.now + 0.2) { sim, _ in _ = try sim.arrive(CustomerSpec(task: 0)) }
        try sim.setPoolSchedule(0, [(sim.now, 1), (sim.now + 2, 2)], leaving: .handBack)
        try sim.measureWaits(ofTask: 0, serviceLevels: [1], by: "vip")
        try sim.closeDoor(at: sim.now + 2.5)
        sim.resetStatistics()
        let extra = try sim.addTask(TaskClass(name: "exchange", service: .fixed(0.3)))
        try sim.addTellers(1, skills: [extra])
        try sim.defineItem("kiwi", count: 4)
        // A second station, routed to (the network group and its buffers change too).
        _ = try sim.station(named: "front")
        let office = try sim.station(named: "office")
        let filing = try sim.addTask(TaskClass(name: "filing", service: .fixed(0.2), capacity: 0), station: office)
        try sim.addTellers(1, skills: [filing])
        try sim.setRoute(.choice([(filing, 0.5)]), forTask: extra)
        try sim.setRoute(.next(task: filing), forTask: 0)
        try sim.run(until: sim.now + 3)
        try sim.stopArrivals()
        try sim.step()
    }

    @Test("restore brings back the same state and the same future, over many seeds")
    func restoreThenRunOnIsIdenticalToNeverHavingRun() throws {
        for seed in UInt64(0)..<40 {
            let (a, traceA) = try counter(seed: seed)
            let (b, traceB) = try counter(seed: seed)
            try a.run(until: 20)
            try b.run(until: 20)
            let before = a.snapshot()
            let saidBefore = traceA.lines.count
            try mutate(a)
            #expect(state(a) != state(b))
            try a.restore(before)
            traceA.lines.removeSubrange(saidBefore...)
            #expect(state(a) == state(b), "seed \(seed): state after restore")
            a.checkInvariants()
            try a.run(until: 60)
            try b.run(until: 60)
            #expect(traceA.lines == traceB.lines, "seed \(seed): events after restore")
            #expect(state(a) == state(b), "seed \(seed): state after running on")
        }
    }

    @Test("a snapshot can be restored twice, and taking one changes nothing")
    func snapshotsAreValues() throws {
        let (a, _) = try counter(seed: 7)
        let (b, _) = try counter(seed: 7)
        try a.run(until: 10)
        try b.run(until: 10)
        let snapshot = a.snapshot()
        for _ in 0..<2 {
            try mutate(a)
            try a.restore(snapshot)
            #expect(state(a) == state(b))
        }
        _ = a.snapshot()
        try a.run(until: 40)
        try b.run(until: 40)
        #expect(state(a) == state(b))
    }

    @Test("the published line lengths stay at the same addresses and follow the restore")
    func publishedLengthsFollow() throws {
        let (sim, _) = try counter(seed: 3)
        try sim.close()
        let (owner, address) = try #require(sim.lengthAddress(ofLine: 0))
        let snapshot = sim.snapshot()
        _ = try sim.arrive([CustomerSpec(task: 0), CustomerSpec(task: 0)])
        #expect(address.pointee == 2)
        let extra = try sim.addTask(TaskClass(name: "exchange", service: .fixed(1)))
        let (_, extraAddress) = try #require(sim.lengthAddress(ofLine: extra))
        try sim.restore(snapshot)
        #expect(address.pointee == 0 && sim.length(ofLine: 0) == 0)
        #expect(sim.lengthAddress(ofLine: 0)?.address == address)
        #expect(sim.lengthAddress(ofLine: extra) == nil)
        #expect(extraAddress.pointee == 0)   // still readable: a Lua line object may hold it
        withExtendedLifetime(owner) {}
    }

    @Test("makers' bookkeeping restores with its own state")
    func recipeServiceState() throws {
        let sim = Simulation(seed: 1)
        try sim.defineItem("banana", count: 40)
        let r = try sim.register(Recipe(name: "banana juice", ingredients: ["banana": 2]))
        let task = try sim.addTask(TaskClass(name: "banana juice", service: .fixed(1)))
        try sim.addTellers(1, skills: [task])
        let service = try sim.serveRecipes([task: r])
        try sim.addArrivals(.poisson(rate: 1, mix: TaskMix([(task, 1)])))
        try sim.startArrivals()
        try sim.run(until: 10)
        let snapshot = sim.snapshot(), bookkeeping = service.state
        let decided = service.decided, bananas = sim.count(ofItem: 0)
        try sim.run(until: 30)
        #expect(service.decided > decided)
        try sim.restore(snapshot)
        service.restore(bookkeeping)
        #expect(service.decided == decided && sim.count(ofItem: 0) == bananas)
    }

    @Test("restore is refused from an observer and for another simulation's snapshot")
    func refusals() throws {
        let (a, _) = try counter(seed: 2)
        let (b, _) = try counter(seed: 2)
        #expect(throws: CoreError.self) { try a.restore(b.snapshot()) }
        let snapshot = a.snapshot()
        var refused = false
        a.observers.onFinish = { [unowned a] _ in
            do { try a.restore(snapshot) } catch { refused = true }
        }
        try a.run(until: 10)
        #expect(refused)
    }

    @Test("runEvents stops between events when asked, and going on gives the same run")
    func runEventsStopsAtEventBoundaries() throws {
        let (a, traceA) = try counter(seed: 11)
        let (b, traceB) = try counter(seed: 11)
        var events = 0
        let finished = try a.runEvents(through: 30) { events += 1; return events > 25 }
        #expect(!finished)
        a.checkInvariants()
        #expect(try a.runEvents(through: 30) { false })
        try a.run(until: 30)
        try b.run(until: 30)
        #expect(traceA.lines == traceB.lines)
        #expect(state(a) == state(b))
    }
}
