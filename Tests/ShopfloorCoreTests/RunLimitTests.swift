import Testing
@testable import ShopfloorCore

/// The progress guard, the horizon and the wall-clock limit (issue 13 item 11).
@Suite("Run limits")
struct RunLimitTests {
    func counter() throws -> (Simulation, Int) {
        let sim = Simulation(seed: 1)
        sim.checksInvariantsAfterEachEvent = false
        let a = try sim.addTask(TaskClass(name: "a", service: .fixed(1)))
        try sim.addTellers(1, skills: [a])
        return (sim, a)
    }

    @Test("a generator answering gap 0 forever stops at the limit of events per instant, one per call or in batches")
    func zeroGapGenerators() throws {
        for batch in [false, true] {
            let (sim, a) = try counter()
            sim.limits.maxEventsPerInstant = 500
            if batch {
                try sim.addArrivals(.batchGenerator(size: 16) { gaps, tasks, _ in
                    for i in 0..<gaps.count { gaps[i] = 0; tasks[i] = Int32(a) }
                    return gaps.count
                })
            } else {
                try sim.addArrivals(.generator { _ in .single(gap: 0, CustomerSpec(task: a)) })
            }
            try sim.startArrivals()
            #expect {
                try sim.run(until: 10)
            } throws: { error in
                guard case CoreError.noProgress(let time, let events, let kind, _) = error else { return false }
                return time == 0 && events == 500 && kind == .arrival
            }
            #expect(sim.now == 0)
            #expect(sim.inSystem <= 501)
        }
    }

    @Test("restocks delivered at once that order again stop at the limit too")
    func zeroLeadRestocks() throws {
        let (sim, _) = try counter()
        sim.limits.maxEventsPerInstant = 300
        let kiwi = try sim.defineItem("kiwi", count: 0, capacity: 5)
        sim.observers.onDelivery = { delivery in _ = try sim.restock(item: kiwi, amount: 1, leadTime: 0) }
        try sim.restock(item: kiwi, amount: 1, leadTime: 0)
        #expect(throws: CoreError.self) { try sim.runUntilIdle() }
        #expect(sim.now == 0)
    }

    @Test("many events at one instant below the limit are fine; the count restarts when the clock moves")
    func belowTheLimit() throws {
        let (sim, a) = try counter()
        sim.limits.maxEventsPerInstant = 50
        var n = 0
        try sim.addArrivals(.generator { _ in n += 1; return n <= 400 ? .single(gap: n % 40 == 0 ? 1 : 0, CustomerSpec(task: a)) : nil })
        try sim.startArrivals()
        #expect(try sim.runUntilIdle())
        #expect(sim.summary().served == 400)
    }

    @Test("the horizon is a hard stop for every run method")
    func horizon() throws {
        let (sim, a) = try counter()
        sim.limits.horizon = 5
        try sim.addArrivals(.generator { _ in .single(gap: 1, CustomerSpec(task: a)) })
        try sim.startArrivals()
        try sim.run(untilServed: 1_000)
        #expect(sim.now <= 5)
        #expect(sim.servedTotal == 4)
        try sim.run(until: 100)
        #expect(sim.now == 5)
        #expect(!(try sim.runUntilIdle()))
        #expect(sim.now == 5)
    }

    @Test("a wall-clock limit already used up stops the run within 4096 events")
    func wallClock() throws {
        let (sim, a) = try counter()
        sim.limits.wallClock(seconds: 0)
        try sim.addArrivals(.generator { _ in .single(gap: 1, CustomerSpec(task: a)) })
        try sim.startArrivals()
        #expect {
            try sim.run(until: 1e9)
        } throws: { error in
            guard case CoreError.wallClockLimit(let seconds, _) = error else { return false }
            return seconds == 0
        }
        #expect(sim.now < 4096)
    }
}
