import ArgumentParser

/// `shopfloor board`: the project board (TODO, DOING, DONE) in a local database, with history,
/// undo, rules in Lua and sync with PostgreSQL. See docs/board.md.
struct BoardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "board",
        abstract: "Manage the project board: tasks in TODO, DOING and DONE, with history and undo.",
        discussion: """
            The board lives in a local SQLite database (--db PATH, else $SHOPFLOOR_BOARD_DB, else the user \
            data folder) and works offline; board sync exchanges changes with a PostgreSQL server. \
            Dates are YYYY-MM-DD. See docs/board.md.
            """,
        subcommands: [
            BoardAddCommand.self, BoardListCommand.self, BoardShowCommand.self, BoardEditCommand.self,
            BoardMoveCommand.self, BoardRemoveCommand.self, BoardHistoryCommand.self, BoardUndoCommand.self,
            BoardRedoCommand.self, BoardSyncCommand.self, BoardStatusCommand.self,
        ]
    )

    @OptionGroup var storage: BoardStorageOptions
}
