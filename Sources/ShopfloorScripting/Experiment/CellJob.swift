import LuaKit
import ShopfloorExperiment

/// Everything needed to run one cell, self-contained so a worker process needs nothing else: the
/// scenario, its `--set` values (fixed + grid point) and `--use` choices, the cell's seed, the measures
/// and the limits. Sent to a worker as one JSON line.
public struct CellJob: Codable, Sendable, Equatable {
    public var experiment: String
    public var key: CellKey
    public var seed: Int
    /// The scenario as reachable from the worker's current folder.
    public var scenario: String
    /// `--set name=value` for the run: the design's fixed values and the cell's grid point.
    public var settings: [String: String]
    public var measures: [String]
    public var limits: CellLimits
    /// The module files the experiment hash covers (paths as `require` reads them): the cell fails if its
    /// run reads another, whose edits the hash would not see.
    public var modules: [String]
    /// The data files the experiment hash covers, with their content then (``ExperimentDataFiles``): the
    /// cell fails if its run reads another, or one whose content changed.
    public var files: [DataFile]
    /// The environment variables the experiment hash covers, with their values' digests then: the cell fails
    /// if its run reads another, or one whose value differs where it runs.
    public var environment: [EnvironmentValue]
    /// The design's ``ExperimentDesign/warmup``: the run's `--warmup`.
    public var warmup: Double?

    public init(experiment: String, key: CellKey, seed: Int, scenario: String, settings: [String: String],
                measures: [String], limits: CellLimits, modules: [String], files: [DataFile] = [],
                environment: [EnvironmentValue] = [], warmup: Double? = nil) {
        self.experiment = experiment; self.key = key; self.seed = seed; self.scenario = scenario
        self.settings = settings; self.measures = measures; self.limits = limits; self.modules = modules
        self.files = files; self.environment = environment; self.warmup = warmup
    }

    /// The job for cell `index` of `file`'s design; `modules`, `files` and `environment` as hashed
    /// (``ExperimentModules``, ``ExperimentDataFiles``).
    public static func make(_ index: Int, of file: ExperimentFile, experiment: String, limits: CellLimits,
                            modules: [ModuleFile], files: [DataFile] = [], environment: [EnvironmentValue] = []) -> CellJob {
        make(index, of: file.design, scenario: file.scenarioPath, experiment: experiment, limits: limits,
             modules: modules.map(\.path), files: files, environment: environment)
    }

    /// The job for cell `index` of `design`, whose scenario is `scenario` (as reachable from here): built
    /// from Sendable parts, so the worker pool can build each job when a worker takes its cell.
    public static func make(_ index: Int, of design: ExperimentDesign, scenario: String, experiment: String, limits: CellLimits,
                            modules: [String], files: [DataFile], environment: [EnvironmentValue] = []) -> CellJob {
        let key = design.cell(index)
        return CellJob(experiment: experiment, key: key, seed: CellSeed.seed(base: design.seed, replication: key.replication),
                       scenario: scenario, settings: design.settings(atPoint: key.group / design.useCount), measures: design.measures, limits: limits,
                       modules: modules, files: files, environment: environment, warmup: design.warmup)
    }
}
