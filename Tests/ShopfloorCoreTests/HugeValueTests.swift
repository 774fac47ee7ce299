import Testing
@testable import ShopfloorCore

/// Durations and stock counts at the edge of their types never trap (issue 13 items 4 and 5).
@Suite("Huge durations and counts")
struct HugeValueTests {
    @Test("durations past the histogram's range are recorded; a percentile there is the exact max",
          arguments: [2e10, 1e12, 9_007_199_254_740_992, 1e308])
    func hugeDurations(value: Double) {
        var stats = DurationStatistics()
        stats.record(1)
        stats.record(value)
        #expect(stats.count == 2)
        #expect(stats.max == value)
        #expect(stats.percentile(99) == value)
        #expect(stats.percentile(50) > 0.999 && stats.percentile(50) <= 1.001)
    }

    @Test("services of 2e10 s and exponential(1e12) run to the end", arguments: [Distribution.fixed(2e10), .exponential(mean: 1e12)])
    func hugeServices(service: Distribution) throws {
        let sim = Simulation(seed: 3)
        let a = try sim.addTask(TaskClass(name: "a", service: service))
        try sim.addTellers(1, skills: [a])
        try sim.arrive((0..<5).map { _ in CustomerSpec(task: a) })
        #expect(try sim.runUntilIdle())
        let summary = sim.summary()
        #expect(summary.served == 5)
        #expect(summary.tasks[0].wait.p99 <= summary.tasks[0].wait.max)
    }

    @Test("a service hook answering 1e308 twice is refused with the value and the limit, not a trap")
    func serviceHookPastTheClock() throws {
        let sim = Simulation(seed: 3)
        let a = try sim.addTask(TaskClass(name: "a", service: .fixed(1)))
        try sim.addTellers(1, skills: [a])
        sim.serviceTime = { _, _, _ in 1e308 }
        try sim.arrive([CustomerSpec(task: a), CustomerSpec(task: a)])
        #expect {
            try sim.runUntilIdle()
        } throws: { error in
            "\(error)".contains("service time 1e+308 s from simulated time 1e+308 s ends past the largest time")
        }
    }

    @Test("stock near Int.max: statistics saturate, conservation holds, orders past the limit are refused")
    func hugeStock() throws {
        var stock = Stock()
        let item = try stock.define("kiwi", count: Int.max, at: 0)
        let twice = try stock.register(Recipe(name: "big", ingredients: ["kiwi": Int.max]))
        #expect(try stock.take(twice, at: 1) == nil)
        #expect(try stock.take(twice, at: 2) != nil)
        #expect(try stock.take(twice, at: 3) != nil)
        #expect(stock.items[item].lostUnits == Int.max)
        try stock.set(item, Int.max, at: 4)
        _ = try stock.take(twice, at: 5)
        stock.verifyInvariants()
        let summary = stock.summary(at: 6)
        #expect(summary.items[0].minLevel == 0 && summary.items[0].count == 0)
        #expect(summary.items[0].consumed == Int.max)

        let sim = Simulation(seed: 1)
        let kiwi = try sim.defineItem("kiwi", count: 0)
        try sim.restock(item: kiwi, amount: Int.max, leadTime: 1)
        #expect(throws: CoreError.self) { try sim.restock(item: kiwi, amount: 1, leadTime: 1) }
        try sim.runUntilIdle()
        _ = try sim.restock(item: kiwi, amount: Int.max, leadTime: 1)
        try sim.runUntilIdle()  // the delivery finds no room: the excess saturates
        #expect(sim.stock.items[kiwi].excessUnits == Int.max)
        #expect(sim.stock.summary(at: sim.now).items[0].minLevel == 0)
    }
}
