import ArgumentParser
import ShopfloorBoard

/// `board history [--limit N] [--task ID]`.
struct BoardHistoryCommand: BoardSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show every change with its time, oldest first.",
        discussion: "Times are local. Undo and redo are recorded too (Undid: …, Redid: …)."
    )

    // `.unconditional`: the word after the option is its value even when it starts with a dash, so
    // `--limit -1` is refused for what it is ("must be at least 1 (got -1)"), not as a missing value.
    @Option(parsing: .unconditional, help: ArgumentHelp("Show only the latest N entries.", valueName: "N"))
    var limit: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Show only this task's entries.", valueName: "id"))
    var task: String?

    @OptionGroup var storage: BoardStorageOptions
    @ParentCommand var parent: BoardCommand

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1 (got \(limit))") }
    }

    func execute() throws {
        let taskID = try task.map(BoardTask.parseID)
        let session = try BoardSession.open(path: try databasePath(), rules: nil, reading: true)
        session.refresh()
        var entries: [HistoryEntry]
        if let taskID {
            entries = try session.board.history(ofTask: taskID)
            if let limit, entries.count > limit { entries = Array(entries.suffix(limit)) }
        } else {
            entries = try session.board.history(limit: limit)
        }
        if entries.isEmpty {
            StandardStreams.output("no history yet\n")
            return
        }
        let rendering = rendering
        var out = ""
        for entry in entries { out += rendering.line(entry) + "\n" }
        StandardStreams.output(out)
    }
}
