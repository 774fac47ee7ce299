import ArgumentParser
import ShopfloorBoard

/// `board rm ID`.
struct BoardRemoveCommand: BoardSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove a task (board undo brings it back).",
        aliases: ["remove"]
    )

    @Argument(help: "The task's id.")
    var id: String

    @OptionGroup var storage: BoardStorageOptions
    @OptionGroup var rules: BoardRuleOptions
    @ParentCommand var parent: BoardCommand

    func execute() throws {
        let id = try BoardTask.parseID(id)
        let session = try BoardSession.open(path: try databasePath(), rules: rules)
        _ = try session.board.remove(id)
        StandardStreams.saved("task #\(id) was removed")
        try session.reportLatest(id: id)
        session.finish()
    }
}
