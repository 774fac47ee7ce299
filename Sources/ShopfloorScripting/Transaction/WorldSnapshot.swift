import LuaKit
import ShopfloorCore

/// Everything of a ``World`` a rollback brings back: the core's whole ``Simulation/Snapshot`` plus the
/// scripting side's own state — the hooks installed (owning references, kept alive by the snapshot), the stock object's rules, hooks and
/// makers, the named random streams' positions, `math.random`'s position, the plugins chosen, the stop rule.
///
/// `math.random` is in it because a scenario draws from it as from a named stream (`juice.lua`'s generator):
/// left to move on, a rolled-back command would change every later arrival, and the same seed and the same
/// successful commands would no longer give the same results. Its position is the C generator's, kept by
/// the host (``LuaKit/LuaState/mathRandomPosition``), whatever `math.random` is now.
///
/// Not in it, on purpose: the rest of the Lua state (globals, tables, modules `require`d) — a failed chunk
/// keeps the globals it set, as in `lua.c` — and what the host attached (output, event and stock sinks: a
/// trace line already written stays written).
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
    let view: ViewBinding
    /// Positions of the named streams that existed (a stream made later restarts from its seed).
    let generators: [String: Xoshiro256StarStar]
    /// Where `math.random` stood (nil only if the Lua library keeps it in a form the host does not know).
    let mathRandom: LuaState.MathRandomPosition?
    let stock: StockBinding.State?
    /// The timer and process handles declared, the processes waiting for a condition, the door flag.
    let time: TimeBinding.State

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
        view = world.view
        generators = world.streams.mapValues(\.generator)
        mathRandom = world.lua.mathRandomPosition
        stock = world.stock?.state
        time = world.time.state
    }
}

extension World {
    /// Puts the world back to `snapshot`, then drops the cached Lua values that described tasks or
    /// tellers the restore took away.
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
        view = snapshot.view
        for (name, box) in streams {
            box.generator = snapshot.generators[name] ?? simulation.streams.stream("lua:" + name)
        }
        if let position = snapshot.mathRandom { lua.mathRandomPosition = position }
        if let state = snapshot.stock { stock?.restore(state) }
        time.restore(snapshot.time)
        updateConditionWatch()
        trimCaches()
    }

    /// Drops cached Lua values (task names, teller tables, `lines` entries, the customer handle's names) of
    /// tasks and tellers that no longer exist. Tasks and tellers are only ever appended, and a restore goes
    /// back to an earlier state, so what remains cached is a prefix that is still right.
    func trimCaches() {
        tables.trim(tasks: simulation.tasks.count, tellers: simulation.tellerCount)
        // A counter the rollback took away: its object is forgotten (a later counter gets a new one).
        counters.removeAll { $0.station >= simulation.stations.count }
        customerHandle?.trimTaskNames(to: simulation.tasks.count)
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
        let hooks: [String: [LuaReference]]
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
        let stock = simulation.stock
        if itemNames.count > stock.items.count {
            itemNames.removeSubrange(stock.items.count...)
            itemNameSlots.removeSubrange(stock.items.count...)
        }
        if recipeNames.count > stock.recipes.count { recipeNames.removeSubrange(stock.recipes.count...) }
        sync()
    }
}
