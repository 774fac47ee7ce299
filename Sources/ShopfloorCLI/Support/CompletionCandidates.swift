import ArgumentParser
import Foundation
import LuaKit
import ShopfloorScripting

/// What the shell completions offer for values only the tool knows: `--use kind=name` pairs from
/// the plugin registry, `--set name=` from the parameters of the plugins and of the scenario on
/// the command line. Called by the completion scripts (`shopfloor --generate-completion-script
/// bash|zsh|fish`) when the user presses Tab; quiet and quick: a scenario is only loaded, never
/// run, its printing dropped and its input at end, under a short time budget.
enum CompletionCandidates {
    /// `kind=name` for every installed plugin (the default folders and any `--plugins DIR` typed).
    @Sendable static func uses(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        guard let listing = listing(words) else { return [] }
        return listing.plugins.map { "\($0.kind.rawValue)=\($0.name)" }.sorted().filter { $0.hasPrefix(prefix) }
    }

    /// `name=` for every parameter of the installed plugins and of the scenario typed, if any.
    @Sendable static func settings(_ words: [String], _ index: Int, _ prefix: String) -> [String] {
        var names = Set<String>()
        if let listing = listing(words) {
            for plugin in listing.plugins { for p in plugin.parameters { names.insert(p.name) } }
        }
        if let scenario = words.first(where: { $0.hasSuffix(".lua") && FileManager.default.isReadableFile(atPath: $0) }) {
            var options = ScenarioOptions()
            options.pluginFolders = pluginFolders(words)
            options.lua = LuaState.Options(timeBudget: 1, exitWhenStuck: true)
            let world = try? Scenario.load(scenario, options: options, collectProblems: true) { world in
                world.input = { _ in nil }
                world.output = { _ in }
            }
            for p in world?.parameters.declared ?? [] { names.insert(p.name) }
        }
        return names.map { $0 + "=" }.sorted().filter { $0.hasPrefix(prefix) }
    }

    private static func listing(_ words: [String]) -> PluginListing? {
        let folders = PluginRegistry.folders(forScenario: nil, extra: pluginFolders(words))
        let rules = BoardRuleHost.defaultRulesFiles(environment: ProcessInfo.processInfo.environment)
            .filter { FileManager.default.fileExists(atPath: $0) }
        return try? PluginListing.load(files: Array(rules.prefix(1)), folders: folders)
    }

    /// The folders after each `--plugins` typed so far.
    private static func pluginFolders(_ words: [String]) -> [String] {
        zip(words, words.dropFirst()).filter { $0.0 == "--plugins" }.map(\.1)
    }
}
