import LuaKit
import ShopfloorCore

/// Reloading into a living world: the scenario's scripts run again in the same Lua state, but
/// what they would install — policies, generators, service times, event hooks, the stop rule —
/// is *staged*, and swapped in only when the whole run succeeded. Customers are not added again;
/// the counter's structure (tasks, tellers) must not change. Clock, lines, stock and statistics
/// survive untouched.
final class Staging {
    /// Installations to make, in order, when the reload succeeds.
    var actions: [() throws -> Void] = []
    /// The event hooks the scripts set up again (they replace the old set).
    var events = EventHookLists()
    var close: [LuaReference] = []
}

extension World {
    /// Runs `body` (re-running scripts) with installations staged; commits them only if `body`
    /// succeeds, else drops them (and with them the references they hold) and rethrows: the old
    /// policies stay in force.
    func reloadStaged(_ body: () throws -> Void) throws {
        let stage = Staging()
        staging = stage
        defer { staging = nil }
        try body()
        staging = nil
        for action in stage.actions { try action() }
        hooks.events = stage.events
        hooks.close = stage.close
        installObservers()
    }

    /// During a reload: the structure must match the living counter.
    func checkUnchangedTask(_ name: String, service: Distribution, stage: Staging) throws {
        guard let index = simulation.taskIndex(named: name) else {
            throw ScriptingError.invalidScenario("reload cannot add task '\(name)' to a living counter: use :reset to rebuild the scenario")
        }
        if simulation.tasks[index].service != service {
            stage.actions.append { [unowned self] in try simulation.setService(service, forTask: index) }
        }
    }

    func checkUnchangedPool(_ name: String?, skills: [Int], count: Int) throws {
        let poolName = name ?? skills.map { simulation.tasks[$0].name }.joined(separator: "+")
        guard let pool = simulation.pools.first(where: { $0.name == poolName }) else {
            throw ScriptingError.invalidScenario("reload cannot add tellers '\(poolName)' to a living counter: use :reset to rebuild the scenario")
        }
        if pool.tellers.count != count || pool.skills != skills {
            throw ScriptingError.invalidScenario("reload cannot change tellers '\(poolName)' (\(pool.tellers.count) → \(count)) in a living counter: use :reset")
        }
    }
}
