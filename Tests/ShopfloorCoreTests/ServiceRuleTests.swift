import Testing
@testable import ShopfloorCore

/// The makers' path is a rule the counter is configured with (``ServiceRule``), derived from the hooks: installed
/// by `serveRecipes`, dropped when either hook is replaced, brought back by a restore — never a check inside the
/// counter's own rules.
@Suite("Service rules")
struct ServiceRuleTests {
    /// Which rule is installed, comparable (the makers' case by the service's identity).
    func rule(_ sim: Simulation) -> String {
        switch sim.serviceRule {
        case .builtin: "builtin"
        case .policy: "policy"
        case .makers(let service): "makers \(ObjectIdentifier(service.takeUnretainedValue()))"
        }
    }

    @Test("serveRecipes installs the makers' rule; replacing a hook drops it; a restore brings it back")
    func rulesFollowTheHooks() throws {
        let (sim, service) = try StockMakersTests().juiceBar(seed: 3, initial: 10)
        #expect(rule(sim) == "makers \(ObjectIdentifier(service))")
        let makers = sim.snapshot()
        let serviceTime = sim.serviceTime
        sim.serviceTime = serviceTime  // the same closure, but now a hook like any other
        #expect(rule(sim) == "policy" && sim.makers == nil)
        let policy = sim.snapshot()
        sim.tellerPolicy = nil
        sim.serviceTime = nil
        #expect(rule(sim) == "builtin")
        sim.builtinTellerRule = .ownSkillOnly
        #expect(rule(sim) == "builtin" && sim.ownSkillOnly)
        try sim.restore(makers)
        #expect(rule(sim) == "makers \(ObjectIdentifier(service))")
        try sim.restore(policy)
        #expect(rule(sim) == "policy")
    }

    @Test("a counter without makers never takes the makers' rule, whatever hooks come and go")
    func noMakersNoMakersRule() throws {
        let sim = try BankOpenModel().make(seed: 2)
        #expect(rule(sim) == "builtin")
        sim.tellerPolicy = { _, _ in .stayIdle }
        #expect(rule(sim) == "policy")
        sim.tellerPolicyScope = .ownSkill
        #expect(rule(sim) == "policy" && sim.policyOwnSkillOnly)
        sim.tellerPolicy = nil
        #expect(rule(sim) == "builtin" && !sim.policyOwnSkillOnly)
        try sim.run(untilServed: 200)
        sim.checkInvariants()
    }
}
