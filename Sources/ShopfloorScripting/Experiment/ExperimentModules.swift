import Foundation
import LuaKit

/// The module files an experiment's cells may read through `require`: part of the experiment hash, so an
/// edited module makes another experiment (`--resume` and `merge` refuse to mix the two), and the list a
/// cell checks its run read nothing outside.
///
/// Two sources, since no single one sees every module a cell can read:
/// - **read**: the modules the scenario's plugins and main chunk actually required while the experiment was
///   checked (the scenario loaded once per plugin choice), names computed at run time included;
/// - **named**: every `require` with a literal name (`require "lib.q"`, `require("lib.q")`, `require [[lib.q]]`)
///   in the scenario, its plugin files and, transitively, the modules found, resolved as the sandbox would
///   (the scenario's folder, then the module path) whatever branch or hook it sits in, so a module required
///   only for some factor values, or only inside a hook, is covered too. A name in a comment counts (more
///   is covered, never less); a name that resolves to no file is skipped. A name built on a literal prefix
///   (`require("messages." .. p.lang)`) covers every module one level below the prefix.
///
/// What neither sees — a name computed at run time and required only by some cells, or only while the run
/// goes — a cell refuses (``CellRunner``): its record fails, never silently mixing two models.
public enum ExperimentModules {
    /// The covered files, sorted by their path relative to the folder they were found in, then by path.
    public static func covered(scenario: String, pluginFolders: [String], read: [ModuleFile]) -> [ModuleFile] {
        let modulePath = PluginRegistry.folders(forScenario: scenario, extra: pluginFolders)
        let searches = [[ScriptPath.folder(of: scenario)] + modulePath, modulePath]
        var found: [String: ModuleFile] = [:]
        for module in read { found[module.path] = module }
        var pending = [scenario] + PluginRegistry.files(in: modulePath) + read.map(\.path)
        var scanned = Set<String>()
        while let file = pending.popLast() {
            guard scanned.insert(file).inserted, let text = try? LuaState.readScript(at: file) else { continue }
            let (names, prefixes) = literalRequires(in: text)
            for folders in searches {
                let reached = names.compactMap { ModuleFile.find($0, in: folders) }
                    + prefixes.flatMap { Self.modules(startingWith: $0, in: folders) }
                for module in reached where found[module.path] == nil {
                    found[module.path] = module
                    pending.append(module.path)
                }
            }
        }
        return found.values.sorted { ($0.relative, $0.path) < ($1.relative, $1.path) }
    }

    /// The names given to `require` as a string literal in `text`, and the literal prefixes of names built
    /// by concatenation (`require("messages." .. p.lang)` → `messages.`).
    static func literalRequires(in text: String) -> (names: [String], prefixes: [String]) {
        var names: [String] = [], prefixes: [String] = []
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let r = [1, 2, 4].lazy.compactMap({ Range(match.range(at: $0), in: text) }).first else { continue }
            if Range(match.range(at: 5), in: text) != nil { prefixes.append(String(text[r])) } else { names.append(String(text[r])) }
        }
        return (names, prefixes)
    }

    /// Every module whose name starts with `prefix` and whose file is one level below it: `messages.` →
    /// `messages/en.lua`, `messages/ko.lua`, `messages/zh/init.lua`, as `require` would find each name.
    static func modules(startingWith prefix: String, in folders: [String]) -> [ModuleFile] {
        guard !prefix.isEmpty, ModuleFile.isModuleName(prefix + "x") else { return [] }
        let stem = ModuleFile.stem(of: prefix)
        let slash = stem.lastIndex(of: "/")
        let directory = slash.map { String(stem[..<$0]) } ?? "", start = slash.map { String(stem[stem.index(after: $0)...]) } ?? stem
        var names = Set<String>()
        for folder in folders {
            let listed = directory.isEmpty ? folder : ScriptPath.joining(folder, directory)
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: listed)) ?? [] where entry.hasPrefix(start) {
                let rest = entry.hasSuffix(".lua") ? String(entry.dropLast(4)) : entry
                names.insert(prefix + rest.dropFirst(start.count))
            }
        }
        return names.sorted().compactMap { ModuleFile.find($0, in: folders) }
    }

    /// `require` (not `x.require`, `myrequire`), an optional `(`, a quoted or long-bracket string, and
    /// whether `..` follows it (a name built by concatenation).
    private static let pattern = try! NSRegularExpression(
        pattern: #"(?<![\w.:])require\s*(?:\(\s*)?(?:"([^"\\\n]*)"|'([^'\\\n]*)'|\[(=*)\[([^\]\n]*)\]\3\])(\s*\.\.)?"#)
}
