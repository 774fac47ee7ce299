import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// What a per-event hook call needs, held by the hook's closure so the hot path reads plain
/// fields (no dictionary or array of the world, no exclusivity checks): the state, its memory
/// bookkeeping, the function's registry slot, and the reused argument tables.
final class HookCall {
    /// Read by the generator (its slot may be swapped by a reload) and off the fast path.
    // Performance: unowned(unsafe), no unowned-to-strong retain per arrival (juice-bar benchmark). Safe: the
    // call lives in a closure of the world's simulation, and the world outlives every run of it.
    unowned(unsafe) let world: World
    /// Keeps `L` and `memory` valid for as long as the core can call this hook.
    let lua: LuaState
    let L: OpaquePointer
    let memory: LuaState.Memory
    /// The hook function's registry slot at install (a policy; a new policy makes a new call).
    let function: Int32
    /// Registry slot of a table task name → task index (for generators); 0 until built.
    @exclusivity(unchecked) var taskTable: Int32 = 0
    @exclusivity(unchecked) var tasksInTable = 0
    /// The addresses of the task names in that table (by task index, the first `sf_name_pointers()`), for
    /// recognising a returned name without a lookup; valid while the table lives.
    @exclusivity(unchecked) var taskNamePointers = [UnsafePointer<CChar>?](repeating: nil, count: Int(sf_name_pointers()))
    /// Registry slots of the teller tables and of the `lines` table (for policies).
    @exclusivity(unchecked) var tellerRefs: [Int32] = []
    @exclusivity(unchecked) var linesRef: Int32 = 0
    /// The line objects' userdata addresses, by line index.
    @exclusivity(unchecked) var lineObjects: [UnsafeMutableRawPointer] = []
    /// The world's `tablesEpoch` when the tables above were built.
    @exclusivity(unchecked) var seenEpoch: Int

    init(world: World, function: Int32) {
        self.world = world
        self.lua = world.lua
        self.L = world.lua.L
        self.memory = world.lua.memory
        self.function = function
        self.seenEpoch = world.tablesEpoch
    }

    /// One generator call. The plain answer (a number and a known task name) is read by C in the
    /// same call (`sf_call_generator`); anything else is decoded from the stack by the world.
    // Performance: one C call instead of ~10 Lua API calls and a name comparison from Swift per
    // arrival; bank-open policies=lua, scripts/bench/bank-open.
    func nextArrival(rngRef: Int32, simulation: Simulation) throws -> GeneratedArrival? {
        let stack = LuaStack(L)
        let base = stack.top
        defer { stack.setTop(base) }
        syncTaskTable(simulation)
        var gap: Double = 0, gapOK: Int32 = 0, task: Int64 = -1, hasTable: Int32 = 0
        // The generator's current slot: a reload swaps `hooks.generator` under the running source.
        let status = sf_call_generator(L, memory, world.hooks.generator, rngRef, taskTable, &gap, &gapOK, &task, &hasTable)
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
        syncPolicyTables(simulation, teller: t)
        let status = sf_call_refs(L, memory, function, tellerRefs[t], linesRef, 1)
        try stack.check(status: status)
        if let p = stack.userdataAddress(at: -1) {
            var i = 0
            while i < lineObjects.count {
                if lineObjects[i] == p { return .head(line: i) }
                i &+= 1
            }
        }
        return try world.decodingAnswer(of: function) { try world.decodeChoice() }
    }

    /// Keeps the task-name table in step with the simulation's tasks.
    @inline(__always)
    func syncTaskTable(_ simulation: Simulation) {
        syncEpoch()
        if tasksInTable != simulation.taskCount { rebuildTaskTable(simulation) }
    }

    func rebuildTaskTable(_ simulation: Simulation) {
        let stack = lua.stack
        if taskTable == 0 {
            stack.pushTable()
            taskTable = stack.reference()
        }
        stack.push(reference: taskTable)
        for (i, task) in simulation.tasks.enumerated() {
            stack.push(task.name)
            stack.push(i)
            stack.rawSet(in: -3)
        }
        taskNamePointers.withUnsafeMutableBufferPointer { sf_fill_name_pointers(L, -1, $0.baseAddress) }
        stack.pop()
        tasksInTable = simulation.tasks.count
    }

    /// Makes sure teller `t`'s table and the `lines` table (with every line) exist.
    @inline(__always)
    func syncPolicyTables(_ simulation: Simulation, teller t: Int) {
        syncEpoch()
        if t >= tellerRefs.count || lineObjects.count != simulation.taskCount { rebuildPolicyTables(simulation, teller: t) }
    }

    func rebuildPolicyTables(_ simulation: Simulation, teller t: Int) {
        let stack = lua.stack
        world.pushTellerTable(t)
        stack.pop()
        tellerRefs = world.tellerTableRefs
        world.pushLinesTable()
        stack.pop()
        linesRef = world.linesTableRef
        lineObjects = []
        for i in simulation.tasks.indices {
            stack.push(reference: linesRef)
            world.pushTaskName(i)
            stack.rawGet(in: -2)
            lineObjects.append(stack.userdataAddress(at: -1) ?? UnsafeMutableRawPointer(bitPattern: 1)!)
            stack.pop(2)
        }
    }
}
