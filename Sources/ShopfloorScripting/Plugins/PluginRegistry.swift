import Foundation
import LuaKit

/// The plugins installed for a run: every `*.lua` file in the plugin folders, in order (the
/// installed `PREFIX/share/shopfloor/plugins/` (``InstalledData``), the project's
/// `scripts/plugins/` or the scenario's `plugins/`, the user's `~/.config/shopfloor/plugins/`,
/// then each `--plugins DIR`); a later folder's plugin of the same kind and name replaces an earlier one.
/// Files are loaded in the run's Lua state, in sorted order, so registration is deterministic.
public final class PluginRegistry {
    public private(set) var plugins: [Plugin] = []
    /// Each plugin's `build` function in the Lua state that registered it, by `kind/name` (owned: kept
    /// apart from ``Plugin``, which is plain data listings may send anywhere).
    private var builds: [String: LuaReference] = [:]
    /// Choices from the command line (`--use kind=name`, or the REPL's `:use`), by kind.
    public internal(set) var overrides: [PluginKind: String]

    public init(overrides: [PluginKind: String] = [:]) {
        self.overrides = overrides
    }

    /// Parses `kind=name` pairs from `--use`; an unknown kind is an error listing the kinds.
    public static func parseOverrides(_ pairs: [String]) throws -> [PluginKind: String] {
        var out: [PluginKind: String] = [:]
        for pair in pairs {
            guard let eq = pair.firstIndex(of: "=") else {
                throw ScriptingError.unknownPlugin("--use \(pair): expected kind=name (kinds: \(PluginKind.names.joined(separator: ", ")))")
            }
            let kindName = String(pair[..<eq]), name = String(pair[pair.index(after: eq)...])
            guard let kind = PluginKind(rawValue: kindName) else {
                throw ScriptingError.unknownPlugin(
                    "--use \(pair): no plugin kind '\(kindName)' " + UnknownName.choices(for: kindName, among: PluginKind.names, label: "kinds"))
            }
            out[kind] = name
        }
        return out
    }

    /// The default plugin folders for a scenario at `scenario` (nil: no scenario) plus extras.
    public static func folders(forScenario scenario: String?, extra: [String]) -> [String] {
        var folders: [String] = InstalledData.plugins.map { [$0] } ?? []
        let scenarioFolder = scenario.map(ScriptPath.folder(of:))
        if let scenarioFolder {
            folders.append(scenarioFolder == "." ? "plugins" : scenarioFolder + "/plugins")
        } else {
            folders.append("scripts/plugins")
        }
        let environment = ProcessInfo.processInfo.environment // built anew on every call: once here
        if let home = environment["XDG_CONFIG_HOME"] ?? environment["HOME"].map({ $0 + "/.config" }) {
            folders.append(home + "/shopfloor/plugins")
        }
        folders += extra
        var seen = Set<String>()
        return folders.filter { seen.insert(ScriptPath.normalized($0)).inserted }
    }

    /// The Lua files in `folders`, each folder's files in sorted order.
    public static func files(in folders: [String]) -> [String] {
        var files: [String] = []
        for folder in folders {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where name.hasSuffix(".lua") {
                files.append(folder + "/" + name)
            }
        }
        return files
    }

    /// While true, a plugin whose kind and name are already registered is not replaced: the board's rules file,
    /// read after the plugin folders when a scenario uses a board rule, comes first as it does for the board.
    var keepsRegistered = false

    /// Adds a plugin built by `build`; a later one with the same kind and name replaces the earlier.
    func register(_ plugin: Plugin, build: LuaReference) {
        if keepsRegistered && plugins.contains(where: { $0.kind == plugin.kind && $0.name == plugin.name }) { return }
        plugins.removeAll { $0.kind == plugin.kind && $0.name == plugin.name }
        plugins.append(plugin)
        builds[plugin.qualifiedName] = build
    }

    /// The `build` function of `plugin` (one this registry resolved).
    func build(of plugin: Plugin) -> LuaReference {
        builds[plugin.qualifiedName]!
    }

    /// The plugin to use for `kind`: the `--use` choice if any, else `fallback`.
    /// Unknown → an error listing what is installed, with a did-you-mean.
    public func resolve(_ kind: PluginKind, default fallback: String?) throws -> Plugin {
        let wanted = overrides[kind] ?? fallback
        let available = plugins.filter { $0.kind == kind }.map(\.name).sorted()
        guard let wanted else {
            throw ScriptingError.unknownPlugin("no \(kind.rawValue) chosen (installed: \(available.isEmpty ? "none" : available.joined(separator: ", ")))")
        }
        if let plugin = plugins.first(where: { $0.kind == kind && $0.name == wanted }) { return plugin }
        let origin = overrides[kind] != nil ? "--use \(kind.rawValue)=\(wanted)" : "\(kind.rawValue) '\(wanted)'"
        throw ScriptingError.unknownPlugin(
            "\(origin): no such plugin " + UnknownName.choices(for: wanted, among: available, label: "installed \(kind.rawValue) plugins"))
    }

    /// Plugins sorted by kind (in `PluginKind` order) then name, for `shopfloor plugins`.
    public var sorted: [Plugin] {
        let order = Dictionary(uniqueKeysWithValues: PluginKind.allCases.enumerated().map { ($1, $0) })
        return plugins.sorted { (order[$0.kind]!, $0.name) < (order[$1.kind]!, $1.name) }
    }
}
