import Testing
@testable import ShopfloorCore

/// Cancelled events (a served customer's patience timer, a stopped source's next arrival) are not work: they
/// neither keep a run alive nor move the clock (issue 12 item 1, issue 13 item 18).
@Suite("Cancelled events")
struct CancelledEventTests {
    @Test("a served customer's patience timer does not keep the day open")
    func patienceOfServedCustomers() throws {
        let sim = Simulation(seed: 1)
        let a = try sim.addTask(TaskClass(name: "a", service: .fixed(1), patience: .fixed(1000)))
        try sim.addTellers(1, skills: [a])
        var closedAt: Double?
        sim.observers.onClose = { closedAt = $0.now }
        try sim.arrive([CustomerSpec(task: a), CustomerSpec(task: a), CustomerSpec(task: a)])
        #expect(try sim.runUntilIdle())
        #expect(sim.now == 3)
        #expect(closedAt == 3)
        #expect(sim.isIdle)
        let summary = sim.summary()
        #expect(summary.endTime == 3 && summary.served == 3)
        #expect(abs(summary.pools[0].utilisation - 1) < 1e-12)
    }

    @Test("a customer's own patience of 1e300 does not stretch the day either")
    func hugePatience() throws {
        let sim = Simulation(seed: 1)
        let a = try sim.addTask(TaskClass(name: "a", service: .fixed(2)))
        try sim.addTellers(1, skills: [a])
        try sim.arrive([CustomerSpec(task: a, patience: 1e300), CustomerSpec(task: a, patience: 100)])
        #expect(try sim.runUntilIdle())
        #expect(sim.now == 4)
    }

    @Test("a stopped source's drawn arrival is dropped without moving the clock")
    func stoppedArrivals() throws {
        let sim = Simulation(seed: 1)
        let a = try sim.addTask(TaskClass(name: "a", service: .fixed(1)))
        try sim.addTellers(1, skills: [a])
        try sim.addArrivals(.generator { _ in .single(gap: 500, CustomerSpec(task: a)) })
        try sim.startArrivals()
        try sim.arrive(CustomerSpec(task: a))
        try sim.stopArrivals()
        #expect(try sim.runUntilIdle())
        #expect(sim.now == 1)
        #expect(sim.nextEventTime == nil)
    }

    @Test("a reneging customer still reneges on time")
    func realRenegesStay() throws {
        let sim = Simulation(seed: 1)
        let a = try sim.addTask(TaskClass(name: "a", service: .fixed(10), patience: .fixed(4)))
        try sim.addTellers(1, skills: [a])
        try sim.arrive([CustomerSpec(task: a), CustomerSpec(task: a)])
        #expect(try sim.runUntilIdle())
        #expect(sim.summary().reneged == 1)
        #expect(sim.now == 10)
    }
}
