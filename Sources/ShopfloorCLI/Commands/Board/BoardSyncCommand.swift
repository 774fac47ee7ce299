import ArgumentParser
import ShopfloorBoard

/// `board sync [--remote postgres://…] [--save]`.
struct BoardSyncCommand: BoardSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Exchange changes with a PostgreSQL server: push local changes, pull others'.",
        discussion: """
            The remote is --remote URL, else the board config's remote (board.toml beside the database). \
            The password comes from the URL, PGPASSWORD, the config's password, or ~/.pgpass; it is never printed. \
            Concurrent edits of a task: the later change (hybrid logical clock, ties by replica id) wins; \
            the replaced version stays in history. sslmode=require in the URL asks for TLS.
            """
    )

    @Option(help: ArgumentHelp("The server, e.g. postgres://user@host:5432/database?sslmode=require.", valueName: "url"))
    var remote: String?

    @Flag(help: "Remember --remote in the board config (written readable only by you).")
    var save = false

    @OptionGroup var storage: BoardStorageOptions
    @ParentCommand var parent: BoardCommand

    func validate() throws {
        if save && remote == nil { throw ValidationError("--save needs --remote URL") }
    }

    func execute() throws {
        // A build that cannot sync changes nothing, the saved remote included (with it, every later change would
        // note that it could not sync).
        guard BoardSync.isBuiltIn else { throw BoardError.sync(BoardSync.notBuiltIn) }
        let path = try databasePath()
        let session = try BoardSession.open(path: path, rules: nil)
        guard let url = remote ?? session.config.remote else {
            throw BoardError.sync("no remote: give --remote postgres://user@host/database (add --save to remember it)")
        }
        let target = try RemoteTarget(url: url, configPassword: session.config.password)
        if save { try BoardConfig.saveRemote(url, path: session.config.path) }
        // The first pull of a large board may take longer than the wait for an answer: it goes on
        // while rows arrive (it timed out after 30 s at 200,000 tasks, on every try).
        let report = try BoardSync.sync(session.board, with: target, whileDataArrives: true)
        StandardStreams.saved("synced with \(target) (pushed \(report.pushed), pulled \(report.pulled))")
        session.warnAboutQuarantined(report)
        var line = "Synced with \(target): pushed \(report.pushed), pulled \(report.pulled)"
        if report.conflicts > 0 {
            line += "; \(report.conflicts) concurrent \(report.conflicts == 1 ? "edit" : "edits") resolved (the later change won; the replaced version is in board history)"
        }
        if !report.quarantined.isEmpty {
            line += "; \(report.quarantined.count) invalid \(report.quarantined.count == 1 ? "change" : "changes") skipped"
        }
        if report.pending > 0 { line += "; \(report.pending) changes made meanwhile wait" }
        StandardStreams.output(line + ".\n")
    }
}
