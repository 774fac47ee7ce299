import ArgumentParser
import ShopfloorBoard

/// `board move ID todo|doing|done`.
struct BoardMoveCommand: BoardSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move a task to another column."
    )

    @Argument(help: "The task's id.")
    var id: String

    @Argument(help: ArgumentHelp("The column to move it to.", valueName: "todo|doing|done"))
    var state: String

    @OptionGroup var storage: BoardStorageOptions
    @OptionGroup var rules: BoardRuleOptions
    @ParentCommand var parent: BoardCommand

    func execute() throws {
        let id = try BoardTask.parseID(id)
        let state = try TaskState(parsing: state)
        let session = try BoardSession.open(path: try databasePath(), rules: rules)
        let moved = try session.board.move(id, to: state)
        StandardStreams.saved("task #\(id) was moved to \(moved.state.displayName)")
        try session.reportLatest(id: id)
        session.finish()
    }
}
