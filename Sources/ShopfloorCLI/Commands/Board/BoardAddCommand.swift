import ArgumentParser
import ShopfloorBoard

/// `board add TITLE [--body TEXT] [--due YYYY-MM-DD] [--state todo|doing|done]`.
struct BoardAddCommand: BoardSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a task (to TODO unless --state says otherwise).",
        discussion: "Titles: one line, at most 100 characters. Bodies: at most 1000 characters."
    )

    @Argument(help: "The task's title.")
    var title: String

    @Option(help: ArgumentHelp("The task's description.", valueName: "text"))
    var body: String = ""

    // `none` (as `edit --due none` takes it) is no deadline, the same as leaving --due out: a script
    // passing its deadline through, none included, need not drop the option.
    @Option(help: ArgumentHelp("The deadline, or none.", valueName: "YYYY-MM-DD|none"))
    var due: String?

    @Option(help: ArgumentHelp("The column to add it to.", valueName: "todo|doing|done"))
    var state: String = "todo"

    @OptionGroup var storage: BoardStorageOptions
    @OptionGroup var rules: BoardRuleOptions
    @ParentCommand var parent: BoardCommand

    func execute() throws {
        let fields = TaskFields(
            title: title, body: body, due: try due.flatMap(DueDate.parseClearable), state: try TaskState(parsing: state))
        let session = try BoardSession.open(path: try databasePath(), rules: rules)
        let task = try session.board.add(fields)
        StandardStreams.saved("task #\(task.id) was added")
        var line = "#\(task.id) Added '\(BoardRendering.safe(task.title))'. (\(task.state.displayName)"
        if let due = task.due { line += ", due \(due)" }
        StandardStreams.output(line + ")\n")
        session.finish()
    }
}
