import Foundation
import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// The counter object scenarios build a service counter with (`shopfloor.counter "bank"`).
/// Methods take the counter as `self` (call them with `:`); documented in `docs/lua-api.md`.
extension World {
    /// Pushes a new counter object for `station` (World+Stations.swift keeps it).
    func pushNewCounter(station: Int) {
        let stack = lua.stack
        stack.pushTable(record: 20)
        let t = stack.top
        for (name, method) in counterMethods(station: station).merging(timeMethods(station: station), uniquingKeysWith: { a, _ in a }).sorted(by: { $0.key < $1.key }) {
            // Refusals name the method as the script wrote it: `counter:run`, not the core's `startArrivals`.
            lua.setFunction(name, in: t, method.namingRefusals("counter:\(name)"))
        }
        // A one-line summary when printed (the REPL shows it instead of the methods).
        stack.pushTable(record: 2)
        lua.setFunction("__tostring", in: -1, takes: 1) { [unowned self] call in call.returning(counterSummary) }
        stack.push("shopfloor.counter")
        stack.setField("__name", in: -2)
        stack.setMetatable(of: t)
    }

    private func counterMethods(station: Int) -> [String: LuaHostFunction] {
        [
            // counter:task { name =, service =, capacity =, patience = } → name
            "task": .takes(2) { [unowned self] call in
                let spec = try options(call, 2, "task", accepted: ["name", "service", "capacity", "patience"] + TaskExtras.keys)
                let name = try spec.requiredString("name")
                let service = try DistributionBinding.field("service", of: call, table: 2, context: "task") ?? .fixed(0)
                let patience = try DistributionBinding.field("patience", of: call, table: 2, context: "task")
                let capacity = try spec.integer("capacity", in: 0...ScriptLimits.count)
                let extras = try TaskExtras(spec, task: name)
                let index = try declareTask(name, service: service, capacity: capacity, patience: patience, station: station)
                try applyExtras(extras, toTask: index, call: call)
                try installPendingRoutes(final: false)
                return call.returning(name)
            },
            // counter:tellers { skill = "loan" | skills = { "loan", "deposit" }, count =, service =, name =,
            //                   schedule = { { at =, count = }, … }, leaving = } → pool name (schedules: World+Schedules.swift)
            "tellers": .takes(2) { [unowned self] call in
                let spec = try options(call, 2, "tellers", accepted: ["skill", "skills", "count", "service", "name", "schedule", "leaving"])
                let skillNames = try tellerSkills(spec)
                let skills = try skillNames.map { try task(named: $0, in: station) }
                let given = try spec.integer("count", in: 1...ScriptLimits.tellers)
                let schedule = try tellerSchedule(spec, limit: given ?? ScriptLimits.tellers)
                let count = given ?? max(schedule?.map(\.count).max() ?? 1, 1)
                let service = try DistributionBinding.field("service", of: call, table: 2, context: "tellers")
                let leaving = try tellerLeaving(spec)
                let pool = try declareTellers(count, skills: skills, name: try spec.string("name"), service: service, leaving: leaving)
                try applyTellerSchedule(schedule, leaving: leaving, pool: pool, station: station)
                return call.returning(pool)
            },
            // counter:arrive("deposit") or counter:arrive { task =, priority =, patience =, attrs = { … } } → number
            "arrive": .takes(2) { [unowned self] call in
                let number = try declareCustomer {
                    if call.stack.isTable(at: 2) {
                        let options = try options(call, 2, "arrive", accepted: ["task", "priority", "patience", "attrs"])
                        call.stack.getField("task", in: 2)
                        defer { call.stack.pop() }
                        return try customerSpec(task: call.stack.top, options: options, station: station)
                    }
                    _ = try call.name(2)
                    return try customerSpec(task: 2, options: nil, station: station)
                }
                guard let number else {
                    call.stack.pushNil()
                    return 1
                }
                return call.returning(number)
            },
            // counter:arrivals { rate =, mix = { deposit = 2, loan = 1 }, name = } — built-in Poisson, no Lua per arrival
            "arrivals": .takes(2) { [unowned self] call in
                let spec = try options(call, 2, "arrivals", accepted: ["rate", "mix", "name"])
                guard let rate = spec["rate"].flatMap({ OptionTable.number($0, in: 0...Double.greatestFiniteMagnitude) }), rate > 0 else {
                    throw ScriptingError.invalidScenario(spec.mismatch("rate", expected: "a number > 0 (customers per second)", spec["rate"] ?? .nil))
                }
                guard let mixTable = spec["mix"]?.tableValue, !mixTable.entries.isEmpty else {
                    throw ScriptingError.invalidScenario(spec.mismatch("mix", expected: "a table { task = weight, … }", spec["mix"] ?? .nil))
                }
                var weights: [(task: Int, weight: Double)] = []
                for (key, value) in mixTable.sortedEntries {
                    guard case .string(let taskName) = key else {
                        throw ScriptingError.invalidScenario("arrivals: 'mix' keys must be task names, got [\(key)]")
                    }
                    guard let w = OptionTable.number(value, in: 0...Double.greatestFiniteMagnitude) else {
                        throw ScriptingError.invalidScenario("arrivals: weight of '\(taskName)' must be a number >= 0, got \(OptionTable.show(value))")
                    }
                    weights.append((try task(named: taskName, in: station), w))
                }
                // Weights in task order, so the draw does not depend on how the table was written.
                weights.sort { $0.task < $1.task }
                try declareArrivals({ .poisson(rate: rate, mix: try TaskMix(weights)) },
                                    name: try spec.string("name") ?? defaultArrivalsName(station: station))
                return 0
            },
            // counter:generate(function(rng) return gap, task[, attrs] end [, name | { name =, batch = }]);
            // with batch = n: function(rng, gaps, tasks, n) … return count end (World+Batches.swift)
            "generate": .takes(3) { [unowned self] call in
                try call.checkFunction(2)
                let (name, batch) = try generatorOptions(call, station: station)
                call.stack.pushCopy(of: 2)
                try declareGenerator(name: name, batch: batch, station: station)
                return 0
            },
            // counter:policy(function(teller, lines) … end [, { looks_at = "own" }]), or a built-in rule by name:
            //   "fifo"   — a teller serves only its own skill (the first it lists), longest-waiting first
            //   "skills" — a teller serves its skills in the order listed, longest-waiting first (the core's default)
            // looks_at = "own" promises the function returns nil whenever the teller's own line is empty: it is
            // then called only when someone waits there.
            "policy": .takes(3) { [unowned self] call in
                if station != 0 || hooksPerStation || hasSeveralStations {
                    try setStationPolicy(station, call)
                    return 0
                }
                if call.stack.isString(at: 2) {
                    try checkNoPolicyOptions(call)
                    switch try call.name(2) {
                    case "skills": simulation.tellerPolicy = nil
                    case "fifo": installOwnSkillPolicy()
                    case let other:
                        throw ScriptingError.invalidScenario(
                            "policy: " + UnknownName.message("built-in rule", other, among: ["fifo", "skills"], label: "built in")
                                + "; or pass a function(teller, lines)")
                    }
                    return 0
                }
                try call.checkFunction(2)
                let scope = try policyScope(call)
                call.stack.pushCopy(of: 2)
                installPolicy(LuaReference(popping: lua), scope: scope)
                return 0
            },
            // counter:service_time(function(customer, teller) return seconds end) or nil for the tasks' own
            "service_time": .takes(2) { [unowned self] call in
                if station != 0 || hooksPerStation || hasSeveralStations {
                    try setStationServiceTime(station, call)
                    return 0
                }
                if call.isNil(2) {
                    simulation.serviceTime = nil
                    return 0
                }
                try call.checkFunction(2)
                call.stack.pushCopy(of: 2)
                installServiceTime(LuaReference(popping: lua))
                return 0
            },
            // counter:on("start", function(customer) … end)
            "on": .takes(3) { [unowned self] call in
                try addEventHook(event: try call.name(2), functionAt: 3, station: station, call: call)
                return 0
            },
            // counter:line "deposit" → the line object
            "line": .takes(2) { [unowned self] call in
                let index = try task(named: try call.name(2), in: station)
                if hasSeveralStations {
                    LineBinding.push(LineHandle(world: self, index: index), onto: call.stack)
                    return 1
                }
                pushLinesTable()
                pushTaskName(index)
                call.stack.rawGet(in: -2)
                return 1
            },
            // counter:lines() → { deposit = line, loan = line }
            "lines": .takes(1) { [unowned self] call in
                if hasSeveralStations {
                    pushStationLines(station)
                    return 1
                }
                pushLinesTable()
                return 1
            },
            // counter:run() / run { until = T } / run { served = N } / run { time = D } → the clock
            "run": .takes(2) { [unowned self] call in
                let goal = try runGoal(call)
                ranByScript = true
                do {
                    try lua.suspendingEntry { try runForScript(goal) }
                } catch {
                    // As `shopfloor run` reports it: a hook's own error (which names its place), not wrapped
                    // in "… hook failed" behind this call's line; a zero-time loop with its place and hint.
                    throw Scenario.userFacing(explainedForScript(error))
                }
                return call.returning(simulation.now)
            },
            // counter:reset() — clears lines, numbering, clock and statistics; ends every timer and process
            "reset": .takes(1) { [unowned self] call in
                try simulation.reset()
                dropWaitsAtReset()
                return 0
            },
            // counter:dispatch() — every idle teller looks again now (its policy is asked again), in teller order:
            // for a policy that waits for something other than its lines (a time, another line, a stock level)
            "dispatch": .takes(1) { [unowned self] call in
                guard !isReloading else { return 0 }
                try simulation.dispatchIdleTellers()
                return 0
            },
            // counter:stats() → the summary so far, as a table
            "stats": .takes(1) { [unowned self] call in
                pushSummaryTable()
                return 1
            },
            // counter:serving() → { {number=, task=, teller=, pool=, started=}, … } in teller order (the "working" list)
            "serving": .takes(1) { [unowned self] call in
                let busy = simulation.inService()
                call.stack.pushTable(array: busy.count)
                for (i, c) in busy.enumerated() {
                    pushCustomerCopy(c, onto: call.stack, view: sf_customer_view_serving())
                    call.stack.setIndex(i + 1, in: -2)
                }
                return 1
            },
            // counter:waiting() → every waiting customer, line by line in task order
            "waiting": .takes(1) { [unowned self] call in
                var all: [Customer] = []
                for line in simulation.tasks.indices { all += simulation.waiting(inLine: line) }
                all.sort { $0.number < $1.number }
                call.stack.pushTable(array: all.count)
                for (i, c) in all.enumerated() {
                    pushCustomerCopy(c, onto: call.stack)
                    call.stack.setIndex(i + 1, in: -2)
                }
                return 1
            },
            // counter:tasks() → { "deposit", "loan" } in declaration order
            "tasks": .takes(1) { [unowned self] call in
                call.returning(tasks(ofStation: station).map { simulation.tasks[$0].name })
            },
            // counter:service_means() → { deposit = 0.7, loan = 1.1 }: each task's mean service time
            "service_means": .takes(1) { [unowned self] call in
                call.returning(Dictionary(uniqueKeysWithValues: tasks(ofStation: station).map {
                    (simulation.tasks[$0].name, simulation.tasks[$0].service.mean) }))
            },
            // counter:route("desk", "tellers.deposit" | { ["tellers.loan"] = 0.3, exit = 0.7 } | function(customer) … end
            //               [, { when_full = "wait" | "leave" }]) — where customers go after service (World+Routes.swift)
            "route": .takes(4) { [unowned self] call in
                let task = try task(named: try call.name(2), in: station)
                guard !call.isNil(3) else { throw call.typeError(3, expected: "a task, a table of probabilities or a function") }
                let whenFull = try whenFullOption(call)
                try setRoute(ofTask: task, specAt: 3, whenFull: whenFull, call: call)
                return 0
            },
            // counter:name() → the counter's name (its station)
            "name": .takes(1) { [unowned self] call in
                call.returning(station == 0 ? (counterName ?? "counter") : simulation.stations.indices.contains(station) ? simulation.stations[station].name : "")
            },
            // counter:now() → the clock
            "now": .takes(1) { [unowned self] call in call.returning(simulation.now) },
        ]
    }

    /// A built-in rule by name takes no options: `looks_at` is a promise about a function's answers.
    func checkNoPolicyOptions(_ call: LuaCall) throws {
        guard call.isNil(3) else {
            throw LuaArgumentError(3, "no options for a built-in rule (looks_at is for a function), got \(call.stack.argumentTypeName(at: 3))")
        }
    }

    /// `counter bank: clock 1.10 s · waiting deposit 8, loan 4 · 3 of 3 tellers busy · 3 served`.
    var counterSummary: String {
        let sim = simulation
        let waiting = sim.tasks.indices.map { "\(sim.tasks[$0].name) \(sim.length(ofLine: $0))" }.joined(separator: ", ")
        let tellers = sim.tellers
        return String(format: "counter %@: clock %.2f s · waiting %@ · %d of %d tellers busy · %d served%@",
                      (counterName ?? "counter") as NSString, sim.now, (waiting.isEmpty ? "nobody" : waiting) as NSString,
                      tellers.filter(\.isBusy).count, tellers.count, sim.servedTotal, (sim.isOpen ? "" : " · not open yet") as NSString)
    }

    /// How far `counter:run{…}` runs: to a time, for a duration, for N services, or until idle.
    enum RunGoal { case until(Double), duration(Double), served(Int), idle }

    /// The goal of `counter:run(options)` at argument 2: at most one of `until`, `time`, `served`.
    func runGoal(_ call: LuaCall) throws -> RunGoal {
        if call.isNil(2) { return .idle }
        let spec = try options(call, 2, "run", accepted: ["until", "time", "served"])
        let given = ["served", "time", "until"].filter { spec[$0] != nil }
        guard given.count <= 1 else {
            throw ScriptingError.invalidScenario("run: give one of 'until', 'time' or 'served', not \(given.map { "'\($0)'" }.joined(separator: " and "))")
        }
        let seconds = 0...Double.greatestFiniteMagnitude
        if let t = try spec.number("until", in: seconds) { return .until(t) }
        if let d = try spec.number("time", in: seconds) { return .duration(d) }
        if let n = try spec.integer("served", in: 1...ScriptLimits.count) { return .served(n) }
        return .idle
    }

    /// `counter:run{…}` from a script: arrivals start, then the simulation runs as asked.
    func runForScript(_ goal: RunGoal) throws {
        try installPendingRoutes(final: true)
        try simulation.startArrivals()
        try simulation.open()
        switch goal {
        case .until(let t): try simulation.run(until: t)
        case .duration(let d): try simulation.run(until: simulation.now + d)
        case .served(let n): try simulation.run(untilServed: simulation.servedTotal + n)
        case .idle: _ = try simulation.runUntilIdle()
        }
    }

    /// The skills of `tellers { skill = | skills = }`: one task name, or a list of them (own skill first).
    func tellerSkills(_ spec: OptionTable) throws -> [String] {
        var names: [String] = []
        if let one = try spec.string("skill") { names = [one] }
        if let many = spec["skills"] {
            guard let list = many.tableValue, list.isSequence, list.array.allSatisfy({ $0.stringValue != nil }) else {
                throw ScriptingError.invalidScenario(spec.mismatch("skills", expected: "a list of task names", many))
            }
            names += list.array.compactMap(\.stringValue)
        }
        guard !names.isEmpty else {
            throw ScriptingError.invalidScenario("tellers: give 'skill' (a task name) or 'skills' (a list of task names)")
        }
        return names
    }

    /// Refuses tellers beyond ``ScriptLimits/tellers`` before the core allocates them.
    func checkRoomForTellers(_ count: Int, key: String, context: String) throws {
        let total = simulation.tellerCount + count
        guard total <= ScriptLimits.tellers else {
            throw ScriptingError.invalidScenario(
                "\(context): '\(key)' = \(count) would make \(total) tellers; a counter has at most \(ScriptLimits.tellers)")
        }
    }

    /// Refuses a task beyond ``ScriptLimits/tasks`` before the core allocates its line and statistics.
    func checkRoomForTask(_ name: String) throws {
        guard simulation.tasks.count < ScriptLimits.tasks else {
            throw ScriptingError.invalidScenario("task '\(name)': a counter has at most \(ScriptLimits.tasks) tasks")
        }
    }

    /// Pushes the run summary as a Lua table (the shape of `--format json`, minus version/scenario).
    func pushSummaryTable() {
        lua.stack.push(SummaryReport.luaValue(simulation.summary(), layout: summaryLayout))
    }
}
