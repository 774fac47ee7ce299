import Testing
@testable import ShopfloorCore

/// `tellerPolicyScope`: a policy that promises to look only at the teller's own line is not asked when
/// that line is empty — and the run is exactly the run of asking it every time.
@Suite("Teller policy scope")
struct PolicyScopeTests {
    /// Cross-trained tellers (own skill first), Poisson arrivals, the own-line-only rule as a closure.
    /// Returns the observers' trace, how often the policy was asked, and how often it answered nil.
    func run(seed: UInt64, scope: TellerPolicyScope) throws -> (trace: [String], calls: Int, idle: Int) {
        let sim = Simulation(seed: seed)
        sim.checksInvariantsAfterEachEvent = false
        let deposit = try sim.addTask(TaskClass(name: "deposit", service: .exponential(mean: 0.7)))
        let loan = try sim.addTask(TaskClass(name: "loan", service: .exponential(mean: 1.1)))
        try sim.addTellers(2, skills: [deposit, loan])
        try sim.addTellers(1, skills: [loan, deposit])
        try sim.addArrivals(.poisson(rate: 2, mix: TaskMix([(deposit, 2), (loan, 1)])))
        var calls = 0, idle = 0
        sim.tellerPolicy = { t, sim in
            calls += 1
            let own = sim.skills(of: t)[0]
            if sim.lines[own].count > 0 { return .head(line: own) }
            idle += 1
            return .stayIdle
        }
        sim.tellerPolicyScope = scope
        let trace = Trace()
        trace.install(on: sim)
        try sim.startArrivals()
        try sim.run(untilServed: 2_000)
        return (trace.lines, calls, idle)
    }

    @Test("own-line scope: the same run, minus exactly the calls that answered nil", arguments: 0..<8)
    func ownScope_skipsOnlyTheNilAnswers(seed: UInt64) throws {
        let all = try run(seed: seed, scope: .allSkills)
        let own = try run(seed: seed, scope: .ownSkill)
        #expect(own.trace == all.trace)
        #expect(all.idle > 0, "the model should make the all-lines policy answer nil sometimes")
        #expect(own.idle == 0)
        #expect(own.calls == all.calls - all.idle)
    }

    @Test("setting a policy puts the scope back to all lines; a snapshot keeps the scope")
    func scope_resetsWithThePolicy_andSurvivesARestore() throws {
        let sim = Simulation(seed: 1)
        let deposit = try sim.addTask(TaskClass(name: "deposit", service: .fixed(1)))
        try sim.addTellers(1, skills: [deposit])
        sim.tellerPolicy = { _, _ in .head(line: deposit) }
        sim.tellerPolicyScope = .ownSkill
        let snapshot = sim.snapshot()
        sim.tellerPolicy = { _, _ in .stayIdle }
        #expect(sim.tellerPolicyScope == .allSkills)
        try sim.restore(snapshot)
        #expect(sim.tellerPolicyScope == .ownSkill)
    }
}
