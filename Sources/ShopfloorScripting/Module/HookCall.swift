import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// What a per-event hook call needs, held by the hook's closure so the hot path reads plain
/// fields (no dictionary or array of the world, no exclusivity checks): the state, its memory
/// bookkeeping, the function (an owning reference, and its slot for C), and the world's reused
/// argument tables (``CounterTables``).
final class HookCall {
    /// Read by the generator (its function may be swapped by a reload) and off the fast path.
    // Performance: unowned(unsafe), no unowned-to-strong retain per arrival (juice-bar benchmark). Safe: the
    // call lives in a closure of the world's simulation, and the world outlives every run of it.
    unowned(unsafe) let world: World
    /// The world's reused argument tables (task names, teller tables, `lines`).
    // Performance: unowned(unsafe) as `world`; the world holds them.
    unowned(unsafe) let tables: CounterTables
    /// Keeps `L` and `memory` valid for as long as the core can call this hook.
    let lua: LuaState
    let L: OpaquePointer
    let memory: LuaState.Memory
    /// The hook function (a policy: a new policy makes a new call), and its registry slot for the C fast path.
    let function: LuaReference
    let slot: Int32

    init(world: World, function: LuaReference) {
        self.world = world
        self.tables = world.tables
        self.lua = world.lua
        self.L = world.lua.L
        self.memory = world.lua.memory
        self.function = function
        self.slot = function.ref
    }

    /// One generator call. The plain answer (a number and a known task name) is read by C in the
    /// same call (`sf_call_generator`); anything else is decoded from the stack by the world.
    // Performance: one C call instead of ~10 Lua API calls and a name comparison from Swift per
    // arrival; bank-open policies=lua, scripts/bench/bank-open.
    func nextArrival(rng: Int32, simulation: Simulation) throws -> GeneratedArrival? {
        let stack = LuaStack(L)
        let base = stack.top
        defer { stack.setTop(base) }
        tables.syncTaskIndex(simulation)
        var gap: Double = 0, gapOK: Int32 = 0, task: Int64 = -1, hasTable: Int32 = 0
        // The generator's current slot: a reload swaps `hooks.generator` under the running source.
        let status = sf_call_generator(L, memory, world.hooks.generatorSlot, rng, tables.taskIndexSlot, &gap, &gapOK, &task, &hasTable)
        try stack.check(status: status)
        if gapOK != 0 && task >= 0 && hasTable == 0 {
            return .single(gap: gap, CustomerSpec(task: Int(task)))
        }
        return try world.decodingAnswer(of: world.hooks.generator) { try world.decodeArrival(base: base + 1) }
    }

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
