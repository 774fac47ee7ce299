import LuaKit
import ShopfloorCore

/// Lua functions as the core's hooks, and the core's events as calls to Lua.
///
/// Hot-path rule (DESIGN.md): a hook called per event receives a customer handle (CustomerHandle.swift)
/// and tables the world reuses (one table per teller, one `lines` table) and returns plain values;
/// nothing is allocated per event unless the script asks for it.
extension World {
    // MARK: Event observers

    /// (Re)installs the core's observers: only the kinds someone listens to cost anything.
    func installObservers() {
        var observers = simulation.observers
        let listening = !eventSinks.isEmpty
        // Performance: the closures hold the world and the handle unretained (Unmanaged, used as guaranteed
        // references) — no retain, release or exclusivity check per event (scripts/bench/hooks). Safe: the
        // observers live in the world's simulation, which the world outlives, and the world holds the handle.
        let handle = hooks.events.isEmpty ? customerHandle : makeCustomerHandle()
        for kind in [CounterEventKind.arrive, .start, .finish, .balk, .renege] {
            let wanted = listening || !hooks.events.isEmpty(kind)
            let observer: ((CounterEvent) throws -> Void)?
            if !wanted {
                observer = nil
            } else if let handle {
                let world = Unmanaged.passUnretained(self), handle = Unmanaged.passUnretained(handle)
                observer = { event in
                    try world._withUnsafeGuaranteedRef { world in
                        try handle._withUnsafeGuaranteedRef { handle in try world.emit(event, handle) }
                    }
                }
            } else {
                observer = { [unowned(unsafe) self] event in try self.emit(event, nil) }
            }
            // Without a trace or live view, start and finish take the core's light form: no `Customer` or
            // `CounterEvent` built per event (scripts/bench/hooks).
            var view: ((CounterEventView) throws -> Void)?
            if wanted, !listening, let handle, kind == .start || kind == .finish {
                let world = Unmanaged.passUnretained(self), handle = Unmanaged.passUnretained(handle)
                view = { event in
                    try world._withUnsafeGuaranteedRef { world in
                        try handle._withUnsafeGuaranteedRef { handle in
                            if var only = world.hooks.events.only(of: kind) {
                                try withUnsafePointer(to: &only) { try handle.deliver(event, to: UnsafeBufferPointer(start: $0, count: 1)) }
                            } else {
                                try world.hooks.events.withRefs(of: kind) { refs in try handle.deliver(event, to: refs) }
                            }
                        }
                    }
                }
            }
            switch kind {
            case .arrive: observers.onArrive = observer
            case .start: observers.onStart = view == nil ? observer : nil; observers.onStartView = view
            case .finish: observers.onFinish = view == nil ? observer : nil; observers.onFinishView = view
            case .balk: observers.onBalk = observer
            case .renege: observers.onRenege = observer
            }
        }
        observers.onClose = hooks.close.isEmpty ? nil : { [unowned self] _ in try self.emitClose() }
        simulation.observers = observers
    }

    /// Delivers one event: to the host's sinks (traces, live views), then to the scenario's hooks of its
    /// kind, all in one C call with the customer handle as their argument.
    @inline(__always)
    func emit(_ event: CounterEvent, _ handle: CustomerHandle?) throws {
        if !eventSinks.isEmpty { for sink in eventSinks { try sink(event, self) } }
        guard let handle else { return }
        try hooks.events.withRefs(of: event.kind) { refs in try handle.deliver(event, to: refs) }
    }

    func emitClose() throws {
        for hook in hooks.close {
            hook.push()
            pushSummaryTable()
            try lua.protectedCall(arguments: 1, results: 0)
        }
    }

    // MARK: Decision hooks

    /// Installs `fn(rng) → gap, task[, attrs]` (or `gap, {task, …}` for a batch, or nil to stop) as
    /// the counter's arrival source. The function is on top of the stack (popped).
    func installGenerator(name: String) throws {
        let function = LuaReference(popping: lua)
        hooks.generator = function
        hooks.generatorBatch = 0
        lua.stack.push(object: stream(named: name), as: RandomBinding.luaClass)
        let rng = LuaReference(popping: lua)
        let call = HookCall(world: self, function: function)
        // Captures the call context, not the world: no unowned-to-strong retain per arrival.
        let generator: CustomerGenerator = { simulation in try call.nextArrival(rng: rng.ref, simulation: simulation) }
        try simulation.addArrivals(.generator(generator), name: name)
    }

    /// The generator's results at base+1…base+3, in every form it may answer.
    func decodeArrival(base: Int32) throws -> GeneratedArrival? {
        let stack = lua.stack
        if stack.isNil(at: base + 1) { return nil }
        guard stack.isNumber(at: base + 1), let gap = lua.stack.double(at: base + 1) else {
            throw ScriptingError.invalidScenario("customer generator must return a gap in seconds (a number) or nil, got \(lua.stack.typeName(at: base + 1))")
        }
        if stack.isTable(at: base + 2), lua.stack.rawLength(at: base + 2) > 0 {
            let size = lua.stack.rawLength(at: base + 2)
            guard size <= ScriptLimits.group else {
                throw ScriptingError.invalidScenario("customer generator returned a group of \(size) customers; at most \(ScriptLimits.group)")
            }
            var specs: [CustomerSpec] = []
            specs.reserveCapacity(size)
            for i in 1...size {
                lua.stack.getIndex(i, in: base + 2)
                specs.append(try customerSpec(task: stack.top, attributes: nil))
                lua.stack.pop()
            }
            return .batch(gap: gap, specs)
        }
        return .single(gap: gap, try customerSpec(task: base + 2, attributes: stack.isTable(at: base + 3) ? base + 3 : nil))
    }

    /// A customer spec from a task name at `task` and an optional attributes table at `attributes`
    /// (a generator's third answer: `priority` and `patience` are the core's; other fields are kept as attributes).
    func customerSpec(task taskIndex: Int32, attributes: Int32?) throws -> CustomerSpec {
        guard let task = task(at: taskIndex) else {
            guard let name = lua.stack.string(at: taskIndex), lua.stack.isString(at: taskIndex) else {
                throw ScriptingError.invalidScenario("a customer's task must be a task name, got \(lua.stack.typeName(at: taskIndex))")
            }
            throw ScriptingError.invalidScenario(unknownTask(name))
        }
        var spec = CustomerSpec(task: task)
        guard let attributes else { return spec }
        var table = lua.stack.value(at: attributes, depth: 1).tableValue ?? LuaTable()
        // Only `priority` and `patience` are the core's (typed, range-checked); every other named field is an attribute.
        let core = try OptionTable(table.entries.filter { $0.key == .string("priority") || $0.key == .string("patience") }
                                        .reduce(into: LuaTable()) { $0.entries[$1.key] = $1.value },
                                   context: "customer", accepted: ["priority", "patience"], reporter: .throwing())
        spec.priority = try core.integer("priority", in: ScriptLimits.priority) ?? 0
        spec.patience = try core.number("patience", in: 0...Double.greatestFiniteMagnitude)
        for key in ["priority", "patience", "task"] { table.entries[.string(key)] = nil }
        spec.attributes = try customerAttributes(table)
        return spec
    }

    /// A customer spec from `counter:arrive { task =, priority =, patience =, attrs = }` (keys checked).
    func customerSpec(task taskIndex: Int32, options: OptionTable) throws -> CustomerSpec {
        var spec = try customerSpec(task: taskIndex, attributes: nil)
        spec.priority = try options.integer("priority", in: ScriptLimits.priority) ?? 0
        spec.patience = try options.number("patience", in: 0...Double.greatestFiniteMagnitude)
        if let attrs = try options.table("attrs") { spec.attributes = try customerAttributes(attrs) }
        return spec
    }

    /// A customer's attributes (`vip = true`, `items = 3`): named booleans, numbers and strings; nil when none.
    func customerAttributes(_ table: LuaTable) throws -> [String: AttributeValue]? {
        var extra: [String: AttributeValue] = [:]
        for (key, value) in table.sortedEntries {
            guard case .string(let name) = key else {
                throw ScriptingError.invalidScenario("customer attributes must be named (vip = true), got [\(key)]")
            }
            switch value {
            case .boolean(let b): extra[name] = .bool(b)
            case .integer(let i): extra[name] = .int(i)
            case .number(let d): extra[name] = .double(d)
            case .string(let s): extra[name] = .string(s)
            default:
                throw ScriptingError.invalidScenario("customer attribute '\(name)' must be a boolean, number or string, got \(value.typeName)")
            }
        }
        return extra.isEmpty ? nil : extra
    }

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
        pushTellerTable(t)
        pushLinesTable()
        lua.stack.pop(2)
    }

    /// Installs `fn(customer, teller) → seconds` as the service-time hook.
    func installServiceTime(_ function: LuaReference) {
        hooks.serviceTime = function
        simulation.serviceTime = { [unowned self] customer, teller, simulation in
            let stack = self.lua.stack
            let base = stack.top
            defer { stack.setTop(base) }
            let handle = self.makeCustomerHandle()
            let saved = handle.enter(customer, time: simulation.now, teller: teller)
            defer { handle.leave(saved) }
            function.push()
            handle.pushCurrent()
            self.pushTellerTable(teller)
            try self.lua.protectedCall(arguments: 2, results: 1)
            return try self.decodingAnswer(of: function) {
                guard stack.isNumber(at: -1), let d = self.lua.stack.double(at: -1) else {
                    throw ScriptingError.invalidScenario("service time must return a number of seconds, got \(self.lua.stack.typeName(at: -1))")
                }
                return d
            }
        }
    }
}
