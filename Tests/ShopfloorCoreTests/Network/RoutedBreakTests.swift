import Testing
@testable import ShopfloorCore

/// A teller's break applies at every station: a teller whose customer is routed on (not only one who finishes a
/// customer that leaves) goes away when a size change asked them to, instead of taking the next customer.
@Suite("Breaks at routed stations")
struct RoutedBreakTests {
    @Test("a routed finish lets a leaving teller leave; the pool's present count and the invariants hold")
    func routedFinishLeaves() throws {
        // A (two tellers, 1 s) → B (one teller, 0.5 s); six customers at A at 0. At 0.5 A shrinks to one teller:
        // both A tellers are serving, so one leaves after its finish at 1 (a routed finish), the other goes on.
        let sim = Simulation(seed: 1)
        let sa = try sim.station(named: "a"), sb = try sim.station(named: "b")
        let a = try sim.addTask(TaskClass(name: "first", service: .fixed(1)), station: sa)
        let b = try sim.addTask(TaskClass(name: "second", service: .fixed(0.5)), station: sb)
        let poolA = try sim.addTellers(2, skills: [a])
        try sim.addTellers(1, skills: [b])
        try sim.setRoute(.next(task: b), forTask: a)

        let trace = Trace()
        trace.install(on: sim)
        _ = try sim.arrive((0..<6).map { _ in CustomerSpec(task: a) })
        _ = try sim.addTimer(at: 0.5, keepsRunAlive: true) { sim, _ in try sim.setPoolSize(poolA, to: 1) }
        #expect(sim.checksInvariantsAfterEachEvent, "the invariants, the network's included, are checked after every event")
        try sim.runUntilIdle()
        // "start TIME NUMBER TELLER": A's tellers are 0 and 1, B's is 2.
        let startsAtA = trace.lines.filter { $0.hasPrefix("start") && ($0.hasSuffix(" 0") || $0.hasSuffix(" 1")) }
        // Both at 0, then one teller alone at 1, 2, 3, 4.
        #expect(startsAtA.map { $0.split(separator: " ")[1] } == ["0.0", "0.0", "1.0", "2.0", "3.0", "4.0"])
        let s = sim.summary()
        #expect(s.tasks[a].served == 6 && s.tasks[b].served == 6)
        #expect(sim.pools[poolA].presentCount == 1)
        #expect(sim.inSystem == 0)
        #expect(abs(sim.now - 5.5) < 1e-9, "A served one at a time after the break: last A finish at 5, B at 5.5")
    }
}
