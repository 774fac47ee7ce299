import Foundation
import LuaKit

extension ScriptHost {
    /// A scenario that calls `shopfloor.use("board_rule", …)` (scripts/kanban.lua simulates the board under its own
    /// rule) gets the board's rules: the rules file beside the scenario (`scripts/board_rules.lua` for
    /// `scripts/kanban.lua`), else the first the board itself would read without a config (``BoardRuleHost/defaultRulesFiles(environment:)``).
    /// Read once per load pass, only by a scenario that asks, so no other run loads it. The plugin folders were
    /// loaded first; a `board_rule` plugin there keeps its place over one of the same name in the rules file, as
    /// for the board (which loads the rules file first and lets the folders replace it). No file: nothing is read,
    /// and `use` lists what is installed.
    func loadBoardRulesForScenario() throws {
        guard !boardRulesLoaded else { return }
        boardRulesLoaded = true
        var candidates: [String] = []
        if let scenario { candidates.append(ScriptPath.joining(ScriptPath.folder(of: scenario), "board_rules.lua")) }
        candidates += BoardRuleHost.defaultRulesFiles(environment: ProcessInfo.processInfo.environment)
        guard let file = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return }
        plugins.keepsRegistered = true
        defer { plugins.keepsRegistered = false }
        let saved = loadingPluginFile
        defer { loadingPluginFile = saved }
        try loadPluginFile(file)
    }
}
