import ArgumentParser
import ShopfloorBoard

/// `board edit ID [--title T] [--body B] [--due YYYY-MM-DD|none]`.
struct BoardEditCommand: BoardSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Change a task's title, body or deadline.",
        discussion: "--due none removes the deadline. History records what changed."
    )

    @Argument(help: "The task's id.")
    var id: String

    @Option(help: ArgumentHelp("A new title.", valueName: "text"))
    var title: String?

    @Option(help: ArgumentHelp("A new body.", valueName: "text"))
    var body: String?

    @Option(help: ArgumentHelp("A new deadline, or none.", valueName: "YYYY-MM-DD|none"))
    var due: String?

    @OptionGroup var storage: BoardStorageOptions
    @OptionGroup var rules: BoardRuleOptions
    @ParentCommand var parent: BoardCommand

    func validate() throws {
        if title == nil && body == nil && due == nil {
            throw ValidationError("nothing to edit: give --title, --body or --due")
        }
    }

    func execute() throws {
        let id = try BoardTask.parseID(id)
        let edit = TaskEdit(
            title: title, body: body, due: try due.map { DueChange(try DueDate.parseClearable($0)) } ?? .keep)
        let session = try BoardSession.open(path: try databasePath(), rules: rules)
        _ = try session.board.edit(id, edit)
        StandardStreams.saved("task #\(id) was edited")
        try session.reportLatest(id: id)
        session.finish()
    }
}
