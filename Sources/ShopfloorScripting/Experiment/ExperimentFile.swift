import Foundation
import LuaKit
import ShopfloorExperiment

/// An experiment file (`return shopfloor.experiment { … }`), run in a sandboxed Lua state of its own and
/// read into an ``ExperimentDesign``, with every shape error (an unknown key, a bad number, a sequential rule
/// without its precision) named by `file:line`. What needs the scenario — factors that are declared
/// parameters, values they accept, installed plugins, measures that match the run's JSON — is checked by
/// ``ExperimentScenarioCheck``.
///
/// The state knows two functions besides the sandbox's libraries: `shopfloor.experiment(spec)` and
/// `shopfloor.range(from, to, step)` (a list of values, `from + i·step` rounded to 15 significant digits,
/// so `range(1.6, 2.2, 0.2)` is `{ 1.6, 1.8, 2.0, 2.2 }` and not `1.8000000000000003`).
public struct ExperimentFile {
    /// The file as the user named it.
    public let path: String
    /// The design, with the command line's `--set`/`--use` applied.
    public internal(set) var design: ExperimentDesign
    /// The scenario as reachable from the current folder (the design keeps it as written, relative to the file).
    public let scenarioPath: String
    /// The file's bytes, for the experiment hash.
    public let source: String
    let map: ExperimentSourceMap
    /// `--set` and `--use` as given, so a message about one names it instead of a line of the file.
    let settings: [String: String]
    let uses: [String: String]

    /// The keys an experiment table accepts.
    static let keys = ["compare", "measure", "params", "precision", "replications", "scenario", "seed", "use", "warmup"]

    /// Runs `path` and reads its design; `settings` (`--set name=value`) make a parameter one fixed value,
    /// `uses` (`--use kind=name`) a plugin kind one plugin.
    public static func load(_ path: String, settings: [String: String] = [:], uses: [String: String] = [:]) throws -> ExperimentFile {
        let source = try LuaState.readScript(at: path)
        let (table, line) = try run(path)
        var reader = ExperimentReader(path: path, table: table, map: ExperimentSourceMap(source: source, callLine: line))
        var design = try reader.design()
        try reader.apply(settings: settings, uses: uses, to: &design)
        let folder = ScriptPath.folder(of: path)
        let scenarioPath = design.scenario.hasPrefix("/") ? design.scenario : ScriptPath.joining(folder, design.scenario)
        return ExperimentFile(path: path, design: design, scenarioPath: scenarioPath, source: source, map: reader.map,
                              settings: settings, uses: uses)
    }

    /// `file:line` of a key path (and a value under it), for messages.
    func place(_ keys: [String], value: String? = nil) -> String {
        "\(path):\(map.line(of: keys, value: value))"
    }

    /// Where a parameter's value comes from: its `--set`, or its line in the file.
    func origin(ofParameter name: String) -> String {
        if let value = settings[name] { return "--set \(name)=\(value)" }
        return place(["params", name])
    }

    /// Where a plugin choice comes from: its `--use`, or its line in the file.
    func origin(ofUse kind: String, plugin: String) -> String {
        if let value = uses[kind] { return "--use \(kind)=\(value)" }
        return place(["use", kind], value: plugin)
    }

    /// Runs the file in its own state; returns the table given to `shopfloor.experiment` and the call's line.
    private static func run(_ path: String) throws -> (LuaTable, Int) {
        let lua = try LuaState(options: .init(sandboxed: true, seed: 1, timeBudget: 10, memoryLimit: 64 << 20, exitWhenStuck: true))
        lua.output = { _ in }
        final class Found { var table: LuaTable?; var line = 0 }
        let found = Found()
        // The experiment state's own `shopfloor` table (not the scenario module: ModuleFieldTests scans that one).
        lua.stack.pushTable(record: 2)
        let functions = lua.stack.top
        lua.setFunction("experiment", in: functions, takes: 1) { call in
            let table = try call.table(1)
            guard found.table == nil else {
                throw ScriptingError.invalidScenario("shopfloor.experiment: a file declares one experiment (the first is at line \(found.line))")
            }
            found.table = table
            found.line = call.stack.callerLine() ?? 1
            call.stack.pushCopy(of: 1)
            return 1
        }
        lua.setFunction("range", in: functions, takes: 3) { call in
            try call.returning(LuaValue.table(range(call)))
        }
        lua.setGlobal("shopfloor")
        do {
            _ = try lua.run(file: path)
        } catch let error as LuaError {
            throw ScriptingError.invalidScenario(error.message)
        }
        guard let table = found.table else {
            throw ScriptingError.invalidScenario("\(path): not an experiment file: it never calls shopfloor.experiment { scenario = …, … }")
        }
        return (table, found.line)
    }

    /// `shopfloor.range(from, to, step)`: from, from + step, … up to `to` (included when reached within
    /// rounding). Integers stay integers.
    static func range(_ call: LuaCall) throws -> LuaTable {
        let from = try call.double(1), to = try call.double(2), step = try call.double(3)
        guard from.isFinite, to.isFinite, step.isFinite, step != 0 else {
            throw ScriptingError.invalidScenario("shopfloor.range(\(call.value(1)), \(call.value(2)), \(call.value(3))): from, to and step must be finite numbers, step not 0")
        }
        guard (to - from) / step >= 0 else {
            throw ScriptingError.invalidScenario("shopfloor.range(\(call.value(1)), \(call.value(2)), \(call.value(3))): a step of \(call.value(3)) never reaches \(call.value(2))")
        }
        let count = Int(((to - from) / step + 1e-9).rounded(.down)) + 1
        guard count <= 10_000 else {
            throw ScriptingError.invalidScenario("shopfloor.range: \(count) values; at most 10000")
        }
        let integers = [1, 2, 3].allSatisfy { if case .integer = call.value($0) { true } else { false } }
        var table = LuaTable()
        for i in 0..<count {
            let value: LuaValue = integers ? .integer(Int(from) + i * Int(step))
                : .number(Double(String(format: "%.15g", from + Double(i) * step))!)
            table.entries[.integer(i + 1)] = value
        }
        return table
    }
}
