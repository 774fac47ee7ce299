import LuaKit
import ShopfloorCore

/// Reloading into a living world: the scenario's scripts run again in the same Lua state and install
/// their hooks into *new* hook sets (the counter's event and close hooks, the stock's rules and hooks start
/// empty; a policy, service time or generator function given again replaces the old one). The whole reload
/// is one ``World/transaction(_:)``: the snapshot holds the old hooks, so if anything fails they are put back
/// whole and the new ones dropped (their references with them); if it succeeds the snapshot goes and the old
/// ones are released. No binding function knows it is reloading: only the structural calls — tasks, tellers,
/// customers, arrival sources, items, recipes, makers — differ, and they all go through ``Assembly`` below.
/// Clock, lines, stock and statistics survive untouched.
enum Assembly {
    /// A first load: structural calls build the counter and the stock.
    case building
    /// A reload: structural calls are checked unchanged against the living counter (a service or prep time
    /// may change); customers are not brought in again and arrival sources keep running.
    case reloading
}

extension World {
    /// Runs `body` (re-running the scripts) as a reload into new hook sets; rolls everything back and
    /// rethrows if it fails.
    func reload(_ body: () throws -> Void) throws {
        try transaction { _ in
            assembly = .reloading
            defer { assembly = .building }
            hooks.events = EventHookLists(stations: simulation.stations.count)
            hooks.close = []
            hooks.runEnd = []
            time.redeclared = 0
            try forgetRoutes()
            stock?.replaceRulesAndHooks()
            installObservers()
            try body()
            try installPendingRoutes(final: true)
        }
    }

    // MARK: Structural calls: the one place that adds (first load) or checks (reload)

    /// Routes are the script's to give again: a reload starts every routed task from "leave" (a task never
    /// routed is left alone, so a world without routes never turns journey tracking on).
    func forgetRoutes() throws {
        for t in simulation.tasks.indices {
            if case .leave = simulation.route(forTask: t) { continue }
            try simulation.setRoute(.leave, forTask: t)
        }
        hooks.routes = [:]
        hooks.pendingRoutes = []
    }

    /// `counter:task{…}`: adds the task to counter `station`, or on a reload checks it exists (its service time
    /// may change). Returns its index.
    func declareTask(_ name: String, service: Distribution, capacity: Int?, patience: Distribution?, station: Int = 0) throws -> Int {
        switch assembly {
        case .building:
            try checkRoomForTask(name)
            return try simulation.addTask(TaskClass(name: name, service: service, capacity: capacity, patience: patience), station: station)
        case .reloading:
            return try checkUnchangedTask(name, service: service, station: station)
        }
    }

    /// `counter:tellers{…}`: adds the pool, or on a reload checks it is unchanged. Returns the pool's name.
    func declareTellers(_ count: Int, skills: [Int], name: String?, service: Distribution?,
                        leaving: TellerLeaving = .afterService) throws -> String {
        switch assembly {
        case .building:
            try checkRoomForTellers(count, key: "count", context: "tellers")
            let pool = try simulation.addTellers(count, skills: skills, name: name, service: service, leaving: leaving)
            return simulation.pool(pool).name
        case .reloading:
            return try checkUnchangedPool(name, skills: skills, count: count, leaving: leaving)
        }
    }

    /// `counter:arrive(…)`: the customer's number, or nil on a reload (customers are not brought in again).
    func declareCustomer(_ spec: () throws -> CustomerSpec) throws -> Int? {
        switch assembly {
        case .building: try simulation.arrive(spec())
        case .reloading: nil
        }
    }

    /// `counter:arrivals{…}`: adds the Poisson source; on a reload the running one takes the edited rate and mix
    /// from its next draw (as an edited service time does), and a source the living world lacks is refused.
    func declareArrivals(_ process: () throws -> ArrivalProcess, name: String) throws {
        switch assembly {
        case .building:
            try simulation.addArrivals(process(), name: name)
            hasOpenEndedArrivals = true
        case .reloading:
            guard simulation.hasBuiltinArrivals(named: name) else {
                throw ScriptingError.invalidScenario(
                    "reload cannot add arrivals '\(name)' to a living world: use :reset to rebuild the scenario")
            }
            try simulation.changeArrivals(named: name, to: process())
        }
    }

    /// `counter:generate(fn, …)` with the function on top of the stack: installs the generator, or on a reload
    /// swaps the running source's function (its batch size must not change).
    func declareGenerator(name: String, batch: Int, station: Int) throws {
        switch assembly {
        case .building:
            if hooks.generator(of: station) != nil {
                lua.stack.pop()
                // Every generator source of a counter calls its one generator function: a second one would
                // silently take the first one's arrivals too.
                throw ScriptingError.invalidScenario(
                    "generate: the counter has a generator already; it takes one (built-in arrivals may run beside it)")
            }
            if batch > 0 {
                try installBatchGenerator(name: name, size: batch, station: station)
            } else {
                try installGenerator(name: name, station: station)
            }
        case .reloading:
            let function = LuaReference(popping: lua)
            // A generator new in the reload would have no running source to call it.
            guard var generator = hooks.generator(of: station) else {
                throw ScriptingError.invalidScenario(
                    "reload cannot add a generator to counter '\(stationName(station))' in a living world: use :reset to rebuild the scenario")
            }
            if batch != generator.batch {
                throw ScriptingError.invalidScenario(
                    "generate: a reload cannot change the generator's 'batch' (\(generator.batch) to \(batch)); run the scenario again")
            }
            // The arrival source stays; its Lua function is swapped.
            generator.function = function
            hooks.setGenerator(generator, of: station)
        }
    }

    /// `stock:item{…}`: adds the fruit; on a reload a fruit the stock has keeps its count (state survives) but takes
    /// an edited capacity (the message says `capacity 400 → 100`: it must be so), and a new one is added.
    func declareItem(_ name: String, count: Int, capacity: Int?, in stock: StockBinding) throws {
        if case .reloading = assembly, let item = simulation.stock.item(named: name) {
            let held = simulation.stock.items[item]
            guard held.capacity != (capacity ?? .max) else { return }
            guard capacity.map({ $0 >= held.count }) ?? true else {
                throw ScriptingError.invalidScenario("reload cannot set the capacity of '\(name)' to \(capacity!): it holds "
                    + "\(held.count) now (stock:set it lower first, or :reset to rebuild the scenario)")
            }
            try simulation.setCapacity(ofItem: name, to: capacity)
            return
        }
        try simulation.defineItem(name, count: count, capacity: capacity)
        stock.sync()
    }

    /// `stock:makers{…}`: adds the makers, or on a reload checks the makers and their juices match the living
    /// counter (prep times may change). Returns the pool's name.
    func declareMakers(_ count: Int, prep: [String: Distribution], recipes: [String], name: String,
                       in stock: StockBinding) throws -> String {
        switch assembly {
        case .building:
            return try stock.addMakers(count, prep: prep, recipes: recipes, name: name)
        case .reloading:
            // The juices the makers serve already; a recipe the reload added is registered (it can be
            // ordered) but gets no makers' task in a living counter.
            let served = recipes.filter { simulation.taskIndex(named: $0) != nil }
            stock.reloadNews.unserved = recipes.filter { simulation.taskIndex(named: $0) == nil }
            for recipe in served { _ = try checkUnchangedTask(recipe, service: prep[recipe]!) }
            return try checkUnchangedPool(name, skills: served.map { simulation.taskIndex(named: $0)! }.sorted(), count: count)
        }
    }

    /// During a reload: the task must exist in its counter; a changed service time takes effect. Returns its index.
    @discardableResult
    func checkUnchangedTask(_ name: String, service: Distribution, station: Int = 0) throws -> Int {
        guard let index = simulation.taskIndex(named: name, inStation: station) else {
            throw ScriptingError.invalidScenario("reload cannot add task '\(name)' to a living counter: use :reset to rebuild the scenario")
        }
        if simulation.tasks[index].service != service {
            try simulation.setService(service, forTask: index)
        }
        return index
    }

    /// During a reload: the pool must exist with the same skills and count. Returns its name.
    @discardableResult
    func checkUnchangedPool(_ name: String?, skills: [Int], count: Int, leaving: TellerLeaving = .afterService) throws -> String {
        let poolName = name ?? skills.map { simulation.tasks[$0].name }.joined(separator: "+")
        let station = skills.first.map { simulation.station(ofTask: $0) } ?? 0
        guard let pool = simulation.stations[station].pools.map({ simulation.pool($0) }).first(where: { $0.name == poolName }) else {
            throw ScriptingError.invalidScenario("reload cannot add tellers '\(poolName)' to a living counter: use :reset to rebuild the scenario")
        }
        if pool.tellers.count != count || pool.skills != skills {
            throw ScriptingError.invalidScenario("reload cannot change tellers '\(poolName)' (\(pool.tellers.count) → \(count)) in a living counter: use :reset")
        }
        if pool.leaving != leaving {
            let word = { (l: TellerLeaving) in l == .handBack ? "hand_back" : "after_service" }
            throw ScriptingError.invalidScenario(
                "reload cannot change how tellers '\(poolName)' leave (\(word(pool.leaving)) → \(word(leaving))) in a living counter: use :reset")
        }
        return poolName
    }
}
