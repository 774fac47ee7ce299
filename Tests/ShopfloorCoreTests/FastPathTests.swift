import Testing
@testable import ShopfloorCore

/// The core's performance shortcuts give exactly the results of the plain code they replace.
@Suite("Fast paths")
struct FastPathTests {
    /// A counter whose tellers know both tasks, their own listed first (bank_open.lua's tellers).
    func crossTrained(seed: UInt64) throws -> Simulation {
        let sim = Simulation(seed: seed)
        let deposit = try sim.addTask(TaskClass(name: "deposit", service: .exponential(mean: 0.7), capacity: 6))
        let loan = try sim.addTask(TaskClass(name: "loan", service: .exponential(mean: 1.1), patience: .exponential(mean: 9)))
        try sim.addTellers(2, skills: [deposit, loan], name: "deposit")
        try sim.addTellers(1, skills: [loan, deposit], name: "loan")
        try sim.addArrivals(.poisson(rate: 2.2, mix: TaskMix([(deposit, 2), (loan, 1)])))
        return sim
    }

    @Test("the built-in own-skill rule runs exactly as the same rule written as a policy closure")
    func ownSkillRuleMatchesClosure() throws {
        for seed in UInt64(0)..<30 {
            let native = try crossTrained(seed: seed)
            native.builtinTellerRule = .ownSkillOnly
            let closure = try crossTrained(seed: seed)
            closure.tellerPolicy = { teller, sim in
                let own = sim.teller(teller).skills[0]
                return sim.length(ofLine: own) > 0 ? .head(line: own) : .stayIdle
            }
            let a = Trace(), b = Trace()
            a.install(on: native)
            b.install(on: closure)
            try native.startArrivals()
            try closure.startArrivals()
            try native.run(untilServed: 400)
            try closure.run(untilServed: 400)
            #expect(a.lines.filter { !$0.hasPrefix("arrive") } == b.lines.filter { !$0.hasPrefix("arrive") }, "seed \(seed)")
            #expect(native.summary() == closure.summary(), "seed \(seed)")
            native.checkInvariants()
        }
    }

    @Test("setting a teller policy (even nil) puts the built-in rule back to skills in order")
    func policyResetsBuiltinRule() throws {
        let sim = try crossTrained(seed: 1)
        sim.builtinTellerRule = .ownSkillOnly
        sim.tellerPolicy = nil
        #expect(sim.builtinTellerRule == .skillsInOrder)
    }

    @Test("each line's published length always equals its length")
    func publishedLengths() throws {
        for seed in UInt64(0)..<20 {
            let counter = try RandomCounter(seed: seed)
            let sim = counter.sim
            let cells = sim.tasks.indices.map { sim.lengthAddress(ofLine: $0)! }
            for _ in 0..<2_000 {
                try sim.step()
                for (l, cell) in cells.enumerated() { #expect(cell.address.pointee == sim.length(ofLine: l)) }
            }
            try sim.reset()
            for (l, cell) in cells.enumerated() { #expect(cell.address.pointee == sim.length(ofLine: l)) }
        }
        #expect(Simulation().lengthAddress(ofLine: 0) == nil)
    }

    @Test("the duration histogram keeps HdrHistogram's buckets: index and value round-trip, 3 digits")
    func histogramBuckets() {
        var rng = Xoshiro256StarStar(seed: 5)
        for _ in 0..<100_000 {
            let v = rng.next() >> (rng.next() % 64)
            let i = DurationHistogram.index(of: v)
            #expect(i >= 0 && i < DurationHistogram.countsLength)
            let low = DurationHistogram.value(at: i)
            let high = DurationHistogram.highestEquivalent(low)
            #expect(low <= v && v <= high)
            #expect(v < 2048 ? low == high : Double(high - low) <= Double(low) / 1024)
        }
        #expect(DurationHistogram.index(of: .max) == DurationHistogram.countsLength - 1)
    }

    @Test("histogram copies are independent values, and a reset forgets everything")
    func histogramValueSemantics() {
        var a = DurationHistogram()
        for v in 1...1000 { a.record(UInt64(v) * 1_000) }
        let median = a.valueAtPercentile(50)
        var b = a
        for _ in 0..<1000 { b.record(5_000_000) }
        #expect(a.totalCount == 1000 && b.totalCount == 2000)
        #expect(a.valueAtPercentile(100) == 1_000_000 && b.valueAtPercentile(100) == 5_000_000)
        #expect(a.valueAtPercentile(50) == median && b.valueAtPercentile(75) > 4_990_000)
        a.reset()
        #expect(a.totalCount == 0 && a.valueAtPercentile(50) == 0 && b.totalCount == 2000)
        a.record(7)
        #expect(a.valueAtPercentile(50) == 7 && a.min == 7)
    }
}
