import Foundation
import LuaKit
import ShopfloorExperiment

/// The experiment hash every shard record carries: SHA-256 (hex) of the tool's version, the design (with
/// any `--set`/`--use` applied), the experiment file, the scenario and every plugin file the scenario can
/// load. Shards of different experiments — an edited scenario, another version, another `--set` — never
/// merge, and `--resume` refuses a file another experiment wrote.
///
/// Files are hashed by content and last path component, not by full path, so the same files at another
/// place (a cluster's scratch folder) give the same hash. Modules a scenario `require`s are not included.
public enum ExperimentFingerprint {
    public static func hash(_ file: ExperimentFile, pluginFolders: [String], version: String) throws -> String {
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
        return sha.hexDigest()
    }

    private static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ScriptingError.invalidScenario("\(path): cannot read it (for the experiment hash)")
        }
        return Array(data)
    }
}
