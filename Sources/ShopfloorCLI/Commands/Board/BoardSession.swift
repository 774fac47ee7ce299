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

    /// Opens the board at `path` with its config. `reading` commands (list, show, history,
    /// status) also work on a board this user may only read.
    static func open(path: String, rules: BoardRuleOptions?, reading: Bool = false) throws -> BoardSession {
        // Before anything is created: a misspelt --plugins folder is named, never searched for nothing.
        if let rules { try PluginFolders.check(rules.pluginFolders) }
        let config = try BoardConfig.load(path: BoardLocation.configPath(forDatabase: path))
        let board = try Board(path: path, readOnlyFallback: reading)
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
            StandardStreams.output("#\(id) \(BoardRendering.safe(entry.message))\n")
        }
    }

    /// How long a command waits for the configured remote before going on without it: after a
    /// change, and before a reading command shows the board.
    static let autoSyncTimeout: Duration = .seconds(2)

    /// Before a reading command (list, show, history, status): with a saved remote, sync — push
    /// the changes that wait, pull the others' — so the board shown is current. Bounded by
    /// ``autoSyncTimeout``; when the server cannot be used the command goes on offline, silently
    /// (`board status` says why). Returns the failure, if any, for `status`.
    @discardableResult
    func refresh() -> BoardError? {
        // A board opened read-only cannot take what a pull brings.
        guard let url = config.remote, !board.isReadOnly else { return nil }
        do {
            let target = try RemoteTarget(url: url, configPassword: config.password)
            warnAboutQuarantined(try BoardSync.sync(board, with: target, timeout: Self.autoSyncTimeout))
            return nil
        } catch let error as BoardError {
            return error
        } catch {
            return BoardError.sync("\(error)")
        }
    }

    /// After a change: sync with the configured remote when it answers within
    /// ``autoSyncTimeout``; otherwise the change waits for the next command that reaches the
    /// server, a note says so on stderr, and the command still succeeds.
    func finish() {
        guard let url = config.remote else { return }
        do {
            let target = try RemoteTarget(url: url, configPassword: config.password)
            warnAboutQuarantined(try BoardSync.sync(board, with: target, timeout: Self.autoSyncTimeout))
        } catch let error as BoardError where error.pushedBeforeFailing {
            StandardStreams.error("note: synced in part: \(error)\n")
        } catch {
            let pending = (try? board.pendingCount()) ?? 0
            let why = (error as? BoardError)?.syncReason ?? "\(error)"
            StandardStreams.error("note: not synced: \(why); \(pending) \(pending == 1 ? "change waits" : "changes wait") for the next sync\n")
        }
    }

    /// One line on stderr per version the sync refused (each is reported once: the cursor moves past it).
    func warnAboutQuarantined(_ report: SyncReport) {
        for row in report.quarantined {
            StandardStreams.error("warning: skipped a change pulled from the remote for \(row)\n")
        }
    }
}
