import LuaKit
import ShopfloorCore

/// Routing, the whole path: `counter:route(task, spec [, { when_full = }])` or `route =` / `when_full =` in
/// `counter:task{…}` (World+Counter.swift) → ``World/setRoute(ofTask:specAt:whenFull:call:)``: a name becomes the
/// core's `.next`, a table of probabilities its `.choice`, a function its `.decide` with ``World/routingHook(_:from:)``
/// → per routed customer the core moves them on (Simulation+Journeys.swift). Documented in docs/lua-api.md
/// ("Stations and routing").
extension World {
    /// How far probabilities may add up from 1 (rounding in `0.1 + 0.2 + 0.7`): 1e-6.
    static let routeTolerance = 1e-6

    /// The `when_full` option of `counter:route` at argument 4.
    func whenFullOption(_ call: LuaCall) throws -> WhenFull {
        if call.isNil(4) { return .wait }
        let spec = try options(call, 4, "route", accepted: ["when_full"])
        return try Self.whenFull(spec["when_full"], context: "route")
    }

    /// `"wait"` (the default: blocking after service) or `"leave"`.
    static func whenFull(_ value: LuaValue?, context: String) throws -> WhenFull {
        switch value {
        case nil, .string("wait")?: return .wait
        case .string("leave")?: return .leave
        case let other?:
            throw ScriptingError.invalidScenario("\(context): 'when_full' must be \"wait\" or \"leave\", got \(OptionTable.show(other))")
        }
    }

    /// Sets the route of `task` from the Lua value at `index`: a next step (`"tellers.deposit"`, a task of the
    /// same counter, `"exit"`), a table of probabilities, or a function of the customer. A route naming a task not
    /// declared yet waits for it (``PendingRoute``): counters may be declared in any order.
    func setRoute(ofTask task: Int, specAt index: Int32, whenFull: WhenFull, call: LuaCall) throws {
        lua.stack.pushCopy(of: index)
        let spec = LuaReference(popping: lua)
        let pending = PendingRoute(task: task, spec: spec, whenFull: whenFull, place: lua.stack.callerPlace(level: 1))
        hooks.pendingRoutes.removeAll { $0.task == task }
        if case .building = assembly, !routeTargetsExist(pending) {
            // Everything but the names is checked now, at the line that gave it.
            if case .table(let table) = lua.stack.value(at: index, depth: 1) {
                _ = try routeProbabilities(.table(table), from: simulation.station(ofTask: task),
                                           "route of '\(taskLabel(task))'", resolving: false)
            }
            hooks.pendingRoutes.append(pending)
            return
        }
        try install(pending)
    }

    /// Installs a route: the spec pushed and decoded now, every target must exist.
    func install(_ pending: PendingRoute) throws {
        let task = pending.task, whenFull = pending.whenFull
        let station = simulation.station(ofTask: task)
        let label = "route of '\(taskLabel(task))'"
        pending.spec.push()
        defer { lua.stack.pop() }
        let route: Route
        switch lua.stack.type(at: -1) {
        case .string:
            let name = lua.stack.string(at: -1) ?? ""
            route = name == "exit" ? .leave : .next(task: try routeTarget(name, from: station, label), whenFull: whenFull)
        case .table:
            route = .choice(try routeProbabilities(lua.stack.value(at: -1, depth: 1), from: station, label), whenFull: whenFull)
        case .function:
            hooks.routes[task] = pending.spec
            route = .decide(routingHook(pending.spec, from: task), whenFull: whenFull)
        default:
            throw ScriptingError.invalidScenario("\(label): expected a task name, \"exit\", a table of probabilities or a function, got \(lua.stack.typeName(at: -1))")
        }
        if case .decide = route {} else { hooks.routes[task] = nil }
        hooks.routePlaces[task] = pending.place
        do {
            try simulation.setRoute(route, forTask: task)
        } catch CoreError.invalidArgument(let message) {
            throw ScriptingError.invalidScenario(message)
        }
    }

    /// Whether every task a route names exists yet (a function names none).
    func routeTargetsExist(_ pending: PendingRoute) -> Bool {
        let station = simulation.station(ofTask: pending.task)
        let known: (String) -> Bool = { name in
            name == "exit" || self.taskIndex(name, seenFrom: station) != nil
        }
        pending.spec.push()
        defer { lua.stack.pop() }
        switch lua.stack.value(at: -1, depth: 1) {
        case .string(let name): return known(name)
        case .table(let table):
            return table.entries.keys.allSatisfy { if case .string(let name) = $0 { known(name) } else { true } }
        default: return true
        }
    }

    /// Installs the waiting routes whose targets now exist; with `final`, the others are errors at the line that
    /// gave them (the end of a scenario's load: a task never declared is a typo).
    func installPendingRoutes(final: Bool) throws {
        guard !hooks.pendingRoutes.isEmpty else { return }
        let waiting = hooks.pendingRoutes
        hooks.pendingRoutes = []
        for pending in waiting {
            guard final || routeTargetsExist(pending) else {
                hooks.pendingRoutes.append(pending)
                continue
            }
            do {
                try install(pending)
            } catch ScriptingError.invalidScenario(let message) where final {
                // Not inside the call that gave it: name its line.
                throw ScriptingError.invalidScenario(pending.place.map { "\($0): \(message)" } ?? message)
            }
        }
    }

    /// A route's target task: a task of counter `station` by plain name, or `station.task`.
    func routeTarget(_ name: String, from station: Int, _ label: String) throws -> Int {
        if let i = taskIndex(name, seenFrom: station) { return i }
        let own = tasks(ofStation: station).map { simulation.tasks[$0].name }
        let candidates = own + (hasSeveralStations ? allTaskPaths : []) + ["exit"]
        throw ScriptingError.invalidScenario("\(label): " + UnknownName.message("task", name, among: candidates, label: "tasks"))
    }

    /// `{ ["tellers.deposit"] = 0.7, ["tellers.loan"] = 0.3, exit = 0 }`: each ≥ 0 and finite, together 1 within
    /// ``routeTolerance`` (`exit` is what is left). Entries in task order, so the draw does not depend on how the
    /// table was written.
    /// With `resolving: false` only the numbers are checked (the names may not exist yet).
    func routeProbabilities(_ value: LuaValue, from station: Int, _ label: String,
                            resolving: Bool = true) throws -> [(task: Int, probability: Double)] {
        guard let table = value.tableValue, !table.entries.isEmpty else {
            throw ScriptingError.invalidScenario("\(label): a table of probabilities must not be empty")
        }
        var entries: [(task: Int, probability: Double)] = []
        var total = 0.0
        for (key, value) in table.sortedEntries {
            guard case .string(let name) = key else {
                throw ScriptingError.invalidScenario("\(label): probabilities must be keyed by task name or \"exit\", got [\(key)]")
            }
            let p: Double
            switch value {
            case .integer(let i): p = Double(i)
            case .number(let d): p = d
            default: throw ScriptingError.invalidScenario("\(label): probability of '\(name)' must be a number, got \(OptionTable.show(value))")
            }
            guard p.isFinite, p >= 0 else {
                throw ScriptingError.invalidScenario("\(label): probability of '\(name)' must be a finite number >= 0, got \(OptionTable.show(value))")
            }
            total += p
            if name != "exit" && resolving { entries.append((try routeTarget(name, from: station, label), p)) }
        }
        guard abs(total - 1) <= Self.routeTolerance else {
            throw ScriptingError.invalidScenario("\(label): probabilities must add up to 1 (±\(Self.routeTolerance)), got \(OptionTable.show(.number(total)))")
        }
        entries.sort { $0.task < $1.task }
        return entries
    }

    /// The core's routing function for Lua `function(customer) → task | "exit" | nil [, priority]`: the customer
    /// handle as for a service-time function; a bad answer is an error at the function's `file:line`.
    func routingHook(_ function: LuaReference, from task: Int) -> RoutingHook {
        let station = simulation.station(ofTask: task)
        return { [unowned self] customer, simulation in
            let stack = self.lua.stack
            let base = stack.top
            defer { stack.setTop(base) }
            let handle = self.makeCustomerHandle()
            let saved = handle.enter(customer, time: simulation.now, teller: customer.teller)
            defer { handle.leave(saved) }
            function.push()
            handle.pushCurrent()
            try self.lua.protectedCall(arguments: 1, results: 2)
            return try self.decodingAnswer(of: function) {
                try self.decodeRoutingAnswer(at: base + 1, from: station, label: "routing function of '\(self.taskLabel(task))'")
            }
        }
    }

    /// A routing function's answer at `index` (and its priority at `index + 1`).
    func decodeRoutingAnswer(at index: Int32, from station: Int, label: String) throws -> RoutingDecision {
        let stack = lua.stack
        var priority: Int?
        if !stack.isNil(at: index + 1) {
            guard stack.isNumber(at: index + 1), let p = stack.int(at: index + 1), ScriptLimits.priority.contains(p) else {
                throw ScriptingError.invalidScenario("\(label) must return a whole-number priority as its second value, got \(OptionTable.show(stack.value(at: index + 1, depth: 0)))")
            }
            priority = p
        }
        switch stack.type(at: index) {
        case .nil, .none:
            return .leave
        case .string:
            let name = stack.string(at: index) ?? ""
            if name == "exit" { return .leave }
            return .to(task: try routeTarget(name, from: station, label), priority: priority)
        default:
            throw ScriptingError.invalidScenario("\(label) must return a task name, \"exit\" or nil, got \(stack.typeName(at: index))")
        }
    }

    /// A route given before the tasks it names (`route = "tellers.deposit"` before the tellers' counter).
    struct PendingRoute {
        let task: Int
        let spec: LuaReference
        let whenFull: WhenFull
        /// `file:line` of the call that gave it.
        let place: String?
    }

    /// Pushes a fresh `lines` table of counter `station`'s own tasks (name → line object).
    func pushStationLines(_ station: Int) {
        let stack = lua.stack
        let tasks = tasks(ofStation: station)
        stack.pushTable(record: tasks.count)
        for t in tasks {
            stack.push(simulation.tasks[t].name)
            LineBinding.push(LineHandle(world: self, index: t), onto: stack)
            stack.rawSet(in: -3)
        }
    }
}
