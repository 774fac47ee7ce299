import ArgumentParser
import ShopfloorBoard

/// `board status`: where the board is, its counts, its rule, and the remote's state.
struct BoardStatusCommand: BoardSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the database, the counts, the rule, and whether the remote is reachable.",
        discussion: "The remote line is the seed's online/offline indicator; pending changes wait for board sync."
    )

    @OptionGroup var storage: BoardStorageOptions
    @ParentCommand var parent: BoardCommand

    func execute() throws {
        let session = try BoardSession.open(path: try databasePath(), rules: nil, reading: true)
        // Syncing first is the online check: it also pushes what waits and pulls what is new, so
        // the counts below are the board's as of now.
        var failure: BoardError?
        if let url = session.config.remote, BoardSync.isBuiltIn {
            if session.board.isReadOnly {
                // Nothing pulled can be stored: only ask whether the server answers.
                let target = try RemoteTarget(url: url, configPassword: session.config.password)
                if case .failure(let error) = BoardSync.probe(target, timeout: BoardSession.autoSyncTimeout) { failure = error }
            } else {
                failure = session.refresh()
            }
        }
        let counts = try session.board.counts()
        var out = "database: \(session.path)\n"
        out += "replica:  \(session.board.replicaID)\n"
        out += "tasks:    " + TaskState.allCases.map { "\($0.displayName) \(counts[$0] ?? 0)" }.joined(separator: " · ") + "\n"
        out += "rule:     \(BoardRendering.safe(session.config.rule ?? "none"))\n"
        let pending = try session.board.pendingCount()
        let rebuild = "sync is not built in; rebuild with the PostgresSync trait: swift build -c release --traits PostgresSync"
        if let url = session.config.remote {
            let target = try RemoteTarget(url: url, configPassword: session.config.password)
            if !BoardSync.isBuiltIn {
                out += "remote:   \(target) (\(rebuild))\n"
            } else if let failure {
                out += "remote:   \(target) (offline: \(failure.syncReason))\n"
            } else {
                out += "remote:   \(target) (online: reachable)\n"
            }
        } else if BoardSync.isBuiltIn {
            out += "remote:   none configured (board sync --remote postgres://… --save)\n"
        } else {
            out += "remote:   none configured (\(rebuild))\n"
        }
        // Without a remote nothing is on its way anywhere: the changes are kept for a remote configured later.
        let waiting = "\(pending) \(pending == 1 ? "change" : "changes")"
        if session.config.remote != nil {
            out += "pending:  \(waiting) \(pending == 1 ? "waits" : "wait") to be synced\n"
        } else if pending == 0 {
            out += "pending:  none\n"
        } else {
            out += "pending:  \(waiting) not synced (kept here; a remote configured later receives \(pending == 1 ? "it" : "them"))\n"
        }
        StandardStreams.output(out)
    }
}
