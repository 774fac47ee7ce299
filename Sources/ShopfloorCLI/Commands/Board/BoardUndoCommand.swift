import ArgumentParser
import ShopfloorBoard

/// `board undo`: takes back the latest change, across invocations.
struct BoardUndoCommand: BoardSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back the latest change (repeat to go further back)."
    )

    @OptionGroup var storage: BoardStorageOptions
    @ParentCommand var parent: BoardCommand

    func execute() throws {
        let session = try BoardSession.open(path: try databasePath(), rules: nil)
        let entry = try session.board.undo()
        StandardStreams.saved("task #\(entry.taskID)'s latest change was undone")
        StandardStreams.output("#\(entry.taskID) \(BoardRendering.safe(entry.message))\n")
        session.finish()
    }
}
