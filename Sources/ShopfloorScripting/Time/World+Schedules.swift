import LuaKit
import ShopfloorCore

/// Tellers whose number changes over time, and opening hours (docs/lua-api.md, "Time and processes"):
///
/// ```lua
/// counter:tellers { skill = "deposit", count = 3, schedule = { { at = 0, count = 3 }, { at = 12 * 3600, count = 2 },
///                   { at = 13 * 3600, count = 3 } }, leaving = "after_service" }
/// counter:set_tellers("deposit", 1)          -- now, from a callback or a process
/// counter:close_door(16 * 3600)              -- nobody comes in after 16:00; those inside are served
/// ```
///
/// A pool is created with `count` tellers (default: the largest count of its schedule), the most it ever has.
/// `leaving`: `"after_service"` (default: a busy teller finishes the customer in service first) or `"hand_back"`
/// (the customer goes back to the head of their line): the pool's rule, for its schedule and for every
/// `set_tellers` that does not give its own. On a reload, schedules and the door are not set again:
/// like arrival sources, they go on as they were set when the scenario loaded.
extension World {
    static let leavingChoices = ["after_service", "hand_back"]

    /// The `leaving` option of `spec`, default after service.
    func tellerLeaving(_ spec: OptionTable) throws -> TellerLeaving {
        guard let name = try spec.string("leaving") else { return .afterService }
        switch name {
        case "after_service": return .afterService
        case "hand_back": return .handBack
        default:
            throw ScriptingError.invalidScenario("\(spec.context): " + UnknownName.message("'leaving'", name, among: Self.leavingChoices, label: "choices"))
        }
    }

    /// `schedule = { { at =, count = }, … }` of a `tellers` spec: steps in strictly increasing time, counts whole
    /// numbers from 0 to `limit`. Nil when absent.
    func tellerSchedule(_ spec: OptionTable, limit: Int) throws -> [(at: Double, count: Int)]? {
        guard let value = spec["schedule"] else { return nil }
        guard let list = value.tableValue, list.isSequence, !list.array.isEmpty else {
            throw ScriptingError.invalidScenario(spec.mismatch("schedule", expected: "a list of { at = time, count = tellers }", value))
        }
        var steps: [(at: Double, count: Int)] = []
        for (i, item) in list.array.enumerated() {
            let context = "\(spec.context): schedule[\(i + 1)]"
            guard let table = item.tableValue else {
                throw ScriptingError.invalidScenario("\(context): expected a table { at = time, count = tellers }, got \(OptionTable.show(item))")
            }
            let step = try OptionTable(table, context: context, accepted: ["at", "count"], reporter: .throwing())
            guard let at = try step.number("at", in: 0...Double.greatestFiniteMagnitude) else {
                throw ScriptingError.invalidScenario("\(context): 'at' is missing (a time in seconds)")
            }
            guard let count = try step.integer("count", in: 0...limit) else {
                throw ScriptingError.invalidScenario("\(context): 'count' is missing (a whole number of tellers)")
            }
            if let last = steps.last, at <= last.at {
                throw ScriptingError.invalidScenario(
                    "\(context): 'at' (\(OptionTable.show(.number(at)))) must be after the step before (\(OptionTable.show(.number(last.at)))): steps go in increasing time")
            }
            steps.append((at, count))
        }
        return steps
    }

    /// After `counter:tellers{…}` built pool `name`: its schedule, if it has one (not on a reload).
    func applyTellerSchedule(_ steps: [(at: Double, count: Int)]?, leaving: TellerLeaving, pool name: String,
                             station: Int) throws {
        guard let steps, !isReloading, let pool = try? pool(named: name, in: station) else { return }
        try simulation.setPoolSchedule(pool, steps, leaving: leaving)
    }

    /// Pool index by name among counter `station`'s pools (pool names are per station), or an error listing them.
    func pool(named name: String, in station: Int) throws -> Int {
        let own = station < simulation.stations.count ? simulation.stations[station].pools : []
        if let i = own.first(where: { simulation.pool($0).name == name }) { return i }
        throw ScriptingError.invalidScenario(UnknownName.message("tellers", name, among: own.map { simulation.pool($0).name }, label: "pools",
                                                                 whenEmpty: "none yet — declare some with counter:tellers{…}"))
    }

    /// Counter `station`'s time methods (merged into the counter object, World+Counter.swift). The door is the
    /// world's: closing it on any counter closes it for every station.
    func timeMethods(station: Int) -> [String: LuaHostFunction] {
        [
            // counter:set_tellers(pool, n [, { leaving = "after_service" | "hand_back" }]): n of the pool's tellers from now
            "set_tellers": .takes(4) { [unowned self] call in
                let pool = try pool(named: try call.name(2), in: station)
                let size = simulation.pool(pool).tellers.count
                guard let count = call.stack.int(at: 3), (0...size).contains(count) else {
                    throw ScriptingError.invalidScenario(
                        "set_tellers: the count must be a whole number from 0 to \(size) (the tellers '\(simulation.pool(pool).name)' was created with), got \(OptionTable.show(call.value(3)))")
                }
                // Without the option, the pool's own `leaving` (counter:tellers{…}), which is after service unless it
                // said otherwise.
                var leaving: TellerLeaving?
                if !call.isNil(4) { leaving = try tellerLeaving(try options(call, 4, "set_tellers", accepted: ["leaving"])) }
                guard !isReloading else { return 0 }
                try simulation.setPoolSize(pool, to: count, leaving: leaving)
                return 0
            },
            // counter:close_door(t): from time t nobody comes in (arrivals stop, counter:arrive is refused); those
            // inside are served
            "close_door": .takes(2) { [unowned self] call in
                let t = try simulatedTime(call, 2, "close_door", "t")
                guard !isReloading else { return 0 }
                guard t >= simulation.now else {
                    throw ScriptingError.invalidScenario("close_door: 't' (\(OptionTable.show(call.value(2)))) is before now (\(OptionTable.show(.number(simulation.now))))")
                }
                try simulation.closeDoor(at: t)
                time.doorCloses = true
                return 0
            },
            // counter:door_closed() → whether the door has closed
            "door_closed": .takes(1) { [unowned self] call in call.returning(simulation.isDoorClosed) },
        ]
    }
}
