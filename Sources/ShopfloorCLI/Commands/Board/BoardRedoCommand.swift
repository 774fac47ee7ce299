import ArgumentParser
import ShopfloorBoard

/// `board redo`: re-applies the change undone last.
struct BoardRedoCommand: BoardSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "redo",
        abstract: "Re-apply the change undone last."
    )

    @OptionGroup var storage: BoardStorageOptions
    @ParentCommand var parent: BoardCommand

    func execute() throws {
        let session = try BoardSession.open(path: try databasePath(), rules: nil)
        let entry = try session.board.redo()
        StandardStreams.saved("task #\(entry.taskID)'s change was redone")
        StandardStreams.output("#\(entry.taskID) \(BoardRendering.safe(entry.message))\n")
        session.finish()
    }
}
