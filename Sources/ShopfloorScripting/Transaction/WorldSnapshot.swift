import LuaKit
import ShopfloorCore

/// Everything of a ``World`` a rollback brings back: the core's whole ``Simulation/Snapshot`` plus the
/// scripting side's own state — the hooks installed (registry slots), the stock object's rules, hooks and
/// makers, the named random streams' positions, the plugins chosen, the stop rule.
///
/// Not in it, on purpose: the Lua state itself (globals, tables, `math.random`'s position, modules
/// `require`d) — a failed chunk keeps the globals it set, as in `lua.c` — and what the host attached
/// (output, event and stock sinks: a trace line already written stays written).
struct WorldSnapshot {
    let simulation: Simulation
    let core: Simulation.Snapshot
    let hooks: HookRefs
    let chosenPlugins: [PluginKind: String]
    let pluginOverrides: [PluginKind: String]
    let stopRule: StopRule
    let ranByScript: Bool
    let summarized: Bool
    let counterName: String?
    let hasOpenEndedArrivals: Bool
    let viewRef: Int32
    let keyBindings: [ViewKey]
    /// Positions of the named streams that existed (a stream made later restarts from its seed).
    let generators: [String: Xoshiro256StarStar]
    let stock: StockBinding.State?

    init(_ world: World) {
        simulation = world.simulation
        core = world.simulation.snapshot()
        hooks = world.hooks
        chosenPlugins = world.chosenPlugins
        pluginOverrides = world.plugins.overrides
        stopRule = world.stopRule
        ranByScript = world.ranByScript
        summarized = world.summarized
        counterName = world.counterName
        hasOpenEndedArrivals = world.hasOpenEndedArrivals
        viewRef = world.viewRef
        keyBindings = world.keyBindings
        generators = world.streams.mapValues(\.generator)
        stock = world.stock?.state
    }
}

extension World {
    /// Puts the world back to `snapshot`, then drops the caches that described tasks or tellers the
    /// restore took away. Registry slots are the transaction's business (see `transaction(_:)`).
    func restore(_ snapshot: WorldSnapshot) throws {
        if simulation !== snapshot.simulation { replaceSimulation(snapshot.simulation) }
        try simulation.restore(snapshot.core)
        hooks = snapshot.hooks
        chosenPlugins = snapshot.chosenPlugins
        plugins.overrides = snapshot.pluginOverrides
        stopRule = snapshot.stopRule
        ranByScript = snapshot.ranByScript
        summarized = snapshot.summarized
        counterName = snapshot.counterName
        hasOpenEndedArrivals = snapshot.hasOpenEndedArrivals
        viewRef = snapshot.viewRef
        keyBindings = snapshot.keyBindings
        for (name, box) in streams {
            box.generator = snapshot.generators[name] ?? simulation.streams.stream("lua:" + name)
        }
        if let state = snapshot.stock { stock?.restore(state) }
        trimCaches()
    }

    /// Registry slots the world's installed functions hold (hooks, stock rules and hooks, view, keys).
    var ownedRefs: Set<Int32> {
        var refs: Set<Int32> = [hooks.generator, hooks.policy, hooks.serviceTime, viewRef]
        for list in hooks.events.values { refs.formUnion(list) }
        refs.formUnion(hooks.close)
        refs.formUnion(keyBindings.map(\.ref))
        if let stock {
            refs.formUnion(stock.rules.map(\.function))
            for list in stock.hooks.values { refs.formUnion(list) }
        }
        refs.remove(0)
        return refs
    }

    /// Drops cached Lua values (task names, teller tables, `lines` entries, hook argument tables) of tasks
    /// and tellers that no longer exist. Tasks and tellers are only ever appended, and a restore goes back
    /// to an earlier state, so what remains cached is a prefix that is still right.
    func trimCaches() {
        let stack = lua.stack
        let tasks = simulation.tasks.count
        var shrank = false
        if linesInTable > tasks {
            push(ref: linesTableRef)
            for i in tasks..<linesInTable {
                push(ref: taskNameRefs[i])
                stack.pushNil()
                stack.rawSet(in: -3)
            }
            lua.stack.pop()
            linesInTable = tasks
            shrank = true
        }
        if taskNameRefs.count > tasks {
            for r in taskNameRefs[tasks...] { stack.release(reference: r) }
            taskNameRefs.removeSubrange(tasks...)
            taskNameAddresses.removeSubrange(tasks...)
            shrank = true
        }
        let tellers = simulation.tellers.count
        if tellerTableRefs.count > tellers {
            for r in tellerTableRefs[tellers...] { stack.release(reference: r) }
            tellerTableRefs.removeSubrange(tellers...)
            shrank = true
        }
        if shrank { tablesEpoch &+= 1 }
    }
}

extension HookCall {
    /// Forgets the argument tables if the world trimmed its caches since they were built.
    @inline(__always)
    func syncEpoch() {
        if seenEpoch != world.tablesEpoch {
            forgetTables()
            seenEpoch = world.tablesEpoch
        }
    }

    /// Forgets the argument tables (task-name table, teller tables, `lines`): the next call rebuilds them
    /// from the world's (trimmed) caches.
    func forgetTables() {
        if taskTable != 0 { lua.stack.release(reference: taskTable) }
        taskTable = 0
        tasksInTable = 0
        for i in taskNamePointers.indices { taskNamePointers[i] = nil }
        tellerRefs = []
        linesRef = 0
        lineObjects = []
    }
}

extension StockBinding {
    /// The stock object's own state (counts live in the core's snapshot).
    struct State {
        let name: String?
        let stopAfterOrders: Int?
        let service: RecipeService?
        let serviceState: RecipeService.State?
        let rules: [StockRule]
        let hooks: [String: [Int32]]
        let recipeWhere: [String: String]
    }

    var state: State {
        State(name: name, stopAfterOrders: stopAfterOrders, service: service, serviceState: service?.state,
              rules: rules, hooks: hooks, recipeWhere: recipeWhere)
    }

    /// Puts back `state`, then trims the name caches to the items and recipes the core has again.
    func restore(_ state: State) {
        name = state.name
        stopAfterOrders = state.stopAfterOrders
        service = state.service
        if let service, let serviceState = state.serviceState { service.restore(serviceState) }
        rules = state.rules
        hooks = state.hooks
        recipeWhere = state.recipeWhere
        staged = nil
        let stack = lua.stack
        let stock = simulation.stock
        if itemNameRefs.count > stock.items.count {
            for r in itemNameRefs[stock.items.count...] { stack.release(reference: r) }
            itemNameRefs.removeSubrange(stock.items.count...)
        }
        if recipeNameRefs.count > stock.recipes.count {
            for r in recipeNameRefs[stock.recipes.count...] { stack.release(reference: r) }
            recipeNameRefs.removeSubrange(stock.recipes.count...)
        }
        sync()
    }
}
