import ArgumentParser
import ShopfloorBoard

/// `board list [--format text|json]`.
struct BoardListCommand: BoardSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show TODO, DOING and DONE with their counts.",
        discussion: """
            Side by side when the terminal is wide enough, stacked otherwise. Deadlines before today are red \
            (on a terminal, without NO_COLOR). --format json prints {"doing": [...], "done": [...], "schema": 1, "todo": [...]} (docs/schema/board-list.json).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: "Output format.")
    var format: Format = .text

    @OptionGroup var storage: BoardStorageOptions
    @ParentCommand var parent: BoardCommand

    func execute() throws {
        let session = try BoardSession.open(path: try databasePath(), rules: nil, reading: true)
        session.refresh()
        let listing = try session.board.list()
        switch format {
        case .json: StandardStreams.output(BoardJSON.encode(listing) + "\n")
        case .text: StandardStreams.output(rendering.board(listing))
        }
    }
}
