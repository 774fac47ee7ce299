import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// Generators, the whole path: `counter:generate(fn [, name])` (World+Counter.swift) → ``World/installGenerator(name:)``:
/// the function and its `shopfloor.rng` stream become owning references, the core gets an arrival source →
/// per arrival, ``HookCall/nextArrival(rng:simulation:)``: one C call (`sf_call_generator`) calls the function
/// and reads a plain answer (a gap and a known task name); any other answer is decoded by
/// ``World/decodeArrival(base:)``. A reload swaps the function under the running source (`HookRefs.generator`).
/// Batch generators: BatchGeneratorHook.swift.
extension World {
    /// Installs `fn(rng) → gap, task[, attrs]` (or `gap, {task, …}` for a batch, or nil to stop) as
    /// counter `station`'s arrival source. The function is on top of the stack (popped).
    func installGenerator(name: String, station: Int) throws {
        let function = LuaReference(popping: lua)
        lua.stack.push(object: stream(named: name), as: RandomBinding.luaClass)
        let rng = LuaReference(popping: lua)
        let call = HookCall(world: self, function: function)
        // Captures the call context, not the world: no unowned-to-strong retain per arrival.
        call.arguments = [rng]
        let rngSlot = rng.ref
        let generator: CustomerGenerator = { simulation in
            try call.nextArrival(station: station, rng: rngSlot, simulation: simulation)
        }
        try simulation.addArrivals(.generator(generator), name: name)
        hooks.setGenerator(HookRefs.Generator(function: function, batch: 0, source: name), of: station)
    }

    /// Counter `station`'s generator's results at base+1…base+3, in every form it may answer.
    func decodeArrival(base: Int32, station: Int) throws -> GeneratedArrival? {
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
                specs.append(try customerSpec(task: stack.top, attributes: nil, station: station))
                lua.stack.pop()
            }
            return .batch(gap: gap, specs)
        }
        return .single(gap: gap, try customerSpec(task: base + 2, attributes: stack.isTable(at: base + 3) ? base + 3 : nil,
                                                  station: station))
    }

    /// A customer spec from a task name at `task` and an optional attributes table at `attributes`
    /// (a generator's third answer: `priority` and `patience` are the core's; other fields are kept as attributes).
    /// For counter `station`: the first counter's generator may name any task by its plain name (as it always
    /// could); another counter's names its own tasks so, and any counter's by `station.task`.
    func customerSpec(task taskIndex: Int32, attributes: Int32?, station: Int = 0) throws -> CustomerSpec {
        guard let task = station == 0 ? task(at: taskIndex) : ownTask(at: taskIndex, station: station) else {
            guard let name = lua.stack.string(at: taskIndex), lua.stack.isString(at: taskIndex) else {
                throw ScriptingError.invalidScenario("a customer's task must be a task name, got \(lua.stack.typeName(at: taskIndex))")
            }
            throw ScriptingError.invalidScenario(station == 0 ? unknownTask(name) : unknownTask(name, in: station))
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
    /// For counter `station` (`counter:arrive`), a plain task name is one of its own tasks.
    func customerSpec(task taskIndex: Int32, options: OptionTable?, station: Int) throws -> CustomerSpec {
        var spec: CustomerSpec
        if hasSeveralStations, lua.stack.isString(at: taskIndex), let name = lua.stack.string(at: taskIndex) {
            spec = CustomerSpec(task: try task(named: name, in: station))
        } else {
            spec = try customerSpec(task: taskIndex, attributes: nil)
        }
        guard let options else { return spec }
        spec.priority = try options.integer("priority", in: ScriptLimits.priority) ?? 0
        spec.patience = try options.number("patience", in: 0...Double.greatestFiniteMagnitude)
        if let attrs = try options.table("attrs") { spec.attributes = try customerAttributes(attrs) }
        return spec
    }

    /// The task the string at `index` names for counter `station`: its own task by plain name, or a `station.task` path.
    func ownTask(at index: Int32, station: Int) -> Int? {
        guard lua.stack.isString(at: index), let name = lua.stack.string(at: index) else { return nil }
        return taskIndex(name, seenFrom: station)
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
}

extension HookCall {
    /// One generator call. The plain answer (a number and a known task name) is read by C in the
    /// same call (`sf_call_generator`); anything else is decoded from the stack by the world.
    // Performance: one C call instead of ~10 Lua API calls and a name comparison from Swift per
    // arrival; bank-open policies=lua, scripts/bench/bank-open.
    func nextArrival(station: Int, rng: Int32, simulation: Simulation) throws -> GeneratedArrival? {
        let stack = LuaStack(L)
        let base = stack.top
        defer { stack.setTop(base) }
        let names = tables.taskIndexSlot(station: station, simulation)
        var gap: Double = 0, gapOK: Int32 = 0, task: Int64 = -1, hasTable: Int32 = 0
        // The generator's current slot: a reload swaps the function under the running source.
        let status = sf_call_generator(L, memory, world.hooks.generatorSlots[station], rng, names, &gap, &gapOK, &task, &hasTable)
        try stack.check(status: status)
        if gapOK != 0 && task >= 0 && hasTable == 0 {
            return .single(gap: gap, CustomerSpec(task: Int(task)))
        }
        return try world.decodingAnswer(of: world.hooks.generator(of: station)?.function) {
            try world.decodeArrival(base: base + 1, station: station)
        }
    }
}
