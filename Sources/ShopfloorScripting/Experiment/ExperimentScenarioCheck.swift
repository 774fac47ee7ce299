import ShopfloorText
import LuaKit
import ShopfloorExperiment

/// What an experiment file can only be checked against its scenario: every plugin it names is installed,
/// every parameter it sets (a factor or a fixed value) is one the scenario (or a plugin it uses) declares
/// and every value is one that parameter accepts, every measure matches something in the run's JSON, and
/// `precision.on` is one of the measures. The scenario is loaded — not run — once per plugin choice to
/// check names and values, and once more with the grid's first group's values to check the measures.
public enum ExperimentScenarioCheck {
    /// What the scenario read while it loaded, under every plugin choice: the module files `require` read
    /// (``ExperimentModules``) and, with `--allow-io`, the files it opened for reading and the environment
    /// variables it read, hashed as they were then (``ExperimentDataFiles``).
    public struct Reads {
        public var modules: [ModuleFile] = []
        public var files: [DataFile] = []
        public var environment: [EnvironmentValue] = []
    }

    /// Throws the first problem, `file:line: experiment: …` (or the `--set`/`--use` at fault).
    @discardableResult
    public static func check(_ file: ExperimentFile, limits: CellLimits) throws -> Reads {
        let design = file.design
        let folders = PluginRegistry.folders(forScenario: file.scenarioPath, extra: limits.pluginFolders)
        let installed = try PluginListing.load(folders: folders).plugins
        for use in design.uses {
            let names = installed.filter { $0.kind.rawValue == use.kind }.map(\.name).sorted()
            for plugin in use.plugins where !names.contains(plugin) {
                throw ScriptingError.unknownPlugin("\(file.origin(ofUse: use.kind, plugin: plugin)): experiment: "
                    + UnknownName.message("\(use.kind) plugin", plugin, among: names, label: "installed"))
            }
        }
        var expanded: Set<String> = []
        var read: [ModuleFile] = []
        let files = ExperimentDataFiles.LoadedReads()
        for choice in 0..<design.useCount {
            let chosen = design.use(choice)
            let world = try load(file, uses: chosen, limits: limits, files: files)
            read += world.lua.requiredModules.filter { !read.contains($0) }
            try checkParameters(file, world: world, chosen: chosen)
            // Measures are read from a world the grid holds: its first group's values, which the defaults
            // need not be (a fixed `stations = 3` builds a station the defaults do not have).
            let settings = design.settings(atPoint: 0)
            let measured = settings.isEmpty ? world : try load(file, uses: chosen, settings: settings, limits: limits, files: files)
            read += measured.lua.requiredModules.filter { !read.contains($0) }
            let document = RunDocument.json(measured, scenario: file.scenarioPath, seed: design.seed, version: "")
            let at = settings.isEmpty ? "" : " (with " + settings.keys.sorted().map { "\($0)=\(settings[$0]!)" }.joined(separator: ", ") + ")"
            for pattern in design.measures {
                let path = MeasurePath(pattern)
                let found = path.matches(in: document)
                guard !found.isEmpty else {
                    throw ScriptingError.invalidScenario("\(file.place(["measure"], value: pattern)): experiment: measure '\(pattern)' matches nothing in the run's JSON\(at): \(path.miss(in: document))")
                }
                for (name, value) in found {
                    switch value {
                    case .integer, .number, .null: expanded.insert(name)
                    default:
                        throw ScriptingError.invalidScenario("\(file.place(["measure"], value: pattern)): experiment: measure '\(pattern)' reaches '\(name)', which is not a number (\(Self.kind(of: value)))")
                    }
                }
            }
        }
        if let precision = design.precision, !expanded.contains(precision.on) {
            throw ScriptingError.invalidScenario("\(file.place(["precision", "on"])): experiment: precision.on: "
                + UnknownName.message("measure", precision.on, among: expanded.sorted(), label: "measures"))
        }
        return Reads(modules: read, files: files.files.values.sorted { $0.name < $1.name },
                     environment: files.environment.values.sorted { $0.name < $1.name })
    }

    /// The scenario loaded with plugin choice `chosen` and `settings` as `--set` (none to check the
    /// parameters: each value is checked against its declaration separately).
    private static func load(_ file: ExperimentFile, uses chosen: [String: String], settings: [String: String] = [:],
                             limits: CellLimits, files: ExperimentDataFiles.LoadedReads) throws -> World {
        var options = ScenarioOptions()
        options.seed = file.design.seed
        options.overrides = settings
        options.uses = try PluginRegistry.parseOverrides(chosen.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        options.pluginFolders = limits.pluginFolders
        options.lua = LuaState.Options(sandboxed: true, allowIO: limits.allowIO, seed: file.design.seed, timeBudget: limits.timeBudget,
                                       memoryLimit: limits.memoryLimit, modulePath: limits.pluginFolders, exitWhenStuck: true)
        limits.apply(to: &options)
        do {
            let world = try Scenario.load(file.scenarioPath, options: options) { world in
                world.output = { _ in }
                world.warning = { _ in }
                world.input = { _ in nil }
                ExperimentInputs.guardInputs(of: world, check: ExperimentDataFiles.recording(into: files))
            }
            if let refusal = world.lua.inputRefusal { throw ScriptingError.invalidScenario(refusal) }
            return world
        } catch ScriptingError.unknownPlugin(let message) where message.contains("this scenario uses no") {
            let kind = chosen.keys.sorted().first { message.contains("uses no \($0) plugin") } ?? ""
            throw ScriptingError.unknownPlugin("\(file.origin(ofUse: kind, plugin: chosen[kind] ?? "")): experiment: use.\(kind): \(file.design.scenario) uses no \(kind) plugin")
        } catch {
            throw Scenario.userFacing(error)
        }
    }

    private static func checkParameters(_ file: ExperimentFile, world: World, chosen: [String: String]) throws {
        let design = file.design
        let declared = Dictionary(world.parameters.declared.map { ($0.name, $0) }) { a, _ in a }
        var values: [(String, [FactorValue])] = design.factors.map { ($0.name, $0.values) }
        values += design.fixed.keys.sorted().map { ($0, [design.fixed[$0]!]) }
        for (name, list) in values {
            guard let parameter = declared[name] else {
                let under = chosen.isEmpty ? "" : " with " + chosen.keys.sorted().map { "\($0)=\(chosen[$0]!)" }.joined(separator: ", ")
                throw ScriptingError.badParameter("\(file.origin(ofParameter: name)): experiment: '\(name)' is not a parameter of \(design.scenario)\(under) "
                    + UnknownName.choices(for: name, among: declared.keys.sorted(), label: "parameters"))
            }
            for value in list {
                do { _ = try parameter.parse(value.description) } catch {
                    throw ScriptingError.badParameter("\(file.origin(ofParameter: name)): experiment: params.\(name): '\(name)' must be \(parameter.accepts), got \(value)")
                }
            }
        }
    }

    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .object: "an object: name one of its fields"
        case .array: "a list"
        case .string: "a string"
        case .bool: "a boolean"
        default: "not a number"
        }
    }
}
