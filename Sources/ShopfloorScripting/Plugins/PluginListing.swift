import ShopfloorText
import Foundation
import LuaKit

/// What `shopfloor plugins` prints: every installed plugin by kind, with its description and
/// parameters, as text or JSON.
public struct PluginListing {
    public let plugins: [Plugin]
    /// The plugin files that failed to load, each as one line (`DIR/worse.lua:1: at load`), in load
    /// order: the listing still shows what the other files registered.
    public let failures: [String]

    public init(plugins: [Plugin], failures: [String] = []) {
        self.plugins = plugins
        self.failures = failures
    }

    /// Loads the plugin `files` (such as `scripts/board_rules.lua`, which registers the board
    /// rules) and then every plugin file in `folders`, in a fresh sandboxed script host (no counter:
    /// nothing is built). A file that fails does not stop the others (``failures``).
    public static func load(files: [String] = [], folders: [String]) throws -> PluginListing {
        let host = try ScriptHost()
        host.installModule()
        var failures: [String] = []
        for file in files {
            do { try host.loadPluginFile(file) } catch let error as LuaError { failures.append(error.message) }
        }
        failures += host.loadPluginsReportingFailures(from: folders).map(\.message)
        return PluginListing(plugins: host.plugins.sorted, failures: failures)
    }

    public var text: String {
        var out = ""
        for kind in PluginKind.allCases {
            let ofKind = plugins.filter { $0.kind == kind }
            guard !ofKind.isEmpty else { continue }
            out += "\(kind.rawValue)\n"
            for plugin in ofKind {
                out += "  \(plugin.name)".padding(toLength: 24, withPad: " ", startingAt: 0) + plugin.description + "\n"
                for p in plugin.parameters {
                    let line = "      --set \(p.name)=\(p.defaultValue)"
                    out += line.padding(toLength: max(line.count + 2, 40), withPad: " ", startingAt: 0)
                        + (p.description.isEmpty ? "" : p.description + " ") + "(\(p.accepts))\n"
                }
                out += "      from \(plugin.file)\n"
            }
        }
        guard out.isEmpty else { return out }
        // Files that failed are plugins that exist: "none installed" would send the user looking for a folder.
        return failures.isEmpty ? "no plugins installed\n"
            : "no plugins loaded (\(failures.count) file\(failures.count == 1 ? "" : "s") failed to load: named below)\n"
    }

    public var json: JSONValue {
        var byKind: [String: JSONValue] = [:]
        for kind in PluginKind.allCases {
            let ofKind = plugins.filter { $0.kind == kind }
            guard !ofKind.isEmpty else { continue }
            var entries: [String: JSONValue] = [:]
            for plugin in ofKind {
                var params: [String: JSONValue] = [:]
                for p in plugin.parameters {
                    params[p.name] = .object([
                        "type": .string(p.kind.rawValue), "default": JSONValue(p.defaultValue),
                        "description": .string(p.description), "accepts": .string(p.accepts),
                    ])
                }
                entries[plugin.name] = .object([
                    "description": .string(plugin.description), "file": .string(plugin.file),
                    "params": .object(params),
                ])
            }
            byKind[kind.rawValue] = .object(entries)
        }
        byKind["schema"] = .integer(OutputSchema.plugins)
        return .object(byKind)
    }
}
