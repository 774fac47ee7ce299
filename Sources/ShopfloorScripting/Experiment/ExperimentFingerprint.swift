import Foundation
import LuaKit
import ShopfloorExperiment

/// The experiment hash every shard record carries: SHA-256 (hex) of the tool's version, the design (with
/// any `--set`/`--use` applied), the experiment file, the scenario, every plugin file the scenario can
/// load, every module file its cells may `require` (``ExperimentModules``) and, with `--allow-io`, the data
/// files and environment variables the scenario reads (``ExperimentDataFiles``). Shards of different experiments — an edited scenario, another version, another `--set` — never
/// merge, and `--resume` refuses a file another experiment wrote.
///
/// Files are hashed by content and name, not by full path, so the same files at another place (a cluster's
/// scratch folder) give the same hash: a plugin by its last path component, a module by its path relative to
/// the folder `require` found it in (`lib/queueing.lua` in the scenario's folder). An experiment whose
/// scenario requires nothing hashes as it did before modules were covered.
///
/// The experiment file's own state has no module path (it cannot `require`), and what it computes is
/// hashed as the design.
public enum ExperimentFingerprint {
    /// - Parameters:
    ///   - modules: ``ExperimentModules/covered(scenario:pluginFolders:read:)``.
    ///   - files: ``ExperimentDataFiles/covered(read:design:)``: each by its name and its content's digest
    ///     (a missing file as `absent`). None without `--allow-io`, and then the hash is as before.
    ///   - environment: the variables the scenario read with `os.getenv` while it loaded, each by its name and
    ///     its value's digest (an unset one as `unset`). None without `--allow-io`, or when it read none.
    public static func hash(_ file: ExperimentFile, pluginFolders: [String], modules: [ModuleFile], files: [DataFile] = [],
                            environment: [EnvironmentValue] = [], version: String) throws -> String {
        var sha = SHA256()
        func field(_ label: String, _ bytes: [UInt8]) {
            sha.update("\(label)\n\(bytes.count)\n")
            sha.update(bytes)
            sha.update("\n")
        }
        field("shopfloor experiment", Array(version.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        field("design", Array(try encoder.encode(file.design)))
        field("experiment file", Array(file.source.utf8))
        field("scenario", try read(file.scenarioPath))
        let folders = PluginRegistry.folders(forScenario: file.scenarioPath, extra: pluginFolders)
        for plugin in PluginRegistry.files(in: folders) {
            field("plugin " + ScriptPath.lastComponent(of: plugin), try read(plugin))
        }
        for module in modules {
            field("module " + module.relative, try read(module.path))
        }
        for data in files {
            field("data " + data.name, Array((data.digest ?? "absent").utf8))
        }
        for variable in environment {
            field("environment " + variable.name, Array((variable.digest ?? "unset").utf8))
        }
        return sha.hexDigest()
    }

    private static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScriptingError.invalidScenario("\(path): cannot read it (for the experiment hash)")
        }
        return Array(data)
    }
}
