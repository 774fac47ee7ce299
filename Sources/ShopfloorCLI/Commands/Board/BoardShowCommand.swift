import ArgumentParser
import ShopfloorBoard

/// `board show ID [--format text|json]`.
struct BoardShowCommand: BoardSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one task: title, state, deadline, body and its history."
    )

    @Argument(help: "The task's id (the number list shows).")
    var id: String

    @Option(help: "Output format.")
    var format: BoardListCommand.Format = .text

    @OptionGroup var storage: BoardStorageOptions
    @ParentCommand var parent: BoardCommand

    func execute() throws {
        let id = try BoardTask.parseID(id)
        let session = try BoardSession.open(path: try databasePath(), rules: nil, reading: true)
        session.refresh()
        let task = try session.board.show(id)
        switch format {
        case .json:
            StandardStreams.output(BoardJSON.document(task) + "\n")
        case .text:
            let rendering = rendering
            var out = rendering.details(task) + "history:\n"
            for entry in try session.board.history(ofTask: id) {
                out += "  " + rendering.line(entry) + "\n"
            }
            StandardStreams.output(out)
        }
    }
}
