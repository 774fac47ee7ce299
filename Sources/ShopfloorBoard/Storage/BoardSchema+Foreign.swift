import GRDB
import ShopfloorText

extension BoardSchema {
    /// Refuses a database that is neither new (no tables at all) nor a board (GRDB's migration
    /// list naming the board's first migration): another application's SQLite file, named by
    /// `--db` by mistake, must not gain the board's tables or be switched to WAL mode.
    ///
    /// Why: opening any SQLite file as a board used to add `task`, `history` and `board_meta` to it
    /// (and turn it to WAL), and `board list` printed an empty board with exit 0, as if the file were
    /// a new board.
    ///
    /// - Throws: ``BoardError/database(_:)`` `PATH is an SQLite database but not a board (its tables:
    ///   contacts, notes); it was left unchanged`.
    static func refuseForeign(_ db: Database, path: String) throws {
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name
            """)
        guard !tables.isEmpty else { return }   // a new database: it becomes a board
        if tables.contains("grdb_migrations"),
           try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM grdb_migrations WHERE identifier = 'v1')") == true {
            return
        }
        let shown = tables.prefix(5).map { ControlCharacters.escaped($0, keepingLineBreaks: false) }.joined(separator: ", ")
            + (tables.count > 5 ? ", … (\(tables.count) tables)" : "")
        throw BoardError.database("\(path) is an SQLite database but not a board (its tables: \(shown)); it was left unchanged")
    }
}
