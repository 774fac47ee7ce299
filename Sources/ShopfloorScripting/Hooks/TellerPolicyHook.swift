import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// Teller policies, the whole path: `counter:policy(fn [, { looks_at = }])` (World+Counter.swift) →
/// ``World/installPolicy(_:scope:)``: the function (an owning reference) in a ``HookCall``, whose `choose` is the
/// core's `tellerPolicy` → per decision, the core's `ServiceRule` calls it → ``HookCall/choose(teller:simulation:)``:
/// one C call (`sf_call_refs`) with the teller's reused table and the `lines` table (``CounterTables``); a
/// returned line object is recognised by its address, any other answer is decoded by ``World/decodeChoice()``.
extension World {
    /// Installs `fn(teller, lines) → line | task name | customer number | nil` as the teller policy,
    /// called for the lines `scope` says it looks at. The function is on top of the stack (popped).
    func installPolicy(_ function: LuaReference, scope: TellerPolicyScope = .allSkills) {
        hooks.policy = function
        let call = HookCall(world: self, function: function)
        simulation.tellerPolicy = { teller, simulation in try call.choose(teller: teller, simulation: simulation) }
        simulation.tellerPolicyScope = scope
    }

    /// The options of `counter:policy(fn, options)` at argument 3: `{ looks_at = "own" | "all" }`.
    func policyScope(_ call: LuaCall) throws -> TellerPolicyScope {
        if call.isNil(3) { return .allSkills }
        let options = try options(call, 3, "policy", accepted: ["looks_at"])
        switch options["looks_at"] {
        case nil, .string("all")?: return .allSkills
        case .string("own")?: return .ownSkill
        case .string(let other)?:
            throw ScriptingError.invalidScenario("policy: 'looks_at' must be \"own\" or \"all\", got '\(other)'")
        case let value?:
            throw ScriptingError.invalidScenario("policy: 'looks_at' must be \"own\" or \"all\", got \(value)")
        }
    }

    /// The policy's answer on top of the stack, in every form it may take.
    func decodeChoice() throws -> TellerChoice {
        switch lua.stack.type(at: -1) {
        case .nil, .none: return .stayIdle
        case .boolean where !lua.stack.bool(at: -1): return .stayIdle
        case .userdata:
            if let line = lua.stack.object(at: -1, as: LineBinding.luaClass) { return .head(line: line.index) }
        case .string:
            if let line = task(at: -1) { return .head(line: line) }
            throw ScriptingError.invalidScenario("teller policy returned unknown line '\(lua.stack.string(at: -1) ?? "")'")
        case .number:
            if let n = lua.stack.int(at: -1) { return .customer(number: n) }
        default: break
        }
        throw ScriptingError.invalidScenario("teller policy must return a line, a task name, a customer number or nil, got \(lua.stack.typeName(at: -1))")
    }

    /// The built-in "fifo" rule: a teller takes only the head of its own (first) skill's line.
    /// The core's own rule, no closure and no Lua call.
    // Performance: was a Swift closure building a `Teller` (arrays) per decision; the core's
    // `.ownSkillOnly` keeps the direct-to-teller fast path (bank-open policies=builtin, scripts/bench/bank-open).
    func installOwnSkillPolicy() {
        simulation.tellerPolicy = nil
        simulation.builtinTellerRule = .ownSkillOnly
    }

    /// Pushes the reused table of teller `t`: number (1-based), pool, skill (the first), skills.
    func pushTellerTable(_ t: Int) {
        tables.pushTellerTable(t, simulation)
    }

    /// Pushes the `lines` table: task name → line object (made once per task).
    func pushLinesTable() {
        tables.pushLinesTable(simulation) { LineHandle(world: self, index: $0) }
    }

    /// Makes teller `t`'s table and the `lines` table (with every line) exist, for a policy call.
    func syncPolicyTables(teller t: Int) {
        tables.pushTellerTable(t, simulation)
        tables.pushLinesTable(simulation) { LineHandle(world: self, index: $0) }
        lua.stack.pop(2)
    }
}

extension HookCall {
    /// One policy call: the reused teller and lines tables as arguments, in one C call; a returned
    /// line object is recognised by its address.
    // Performance: replaces three pushes, a Swift-side pcall and a metatable check per decision;
    // bank-open policies=lua, scripts/bench/bank-open.
    func choose(teller t: Int, simulation: Simulation) throws -> TellerChoice {
        let stack = LuaStack(L)
        let base = stack.top
        defer { stack.setTop(base) }
        if t >= tables.tellerSlots.count || tables.linesInTable != simulation.taskCount { world.syncPolicyTables(teller: t) }
        let status = sf_call_refs(L, memory, slot, tables.tellerSlots[t], tables.linesSlot, 1)
        try stack.check(status: status)
        if let p = stack.userdataAddress(at: -1) {
            var i = 0
            while i < tables.lineObjects.count {
                if tables.lineObjects[i] == p { return .head(line: i) }
                i &+= 1
            }
        }
        return try world.decodingAnswer(of: function) { try world.decodeChoice() }
    }
}
