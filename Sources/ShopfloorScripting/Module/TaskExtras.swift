import LuaKit
import ShopfloorCore

/// The options of `counter:task{…}` beyond the task itself: where customers go after service (`route`,
/// `when_full`) and which wait figures to report (`tally_by`, `service_level`, `percentiles`). A task without
/// them costs and reports nothing extra.
struct TaskExtras {
    static let keys = ["route", "when_full", "tally_by", "service_level", "percentiles"]

    var hasRoute: Bool
    var whenFull: WhenFull
    var tallyBy: String?
    var serviceLevels: [Double]
    var percentiles: [Double]

    init(_ spec: OptionTable, task: String) throws {
        hasRoute = spec["route"] != nil
        if !hasRoute, spec["when_full"] != nil {
            throw ScriptingError.invalidScenario("task '\(task)': 'when_full' needs a 'route'")
        }
        whenFull = try World.whenFull(spec["when_full"], context: "task '\(task)'")
        tallyBy = try spec.string("tally_by")
        if let t = tallyBy, t.isEmpty { throw ScriptingError.invalidScenario("task '\(task)': 'tally_by' must name an attribute, got \"\"") }
        serviceLevels = try Self.numbers(spec, "service_level", task: task, range: 0...Double.greatestFiniteMagnitude, what: "waits in seconds >= 0")
        percentiles = try Self.numbers(spec, "percentiles", task: task, range: 0...100, what: "percentiles from 0 to 100")
    }

    /// A number or a list of numbers in `range` under `key`; sorted, without repeats.
    static func numbers(_ spec: OptionTable, _ key: String, task: String, range: ClosedRange<Double>, what: String) throws -> [Double] {
        guard let value = spec[key] else { return [] }
        let items: [LuaValue]
        if let list = value.tableValue {
            guard list.isSequence, !list.array.isEmpty else {
                throw ScriptingError.invalidScenario(spec.mismatch(key, expected: "a list of \(what)", value))
            }
            items = list.array
        } else {
            items = [value]
        }
        var numbers: [Double] = []
        for item in items {
            guard let n = OptionTable.number(item, in: range) else {
                throw ScriptingError.invalidScenario("task '\(task)': '\(key)' must be \(what), got \(OptionTable.show(item))")
            }
            numbers.append(n)
        }
        return Array(Set(numbers)).sorted()
    }
}

/// What `counter:task{…}` asked to report beyond the standard figures, per task (kept with the hooks, so a
/// rollback forgets what it added).
struct WaitReportOptions: Equatable {
    var serviceLevels: [Double] = []
    var tallyBy: String?
    var percentiles: [Double] = []

    var isEmpty: Bool { serviceLevels.isEmpty && tallyBy == nil && percentiles.isEmpty }
}

extension World {
    /// Applies `extras` to task `task`, just declared (or checked on a reload): its route from the `route` field
    /// of the table at argument 2, and the wait figures asked for (measured afresh only when they change).
    func applyExtras(_ extras: TaskExtras, toTask task: Int, call: LuaCall) throws {
        if extras.hasRoute {
            call.stack.getField("route", in: 2)
            defer { call.stack.pop() }
            try setRoute(ofTask: task, specAt: call.stack.top, whenFull: extras.whenFull, call: call)
        }
        let wanted = WaitReportOptions(serviceLevels: extras.serviceLevels, tallyBy: extras.tallyBy, percentiles: extras.percentiles)
        let had = hooks.waitReports[task] ?? WaitReportOptions()
        guard wanted != had else { return }
        if wanted.serviceLevels != had.serviceLevels || wanted.tallyBy != had.tallyBy {
            do {
                try simulation.measureWaits(ofTask: task, serviceLevels: wanted.serviceLevels, by: wanted.tallyBy)
            } catch CoreError.invalidArgument(let message) {
                throw ScriptingError.invalidScenario("task '\(simulation.tasks[task].name)': \(message)")
            }
        }
        hooks.waitReports[task] = wanted.isEmpty ? nil : wanted
    }
}
