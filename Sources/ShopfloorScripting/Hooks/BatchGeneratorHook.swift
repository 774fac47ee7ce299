import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// Batch generators: `counter:generate(fn, { batch = n })` — fn(rng, gaps, tasks, n) fills the reused
/// tables `gaps` and `tasks` with up to n arrivals and returns how many it wrote (fewer ends the stream).
// Performance: one host→Lua call per n arrivals instead of one per arrival, and no spec or enum per
// arrival on the Swift side (bank-open policies=lua, scripts/bench/bank-open).
extension World {
    /// The options of `counter:generate(fn, options)` at argument 3 for counter `station`: a name, or
    /// `{ name =, batch = }`. Returns the source name (default: ``defaultArrivalsName(station:)``) and the batch
    /// size (0 = one call per arrival).
    func generatorOptions(_ call: LuaCall, station: Int) throws -> (name: String, batch: Int) {
        if call.isNil(3) { return (defaultArrivalsName(station: station), 0) }
        if !call.stack.isTable(at: 3) { return (try call.string(3), 0) }
        let options = try options(call, 3, "generate", accepted: ["name", "batch"])
        return (try options.string("name") ?? defaultArrivalsName(station: station),
                try options.integer("batch", in: 1...ScriptLimits.batch) ?? 0)
    }

    /// The name of counter `station`'s arrival source (and random stream) when `arrivals{}` or `generate` is not
    /// given one: `arrivals` for the first counter (as always), `NAME.arrivals` for another, so each counter's
    /// arrivals draw from their own stream and two counters' default names never clash.
    func defaultArrivalsName(station: Int) -> String {
        station == 0 ? "arrivals" : "\(stationName(station)).arrivals"
    }

    /// Installs `fn(rng, gaps, tasks, n) → count` as counter `station`'s batch arrival source of `size` arrivals
    /// per call. The function is on top of the stack (popped).
    func installBatchGenerator(name: String, size: Int, station: Int) throws {
        let function = LuaReference(popping: lua)
        lua.stack.push(object: stream(named: name), as: RandomBinding.luaClass)
        let rng = LuaReference(popping: lua)
        let call = HookCall(world: self, function: function)
        let gapsTable = batchTable(size), tasksTable = batchTable(size)
        call.arguments = [rng, gapsTable, tasksTable]
        let rngSlot = rng.ref, gapsSlot = gapsTable.ref, tasksSlot = tasksTable.ref
        let generator: CustomerBatchGenerator = { gaps, tasks, simulation in
            try call.nextBatch(station: station, rng: rngSlot, gapsTable: gapsSlot, tasksTable: tasksSlot, gaps: gaps,
                               tasks: tasks, simulation: simulation)
        }
        try simulation.addArrivals(.batchGenerator(size: size, generator), name: name)
        hooks.setGenerator(HookRefs.Generator(function: function, batch: size, source: name), of: station)
    }

    /// A reused argument table with room for `size` array entries (filled with 0 so Lua never resizes it).
    private func batchTable(_ size: Int) -> LuaReference {
        let stack = lua.stack
        stack.pushTable(array: size)
        for i in 1...size {
            stack.push(0)
            stack.setIndex(i, in: -2)
        }
        return LuaReference(popping: lua)
    }
}

extension HookCall {
    /// One batch generator call: C calls the function and copies the answers into `gaps`/`tasks`.
    func nextBatch(station: Int, rng: Int32, gapsTable: Int32, tasksTable: Int32, gaps: UnsafeMutableBufferPointer<Double>,
                   tasks: UnsafeMutableBufferPointer<Int32>, simulation: Simulation) throws -> Int {
        let stack = LuaStack(L)
        let base = stack.top
        defer { stack.setTop(base) }
        let namesSlot = tables.taskIndexSlot(station: station, simulation)
        var count: Int64 = 0, badKind: Int32 = 0, badIndex: Int64 = 0
        let status = tables.taskNamePointers[station].withUnsafeBufferPointer { names in
            sf_call_generator_batch(L, memory, world.hooks.generatorSlots[station], rng, gapsTable, tasksTable,
                                    Int64(gaps.count), namesSlot, names.baseAddress, gaps.baseAddress,
                                    tasks.baseAddress, &count, &badKind, &badIndex)
        }
        try stack.check(status: status)
        return try world.decodingAnswer(of: world.hooks.generator(of: station)?.function) {
            try batchCount(count, badKind, badIndex, size: gaps.count, station: station, simulation)
        }
    }

    /// The count a batch call answered, or the error that its answer deserves.
    private func batchCount(_ count: Int64, _ badKind: Int32, _ badIndex: Int64, size: Int, station: Int,
                            _ simulation: Simulation) throws -> Int {
        switch badKind {
        case 0:
            return Int(count)
        case sf_batch_bad_count():
            throw ScriptingError.invalidScenario(
                "customer generator must return how many arrivals it wrote (0 to \(size)), got \(world.describeAnswer(at: -1))")
        case sf_batch_bad_gap():
            throw ScriptingError.invalidScenario("customer generator: gaps[\(badIndex)] must be a number of seconds, got \(world.describeAnswer(at: -1))")
        default:
            let names = station == 0 ? simulation.tasks.map(\.name) : world.tasks(ofStation: station).map { simulation.tasks[$0].name }
            throw ScriptingError.invalidScenario(
                "customer generator: unknown task \(world.describeAnswer(at: -1)) at tasks[\(badIndex)] "
                    + UnknownName.choices(for: world.lua.stack.string(at: -1), among: names, label: "tasks"))
        }
    }
}
