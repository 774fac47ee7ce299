import LuaKit
import ShopfloorCore

/// Service-time functions and teller policies per counter (station). The core has one service-time hook and
/// one teller policy for the world; a world whose hooks all belong to the first counter installs them as it
/// always did (World+Counter.swift, unchanged and as fast). Once a second counter sets one, the core gets a
/// dispatcher: per service start or decision it finds the teller's station and calls that counter's function;
/// a counter without one keeps its default (the task's or pool's distribution, drawn from the `"service:NAME"`
/// stream of that station; the built-in rule "skills in order").
extension World {
    /// A station's own hooks, once a second counter set one (every station's, the first's included; the first's
    /// are also in `HookRefs.serviceTime` and `.policy`, which name them in messages).
    struct StationHookRefs {
        var serviceTime: LuaReference?
        var policy: LuaReference?
        /// `counter:policy "fifo"`: the teller serves only its first skill.
        var ownSkillOnly = false
        /// `counter:policy(fn, { looks_at = "own" })`: the function is asked only when the teller's own line has
        /// someone (its promise: it would answer nil otherwise).
        var looksAtOwn = false
        /// The makers' rule (`stock:makers` on this counter, no policy set since): the oldest order across the
        /// teller's lines. Kept per station so a second counter does not put the makers back to "skills in order".
        var oldestFirst = false
    }

    /// Whether the hooks are per station (a second counter set one): the dispatchers below are installed.
    var hooksPerStation: Bool { !hooks.stations.isEmpty }

    /// Whether the world's teller policy is the makers' own (installed by `stock:makers`, no policy set since): a
    /// policy installed, none of the scripts'.
    var makersRuleInstalled: Bool { stock?.service != nil && simulation.tellerPolicy != nil && hooks.policy == nil }

    /// `stock:makers` in a world whose hooks are per station: the makers' rule is the first counter's (their
    /// tasks and pool are its), the other counters keep theirs (``Simulation/serveRecipes(_:)`` installed it
    /// for the whole world).
    func makersAdded() {
        guard hooksPerStation else { return }
        var refs = hooks.stations[0] ?? StationHookRefs()
        refs.policy = nil
        refs.ownSkillOnly = false
        refs.looksAtOwn = false
        refs.oldestFirst = true
        hooks.stations[0] = refs
        installPolicyDispatcher()
    }

    /// Moves to per-station hooks: the first counter's current ones become station 0's entry.
    func startHooksPerStation() {
        guard !hooksPerStation else { return }
        hooks.stations[0] = StationHookRefs(serviceTime: hooks.serviceTime, policy: hooks.policy,
                                            ownSkillOnly: simulation.tellerPolicy == nil && simulation.builtinTellerRule == .ownSkillOnly,
                                            looksAtOwn: simulation.tellerPolicy != nil && simulation.tellerPolicyScope == .ownSkill,
                                            oldestFirst: makersRuleInstalled)
    }

    /// A counter was added (World+Stations.swift). If the first counter set a policy or service-time function the
    /// fast way, for the whole world, they become the first counter's own, so the new counter's tellers keep their
    /// defaults (before, the first counter's policy was asked for every station's tellers and could leave another
    /// station's line unserved). Once hooks are per station, the policy dispatcher is made again to cover it.
    /// Event hooks a counter added (`counter:on`) stay its own: the new station's events do not reach them.
    func stationAdded() {
        hooks.events.stations = simulation.stations.count
        guard hasSeveralStations else { return }
        if !hooksPerStation {
            let policySet = simulation.tellerPolicy != nil || simulation.builtinTellerRule == .ownSkillOnly
            let serviceTimeSet = simulation.serviceTime != nil
            guard policySet || serviceTimeSet else { return }
            startHooksPerStation()
            if serviceTimeSet { installServiceTimeDispatcher() }
            guard policySet else { return }
        }
        installPolicyDispatcher()
    }

    /// `counter:service_time(fn | nil)` on counter `station`, per station; the function (or nil) is at argument 2.
    func setStationServiceTime(_ station: Int, _ call: LuaCall) throws {
        startHooksPerStation()
        if call.isNil(2) {
            hooks.stations[station, default: StationHookRefs()].serviceTime = nil
        } else {
            try call.checkFunction(2)
            call.stack.pushCopy(of: 2)
            hooks.stations[station, default: StationHookRefs()].serviceTime = LuaReference(popping: lua)
        }
        if station == 0 { hooks.serviceTime = hooks.stations[0]?.serviceTime }
        installServiceTimeDispatcher()
    }

    /// `counter:policy(fn | "fifo" | "skills")` on counter `station`, per station.
    func setStationPolicy(_ station: Int, _ call: LuaCall) throws {
        startHooksPerStation()
        var refs = hooks.stations[station] ?? StationHookRefs()
        if call.stack.isString(at: 2) {
            try checkNoPolicyOptions(call)
            switch try call.name(2) {
            case "skills": refs.policy = nil; refs.ownSkillOnly = false; refs.oldestFirst = false
            case "fifo": refs.policy = nil; refs.ownSkillOnly = true; refs.oldestFirst = false
            case let other:
                throw ScriptingError.invalidScenario(
                    "policy: " + UnknownName.message("built-in rule", other, among: ["fifo", "skills"], label: "built in")
                        + "; or pass a function(teller, lines)")
            }
        } else {
            try call.checkFunction(2)
            let scope = try policyScope(call)
            call.stack.pushCopy(of: 2)
            refs.policy = LuaReference(popping: lua)
            refs.ownSkillOnly = false
            refs.oldestFirst = false
            refs.looksAtOwn = scope == .ownSkill
        }
        hooks.stations[station] = refs
        if station == 0 { hooks.policy = refs.policy }
        installPolicyDispatcher()
    }

    /// The core's service-time hook for a world where a second counter set one.
    func installServiceTimeDispatcher() {
        guard hooks.stations.values.contains(where: { $0.serviceTime != nil }) else {
            simulation.serviceTime = nil
            return
        }
        // Performance: each station's function, or its stream, found once here, not per service (a dictionary
        // lookup, a stream name built and looked up, a teller record and a copy of the pools per draw: a two-counter
        // world with one function, 240,000 customers, 2,429 → 1,533 M instructions, output identical). Every change
        // of a station's function installs this again; a stream made now starts where it would on its first draw
        // (streams are seeded by name), and a rollback restores the same stream objects.
        let count = simulation.stations.count
        let functions = (0..<count).map { hooks.stations[$0]?.serviceTime }
        let streams = (0..<count).map { functions[$0] == nil ? stream(named: "service:" + simulation.stations[$0].name) : nil }
        simulation.serviceTime = { [unowned self] customer, teller, simulation in
            let station = simulation.station(ofTeller: teller)
            guard station < count, let function = functions[station] else {
                let distribution = simulation.defaultService(teller: teller, task: customer.task)
                let stream = station < count ? streams[station]! : self.stream(named: "service:" + simulation.stations[station].name)
                return distribution.sampleDuration(using: &stream.generator)
            }
            return try self.callServiceTime(function, customer: customer, teller: teller)
        }
    }

    /// One call of a service-time function; a bad answer names its `file:line`.
    func callServiceTime(_ function: LuaReference, customer: Customer, teller: Int) throws -> Double {
        let stack = lua.stack
        let base = stack.top
        defer { stack.setTop(base) }
        let handle = makeCustomerHandle()
        let saved = handle.enter(customer, time: simulation.now, teller: teller)
        defer { handle.leave(saved) }
        function.push()
        handle.pushCurrent()
        pushTellerTable(teller)
        try lua.protectedCall(arguments: 2, results: 1)
        return try decodingAnswer(of: function) {
            guard stack.isNumber(at: -1), let d = stack.double(at: -1), d.isFinite, d >= 0 else {
                throw ScriptingError.invalidScenario("service time must return a finite number of seconds >= 0, got \(OptionTable.show(stack.value(at: -1, depth: 0)))")
            }
            return d
        }
    }

    /// The core's teller policy for a world where a second counter set one. When no counter has a Lua policy and
    /// all follow one built-in rule (a counter that set none: "skills in order"), that is the core's own rule: no
    /// call per decision. Otherwise a dispatcher finds the teller's station (two array reads) and calls its
    /// function or applies its built-in rule (scripts/bench/tandem: a closure that built the teller's record and
    /// looked up dictionaries cost ~2,500 instructions per customer).
    ///
    /// `looks_at = "own"` is kept per station: when every station looks only at the teller's own line (a function
    /// with that promise, or "fifo"), the core asks only when someone waits there, as for one counter; otherwise
    /// the dispatcher answers for such a station's function without calling it when the own line is empty.
    func installPolicyDispatcher() {
        let count = simulation.stations.count
        // Performance: constants for the closure; a captured `var` is a box with a dynamic exclusivity check per
        // read (~75 instructions per decision, scripts/bench/tandem policies=lua).
        let refs = (0..<count).map { hooks.stations[$0] }
        let calls = refs.map { station in station?.policy.map { HookCall(world: self, function: $0) } }
        let ownOnly = refs.map { $0?.ownSkillOnly ?? false }
        let looksAtOwn = refs.map { $0?.policy != nil && $0?.looksAtOwn == true }
        let oldestFirst = refs.map { $0?.policy == nil && $0?.oldestFirst == true }
        if calls.allSatisfy({ $0 == nil }) && Set(ownOnly).count == 1 && !oldestFirst.contains(true) {
            simulation.tellerPolicy = nil  // (puts the built-in rule back to skills in order: set it after)
            simulation.builtinTellerRule = ownOnly[0] ? .ownSkillOnly : .skillsInOrder
            return
        }
        let everyStationOwnOnly = (0..<count).allSatisfy { calls[$0] != nil ? looksAtOwn[$0] : ownOnly[$0] }
        let checksOwnLine = !everyStationOwnOnly && looksAtOwn.contains(true)
        simulation.tellerPolicy = { teller, simulation in
            let station = simulation.station(ofTeller: teller)
            if station < calls.count, let call = calls[station] {
                if checksOwnLine && looksAtOwn[station],
                   case .stayIdle = simulation.builtinChoice(forTeller: teller, ownSkillOnly: true) {
                    return .stayIdle
                }
                return try call.choose(teller: teller, simulation: simulation)
            }
            if station < oldestFirst.count && oldestFirst[station] { return simulation.oldestHead(forTeller: teller) }
            return simulation.builtinChoice(forTeller: teller, ownSkillOnly: station < ownOnly.count && ownOnly[station])
        }
        simulation.tellerPolicyScope = everyStationOwnOnly ? .ownSkill : .allSkills  // (after the policy: it resets it)
    }
}
