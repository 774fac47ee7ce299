import ArgumentParser
import Foundation
import ShopfloorExperiment
import ShopfloorScripting

/// `shopfloor experiment FILE`: runs every cell of an experiment file (replications × grid points × plugin
/// choices) on `--jobs` worker processes and prints the result; with `--shard K/N`, one shard's cells as JSON
/// Lines records for `shopfloor merge`. The same file gives the same bytes whatever `--jobs` or sharding.
struct ExperimentCommand: ShopfloorSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "experiment",
        abstract: "Run an experiment file: replications, parameter grids and plugin comparisons, on every core.",
        discussion: """
            Each cell (grid point, plugin choice, replication r) runs the scenario with the seed of \
            (base seed, r): every plugin at a point sees the same customers. Results do not depend on --jobs \
            or on sharding. Exit codes: 0 every cell ran; 1 an error, or a cell failed (named on stderr); \
            64 a bad command line; 130 Ctrl-C (the .partial file is kept for --resume). See docs/experiments.md.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: ArgumentHelp("The experiment file (return shopfloor.experiment { … }).", valueName: "file"), completion: .file(extensions: ["lua"]))
    var file: String

    @Option(help: ArgumentHelp("Worker processes running cells (1 to 1024; default: the number of cores).", valueName: "n"))
    var jobs: Int?

    @Option(help: ArgumentHelp("Run only the cells with index mod N == K (0 <= K < N) and write their records.", valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Write the records (JSON Lines) to PATH.partial as cells finish, renamed to PATH at the end.", valueName: "path.jsonl"), completion: .file(extensions: ["jsonl"]))
    var out: String?

    @Option(help: "The result: a table, or the same data as JSON.")
    var format: Format?

    @Option(help: ArgumentHelp("Write the result as a self-contained HTML page.", valueName: "path.html"), completion: .file(extensions: ["html"]))
    var report: String?

    @Option(help: ArgumentHelp("Run the first N replications of every group (at most the design's count or max): a sequential design's next batch on shards, as `shopfloor merge --need` asks.", valueName: "n"))
    var replications: Int?

    @Flag(help: "List the cells and shards the same command would run (with --resume, not those finished in --out); run nothing, write nothing.")
    var plan = false

    @Flag(help: "With --out: keep the cells already in PATH or PATH.partial (of this same experiment) and run only the others.")
    var resume = false

    @OptionGroup var overrides: ScenarioFlags
    @OptionGroup var limits: ExperimentLimitFlags

    func validate() throws {
        if let jobs, !(1...1024).contains(jobs) { throw ValidationError("--jobs \(jobs): must be a whole number from 1 to 1024") }
        let shard = try shard.map(ShardSelection.init(parsing:))
        if resume && out == nil { throw ValidationError("--resume needs --out PATH (the file to resume)") }
        if let report, !(report.lowercased().hasSuffix(".html") || report.lowercased().hasSuffix(".htm")) {
            throw ValidationError("--report \(report): the file must end in .html")
        }
        try OutputPathClash.refuse([("--out", out), ("--report", report)])
        if shard != nil && !plan && (report != nil || format != nil) {
            throw ValidationError("--shard writes records, not a result: merge the shards with shopfloor merge (which takes --format and --report)")
        }
    }

    func execute() throws {
        try PluginFolders.check(limits.pluginFolders)
        let settings = try ParameterSet.parseOverrides(overrides.settings)
        let uses = try PluginRegistry.parseOverrides(overrides.uses)
        let experiment = try ExperimentFile.load(file, settings: settings,
                                                 uses: Dictionary(uniqueKeysWithValues: uses.map { ($0.key.rawValue, $0.value) }))
        let cellLimits = limits.limits
        let read = try ExperimentScenarioCheck.check(experiment, limits: cellLimits)
        let modules = ExperimentModules.covered(scenario: experiment.scenarioPath, pluginFolders: cellLimits.pluginFolders, read: read.modules)
        // Without --allow-io a scenario reads no file: no data file is covered and the hash is as before.
        let files = cellLimits.allowIO ? try ExperimentDataFiles.covered(read: read.files, design: experiment.design) : []
        let environment = read.environment
        let hash = try ExperimentFingerprint.hash(experiment, pluginFolders: cellLimits.pluginFolders, modules: modules,
                                                  files: files, environment: environment, version: ShopfloorVersion.number)
        let header = ExperimentHeader(experiment: hash, file: file, version: ShopfloorVersion.number, design: experiment.design)
        let shard = try shard.map(ShardSelection.init(parsing:))
        let design = experiment.design
        // The replications of every group this pass runs: the design's count, a sequential rule's `min`,
        // or `--replications N`.
        var count: Int
        switch design.replications {
        case .fixed(let n): count = n
        case .sequential(let min, _, _): count = min
        }
        if let asked = replications {
            guard (1...design.replications.maximum).contains(asked) else {
                throw ValidationError("--replications \(asked): must be from 1 to \(design.replications.maximum) (this design's most)")
            }
            count = asked
        }
        if plan {
            var plan = ExperimentPlan(header: header, shard: shard, replications: count)
            if resume, let out {
                let file = ShardOutput(path: out)
                let kept = try file.resumable(hash: hash, wanted: { shard?.contains($0) ?? true })
                plan.resumed = (out, Set(kept.map(\.index)), file.resumeSource != nil)
            }
            plan.write(json: format == .json) { StandardStreams.output($0) }
            return
        }
        let report = try report.map { try OutputFile(path: $0, option: "--report", protected: [file, experiment.scenarioPath]) }
        defer { report?.discard() }
        let sink = try ExperimentSink(header: header, out: out.map(ShardOutput.init(path:)), resume: resume,
                                      streams: shard != nil && out == nil,
                                      protected: [file, experiment.scenarioPath], wanted: { shard?.contains($0) ?? true })
        let pool = WorkerPool(size: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        let progress = ProgressLine.forStandardError()
        RunInterruption.install()
        let scenario = experiment.scenarioPath, modulePaths = modules.map(\.path)
        while true {
            let cells = (0..<(count * design.groupCount)).filter { (shard?.contains($0) ?? true) && !sink.has($0) }
            let total = sink.count + cells.count
            pool.run(cells, make: { CellJob.make($0, of: design, scenario: scenario, experiment: hash, limits: cellLimits,
                                                 modules: modulePaths, files: files, environment: environment) },
                     record: { sink.receive($0) }) {
                if RunInterruption.requested != 0, !pool.stopped { pool.stop() }
                sink.flushStream()
                progress?.update(cells: sink.count, of: total)
            }
            sink.flushStream()
            if pool.stopped { break }
            // The sequential rule: more replications of every group, up to the next checkpoint (a multiple of
            // `batch`, or `max`), until precise. Not `count + batch`: when `min` is no multiple of `batch` that
            // overshoots every checkpoint, runs cells the rule never reads, and reports more cells than the
            // `merge --need` loop over shards does for the same experiment.
            // A shard cannot judge precision alone (`shopfloor merge --need` does, on every shard's cells).
            guard case .sequential(let min, let max, let batch) = design.replications, shard == nil, replications == nil, count < max,
                  sink.failed.isEmpty, !(try ExperimentResult(header: header, cells: sink.cells).isComplete) else { break }
            count = ReplicationDecision.checkpoints(min: min, max: max, batch: batch).first { $0 > count } ?? max
        }
        // From here on only the outputs are written: a Ctrl-C ends the command at once (no file put in place).
        RunInterruption.workEnded(stopped: pool.stopped)
        progress?.finish()
        if pool.stopped {
            pool.shutDown()
            sink.keep()
            let kept = out.map { " (\($0).partial is kept: the same command with --resume runs the rest)" } ?? ""
            StandardStreams.error("interrupted: \(sink.count) cells done\(kept)\n")
            throw ExitCode(RunInterruption.exitStatus)
        }
        pool.shutDown()
        try sink.finish()
        if shard == nil {
            let result = try ExperimentResult(header: header, cells: sink.cells)
            if format == .json {
                let json = result.json()
                StandardStreams.output(json.hasSuffix("\n") ? json : json + "\n")
            } else {
                StandardStreams.output(result.text(width: BoardTerminal.current().width))
            }
            if let report {
                try report.write(result.html())
                try report.commit(protected: [file, experiment.scenarioPath])
            }
        }
        let failed = sink.failed
        if !failed.isEmpty { throw FailedCells(cells: failed, total: sink.count, design: design) }
    }
}
