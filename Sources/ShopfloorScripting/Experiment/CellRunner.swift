import ShopfloorText
import Foundation
import LuaKit
import ShopfloorExperiment

/// Runs one cell: the scenario with the cell's `--set`/`--use` and seed, exactly as `shopfloor run
/// --format json` would (``Scenario/load(_:options:collectProblems:configure:)``, ``Scenario/run(_:until:warmup:progress:)``,
/// ``RunDocument``), then reads the measures from that document. A failure — a script error, a time
/// budget, the memory limit, a measure that reaches no number — becomes the record's one-line `error`; a measure
/// the run lacks altogether is left out of the record's measures (docs/experiments.md).
public enum CellRunner {
    public static func run(_ job: CellJob, version: String) -> CellRecord {
        let start = cpuSeconds()
        var measures: [String: Double]?, failure: String?
        do {
            measures = try measure(job, version: version)
        } catch let error as LuaError {
            failure = error.located
        } catch {
            failure = String(describing: error)
        }
        // One line: a record is one line, and the first line of a Lua error is its `file:line: message`.
        if let f = failure { failure = f.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? f }
        let cpu = (cpuSeconds() - start) * 1e6
        return CellRecord(experiment: job.experiment, key: job.key, seed: job.seed, measures: measures, error: failure,
                          timing: Timing(cpuSeconds: cpu.rounded() / 1e6))
    }

    /// The run's document and the measures read from it; the world (and its Lua state) is gone on return,
    /// so a finalizer runs inside the cell.
    private static func measure(_ job: CellJob, version: String) throws -> [String: Double] {
        let document = try document(job, version: version)
        var out: [String: Double] = [:]
        for pattern in job.measures {
            let path = MeasurePath(pattern)
            // A measure this run does not have at all (`classes.loan.served` where the group's values build no loan
            // desk) is not the cell's failure: it records no value for it, as for a class nobody of which came, and
            // its other measures count. Failing the cell lost them all, the group's every figure. A measure that
            // reaches something other than a number is still an error (the file's mistake, not the run's).
            if path.matches(in: document).isEmpty { continue }
            switch path.numbers(in: document) {
            case .success(let values): out.merge(values) { a, _ in a }
            case .failure(let problem): throw problem
            }
        }
        let undefined = undefinedFigures(in: document)
        return undefined.isEmpty ? out : out.filter { name, _ in
            !undefined.contains { name == $0 || name.hasPrefix($0 + ".") }
        }
    }

    /// The counts a class reports even when nobody of it came; every other figure of such a class is undefined.
    static let classCounts: Set<String> = ["arrived", "served", "balked", "reneged", "failed", "refused"]

    /// The figures a run prints as 0 that have no observation behind them: a class nobody of which arrived in
    /// this run shows `mean_wait` 0, `p95_wait` 0, …, and averaged over replications those zeros would pull the
    /// mean down (a rare class absent from some replications looked faster than it is). A cell records no value
    /// for them, so each measure's `n` counts the cells that observed it. Likewise a juice nobody ordered shows
    /// `fill_rate` 1 (made ÷ (made + failed) of no order at all), which would pull a rare juice's fill rate up; with
    /// no order of any juice, the total `fill_rate` too.
    static func undefinedFigures(in document: JSONValue) -> [String] {
        guard let top = document.objectValue else { return [] }
        var out: [String] = []
        for (name, value) in top["classes"]?.objectValue ?? [:] {
            guard let fields = value.objectValue, case .integer(0)? = fields["arrived"] else { continue }
            for field in fields.keys where !classCounts.contains(field) { out.append("classes.\(name).\(field)") }
        }
        if let orders = top["orders"]?.objectValue {
            var decided = 0.0
            for (name, value) in orders {
                let fields = value.objectValue ?? [:]
                let n = (fields["made"]?.doubleValue ?? 0) + (fields["failed"]?.doubleValue ?? 0)
                decided += n
                if n == 0 { out.append("orders.\(name).fill_rate") }
            }
            if decided == 0 { out.append("fill_rate") }
        }
        return out
    }

    /// What `shopfloor run <scenario> --format json --seed <seed> --set … --use …` prints.
    public static func document(_ job: CellJob, version: String) throws -> JSONValue {
        var options = ScenarioOptions()
        options.seed = job.seed
        options.overrides = job.settings
        options.uses = try PluginRegistry.parseOverrides(job.key.use.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        options.pluginFolders = job.limits.pluginFolders
        options.lua = LuaState.Options(sandboxed: true, allowIO: job.limits.allowIO, seed: job.seed, timeBudget: job.limits.timeBudget,
                                       memoryLimit: job.limits.memoryLimit, modulePath: job.limits.pluginFolders, exitWhenStuck: true)
        job.limits.apply(to: &options)
        do {
            let world = try Scenario.load(job.scenario, options: options) { world in
                world.output = { _ in }
                world.warning = { _ in }
                world.input = { _ in nil }
                ExperimentInputs.guardInputs(of: world, check: ExperimentDataFiles.checking(job.files, environment: job.environment))
            }
            try Scenario.run(world, warmup: job.warmup)
            // A refused file (or variable) fails the cell even when the script caught the error and ran on without it.
            if let refusal = world.lua.inputRefusal { throw ScriptingError.invalidScenario(refusal) }
            try checkModules(world.lua.requiredModules, job)
            return RunDocument.json(world, scenario: job.scenario, seed: job.seed, version: version)
        } catch {
            throw Scenario.userFacing(error)
        }
    }

    /// A module the run read that the experiment hash does not cover (a name computed at run time that the
    /// check's load never required) fails the cell: its edits would otherwise mix two models under one hash.
    static func checkModules(_ read: [ModuleFile], _ job: CellJob) throws {
        let covered = Set(job.modules)
        guard let module = read.first(where: { !covered.contains($0.path) }) else { return }
        throw ScriptingError.invalidScenario("\(module.path): this cell required module '\(module.name)', which the experiment hash does not cover "
            + "(its name is computed, and loading the scenario did not require it): write require \"\(module.name)\" in the scenario (a comment will do) so the hash covers it")
    }

    /// CPU seconds this process has used.
    static func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
