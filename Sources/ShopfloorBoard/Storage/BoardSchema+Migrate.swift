import GRDB

extension BoardSchema {
    /// Brings the schema of the database behind `writer` up to date and returns its replica id.
    ///
    /// An up-to-date database (every run after the first) is checked with one read on the writer
    /// connection. Otherwise the check and every missing migration run in one `BEGIN IMMEDIATE`
    /// transaction: it takes SQLite's write lock before reading which migrations are applied, so
    /// of several processes creating one board at once, the first migrates and the others wait
    /// (up to the busy timeout), then find the work done. GRDB's `DatabaseMigrator` reads that
    /// list outside the migration's transaction, which let two processes both run `v1`.
    ///
    /// Foreign keys are off while migrating (v2 rebuilds `history`), and checked before commit,
    /// as SQLite's documented procedure for schema changes asks.
    ///
    /// A database opened read-only is only checked: it must be up to date.
    ///
    /// An SQLite database that is neither new nor a board is refused untouched (``refuseForeign(_:path:)``).
    ///
    /// - Throws: ``BoardError/newerSchema(path:)`` when the database lists a migration this
    ///   version does not know; a database error otherwise (nothing is changed then).
    static func migrate(_ writer: any DatabaseWriter, path: String, readOnly: Bool = false) throws -> String {
        if let replica = try writer.writeWithoutTransaction({ db in try upToDateReplica(db, path: path) }) {
            return replica
        }
        // Before anything is written, and again under the write lock below.
        try writer.writeWithoutTransaction { db in try refuseForeign(db, path: path) }
        if readOnly {
            throw BoardError.database("the board database at \(path) is read-only and was written by an earlier "
                + "version of shopfloor: run a board command once as a user who may write it, to bring it up to date")
        }
        return try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            var replica = ""
            try db.inTransaction(.immediate) {
                try refuseForeign(db, path: path)
                try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
                let applied = try appliedMigrations(db, path: path)
                for migration in migrations where !applied.contains(migration.identifier) {
                    try migration.migrate(db)
                    try db.execute(sql: "INSERT INTO grdb_migrations(identifier) VALUES (?)",
                                   arguments: [migration.identifier])
                }
                try db.checkForeignKeys()
                replica = try String.fetchOne(db, sql: "SELECT value FROM board_meta WHERE key = 'replica_id'") ?? ""
                return .commit
            }
            return replica
        }
    }

    /// The replica id when every migration is applied; `nil` when some are missing.
    private static func upToDateReplica(_ db: Database, path: String) throws -> String? {
        guard try db.tableExists("grdb_migrations") else { return nil }
        let applied = try appliedMigrations(db, path: path)
        guard applied.count == migrations.count else { return nil }
        return try String.fetchOne(db, sql: "SELECT value FROM board_meta WHERE key = 'replica_id'") ?? ""
    }

    /// The migrations the database lists; one this version does not know means a newer version wrote it.
    private static func appliedMigrations(_ db: Database, path: String) throws -> Set<String> {
        let applied = Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
        let known = Set(migrations.map(\.identifier))
        if !applied.isSubset(of: known) { throw BoardError.newerSchema(path: path) }
        return applied
    }
}
