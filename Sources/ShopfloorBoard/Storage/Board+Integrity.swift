import GRDB

extension Board {
    /// Checks the database file and the board's own invariants, and throws if anything is off.
    ///
    /// Run after a crash (or in tests after `kill -9`) to prove nothing half-written survived:
    /// - SQLite's `PRAGMA integrity_check` and `PRAGMA foreign_key_check` pass;
    /// - every task has exactly one `add` entry in history (none if it came from another replica
    ///   by sync, which recorded a `sync` entry instead);
    /// - every task matches the `after` fields of its latest history entry (removed ⇔ `nil`),
    ///   i.e. no task change was written without its entry, and vice versa;
    /// - every undone change is newer than every applied one (the undo stack is linear);
    /// - the stored clock reading is at least every task's version.
    ///
    /// - Throws: ``BoardError/integrityViolated(_:)`` listing every problem found.
    public func verifyIntegrity() throws {
        let problems = try read { db in try Self.integrityProblems(db) }
        if !problems.isEmpty { throw BoardError.integrityViolated(problems) }
    }

    static func integrityProblems(_ db: Database) throws -> [String] {
        var problems: [String] = []
        let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        if check != ["ok"] { problems += check.map { "integrity_check: \($0)" } }
        if try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") != nil {
            problems.append("a history entry refers to a missing task or entry")
        }

        // Every task against its 'add' count and its latest entry, in one pass over the
        // `history_by_task` index (no query per task).
        let taskColumns = StoredTask.columns.split(separator: ",")
            .map { "t." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        let rows = try Row.fetchCursor(db, sql: """
            SELECT \(taskColumns), h.seq, h.after, COALESCE(a.adds, 0), COALESCE(s.syncs, 0)
            FROM task t
            LEFT JOIN (SELECT task_id, MAX(seq) AS seq FROM history GROUP BY task_id) latest
                ON latest.task_id = t.id
            LEFT JOIN history h ON h.seq = latest.seq
            LEFT JOIN (SELECT task_id, COUNT(*) AS adds FROM history WHERE kind = 'add' GROUP BY task_id) a
                ON a.task_id = t.id
            LEFT JOIN (SELECT task_id, COUNT(*) AS syncs FROM history WHERE kind = 'sync' GROUP BY task_id) s
                ON s.task_id = t.id
            ORDER BY t.id
            """)
        while let row = try rows.next() {
            let stored = try StoredTask(row: row)
            let adds: Int = row[14]
            let pulled: Int = row[15]
            // A task made here has one 'add' entry; one made on another replica has none, and
            // arrived with a 'sync' entry.
            if adds > 1 || (adds == 0 && pulled == 0) {
                problems.append("task \(stored.task.id) has \(adds) 'Added' entries, not 1")
            }
            guard let latest: Int64 = row[12] else { continue }
            if try stored.snapshot != Snapshot.decode(row[13], entry: latest) {
                problems.append("task \(stored.task.id) does not match its latest history entry \(latest)")
            }
        }

        let lastApplied = try Int64.fetchOne(db, sql: "SELECT MAX(seq) FROM history WHERE undo_status = 'applied'")
        let firstUndone = try Int64.fetchOne(db, sql: "SELECT MIN(seq) FROM history WHERE undo_status = 'undone'")
        if let lastApplied, let firstUndone, firstUndone < lastApplied {
            problems.append("undone entry \(firstUndone) precedes applied entry \(lastApplied)")
        }

        let clock = try String.fetchOne(db, sql: "SELECT value FROM board_meta WHERE key = 'hlc'")
            .flatMap(HLCTimestamp.init)
        let newest = try Row.fetchOne(db, sql: """
            SELECT hlc_wall, hlc_counter, hlc_replica FROM task
            ORDER BY hlc_wall DESC, hlc_counter DESC, hlc_replica DESC LIMIT 1
            """).map { HLCTimestamp(wallMillis: $0[0], counter: $0[1], replica: $0[2]) }
        if let newest, clock == nil || (clock!.wallMillis, clock!.counter) < (newest.wallMillis, newest.counter) {
            problems.append("the stored clock reading is behind task version \(newest)")
        }
        return problems
    }
}
