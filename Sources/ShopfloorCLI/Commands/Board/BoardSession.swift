import Foundation
import ShopfloorBoard
import ShopfloorScripting

/// One command's use of the board: the open database, its config, and the rule in force.
///
/// Opening reads the config beside the database (`board.toml`) and, only when a board rule is
/// chosen (config `rule`, or `--use board_rule=NAME`), starts Lua and builds the rule; a board
/// with no rule runs no Lua at all.
struct BoardSession {
    let path: String
    let config: BoardConfig
    let board: Board
    /// The rule in force, if any (kept alive with the board).
    let ruleHost: BoardRuleHost?

    static func open(path: String, rules: BoardRuleOptions?) throws -> BoardSession {
        let config = try BoardConfig.load(path: BoardLocation.configPath(forDatabase: path))
        let board = try Board(path: path)
        var host: BoardRuleHost?
        if let rules {
            host = try BoardRuleHost.make(
                choices: rules.use, settings: rules.set, rulesFile: rules.rulesFile,
                pluginFolders: rules.pluginFolders, config: config)
            board.rule = host
        }
        return BoardSession(path: path, config: config, board: board, ruleHost: host)
    }

    /// Prints the latest history entry about task `id`: `#3 Moved 'X' from TODO to DOING.`
    func reportLatest(id: Int) throws {
        if let entry = try board.history(ofTask: id).last {
            StandardStreams.output("#\(id) \(entry.message)\n")
        }
    }

    /// How long a command waits for the configured remote after a change before leaving the
    /// change to the next sync.
    static let autoSyncTimeout: Duration = .seconds(2)

    /// After a change: sync with the configured remote when it answers within
    /// ``autoSyncTimeout``; otherwise the change waits for the next sync, a note says so on
    /// stderr, and the command still succeeds.
    func finish() {
        guard let url = config.remote else { return }
        do {
            let target = try RemoteTarget(url: url, configPassword: config.password)
            try BoardSync.sync(board, with: target, timeout: Self.autoSyncTimeout)
        } catch {
            let pending = (try? board.pendingCount()) ?? 0
            StandardStreams.error("note: not synced (\(error)); \(pending) \(pending == 1 ? "change waits" : "changes wait") for board sync\n")
        }
    }
}
