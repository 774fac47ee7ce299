import Foundation
import GRDB

/// The local half of sync: which versions wait to be pushed, marking them pushed, and applying
/// versions pulled from other replicas.
///
/// Conflict rule: for each task (by uuid) the version with the larger hybrid-logical-clock stamp
/// wins as a whole (title, body, deadline, column, removal together); stamps tie only within one
/// replica, and the replica id breaks ties between replicas. The server applies the same rule to
/// pushes, so every replica converges to the same board. A pulled version that replaces a local
/// one records a `sync` history entry whose `before` is the replaced version, so nothing is
/// lost, and discards that task's undo stack entries (they describe a state that no longer is).
extension Board {
    /// The number of local changes the remote does not have yet: every add, edit, move, removal,
    /// undo and redo recorded since its task was last pushed (three edits of one task offline are
    /// three changes, although the push sends the task's latest version once).
    public func pendingCount() throws -> Int {
        try read { db in
            try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM task t JOIN history h ON h.task_id = t.id
                WHERE t.synced = 0 AND h.seq > t.pushed_seq AND h.kind <> 'sync'
                """) ?? 0
        }
    }

    /// The number of tasks whose latest version the remote does not have yet (what a push sends).
    public func pendingTaskCount() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM task WHERE synced = 0") ?? 0 }
    }

    /// The sync cursor for `remote`: the remote's change sequence up to which this replica has
    /// pulled. A remote other than the last one synced with resets the cursor, and every task
    /// becomes pending again, so the new remote receives the whole board.
    public func syncCursor(remote: String) throws -> Int64 {
        // A read when the remote is the last one (every sync but the first): a reading command
        // that syncs writes nothing unless the sync brings something.
        let known = try read { db -> Int64? in
            let last = try String.fetchOne(db, sql: "SELECT value FROM board_meta WHERE key = 'remote'")
            guard last == remote else { return nil }
            return Int64(try String.fetchOne(db, sql: "SELECT value FROM board_meta WHERE key = 'remote_cursor'") ?? "0") ?? 0
        }
        if let known { return known }
        return try write { db in
            let last = try String.fetchOne(db, sql: "SELECT value FROM board_meta WHERE key = 'remote'")
            if last != remote {
                try db.execute(sql: "UPDATE task SET synced = 0, pushed_seq = 0 WHERE synced = 1")
                try db.execute(sql: "INSERT OR REPLACE INTO board_meta(key, value) VALUES ('remote', ?), ('remote_cursor', '0')",
                               arguments: [remote])
                try db.execute(sql: "DELETE FROM board_meta WHERE key = 'remote_table'")
                return 0
            }
            return Int64(try String.fetchOne(db, sql: "SELECT value FROM board_meta WHERE key = 'remote_cursor'") ?? "0") ?? 0
        }
    }

    /// The identity of the remote table the cursor counts (see `RemoteBoard.tableIdentity()`), or
    /// nil before the first pull (or for a board last synced by a version that did not keep it).
    public func remoteTable() throws -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT value FROM board_meta WHERE key = 'remote_table'") }
    }

    /// Forgets what the remote had, as for a new remote: its table was replaced (created again, or
    /// another server at the same URL), so every task is pending again and the next pull starts
    /// from the table's beginning. Nothing in history changes.
    public func forgetRemoteProgress() throws {
        try write { db in
            try db.execute(sql: "UPDATE task SET synced = 0, pushed_seq = 0 WHERE synced = 1")
            try db.execute(sql: "INSERT OR REPLACE INTO board_meta(key, value) VALUES ('remote_cursor', '0')")
            try db.execute(sql: "DELETE FROM board_meta WHERE key = 'remote_table'")
        }
    }

    /// Every task version the remote does not have yet.
    public func pendingRows() throws -> [SyncRow] {
        try read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT uuid, title, body, due, state, created_at, updated_at, deleted, hlc_wall, hlc_counter, hlc_replica
                FROM task WHERE synced = 0 ORDER BY id
                """)
            var out: [SyncRow] = []
            while let row = try rows.next() {
                out.append(SyncRow(
                    uuid: row[0], title: row[1], body: row[2], due: row[3], state: row[4], createdAt: row[5],
                    updatedAt: row[6], deleted: row[7],
                    version: HLCTimestamp(wallMillis: row[8], counter: row[9], replica: row[10])))
            }
            return out
        }
    }

    /// Marks `rows` as held by the remote, unless the task changed again meanwhile.
    public func markPushed(_ rows: [SyncRow]) throws {
        try write { db in
            let statement = try db.cachedStatement(sql: """
                UPDATE task SET synced = 1,
                    pushed_seq = COALESCE((SELECT MAX(seq) FROM history WHERE task_id = task.id), 0)
                WHERE uuid = ? AND hlc_wall = ? AND hlc_counter = ? AND hlc_replica = ?
                """)
            for row in rows {
                try statement.execute(arguments: [row.uuid, row.version.wallMillis, row.version.counter, row.version.replica])
            }
        }
    }

    /// Applies versions pulled from the remote and moves the cursor to `cursor` (of the table
    /// `remoteTable`, when given), in one transaction: a failure applies nothing.
    ///
    /// Each version is validated as local input is (``SyncRow/validated()``: the title, body,
    /// deadline and state rules, no control characters, times within range, a sane uuid and
    /// stamp). One that fails is quarantined: not applied, returned with its reason, and passed
    /// over by the cursor, so one bad row from another replica (or written on the server by hand)
    /// cannot stop every later pull.
    ///
    /// - Returns: how many versions changed the board, how many of those replaced a local change
    ///   that had not been pushed, and the versions refused.
    @discardableResult
    public func applyPulled(_ rows: [SyncRow], cursor: Int64, remoteTable: String? = nil) throws
        -> (applied: Int, conflicts: Int, quarantined: [QuarantinedRow])
    {
        try write { db in
            var applied = 0, conflicts = 0
            var quarantined: [QuarantinedRow] = []
            let millis = Millis.of(now())
            let readClock = try db.cachedStatement(sql: "SELECT value FROM board_meta WHERE key = 'hlc'")
            var clock = HybridLogicalClock(replica: replicaID, last: try String.fetchOne(readClock).flatMap(HLCTimestamp.init))
            let find = try db.cachedStatement(sql: "SELECT \(StoredTask.columns), synced FROM task WHERE uuid = ?")
            let markPushed = try db.cachedStatement(sql: "UPDATE task SET pushed_seq = ? WHERE id = ?")
            for row in rows {
                let incoming: TaskFields?
                do {
                    incoming = try row.validated()
                    var next = clock
                    try next.receive(row.version, wallMillis: millis)
                    clock = next
                } catch let error as BoardError {
                    quarantined.append(QuarantinedRow(uuid: row.uuid, reason: error.description))
                    continue
                }
                guard let existingRow = try Row.fetchOne(find, arguments: [row.uuid]) else {
                    // New here. A task created and removed elsewhere never needs a local row.
                    guard let fields = incoming else { continue }
                    let task = try insertPulled(db, row: row, fields: fields)
                    let entry = try HistoryEntry.append(
                        db, at: millis, kind: .sync, task: task,
                        message: "Added '\(fields.title)' on another replica.", before: nil, after: fields)
                    try markPushed.execute(arguments: [entry.sequence, task.id])
                    applied += 1
                    continue
                }
                let existing = try StoredTask(row: existingRow)
                guard existing.task.version < row.version else { continue }   // ours is newer (or the same)
                let unpushed = (existingRow[12] as Int) == 0
                let before = existing.snapshot
                let stored = try writePulled(db, row: row, fields: incoming, over: existing.task)
                if before == nil && incoming == nil { continue }   // removed on both sides: nothing to tell
                if unpushed { conflicts += 1 }
                var message = Self.pulledMessage(before: before, after: incoming)
                if unpushed { message += " (It replaced a change made here; the replaced version stays in history.)" }
                let entry = try HistoryEntry.append(
                    db, at: millis, kind: .sync, task: stored, message: message, before: before, after: incoming)
                try markPushed.execute(arguments: [entry.sequence, existing.task.id])
                // The task's undo entries describe states it no longer has.
                try db.execute(sql: """
                    UPDATE history SET undo_status = 'discarded'
                    WHERE task_id = ? AND undo_status IN ('applied', 'undone')
                    """, arguments: [existing.task.id])
                applied += 1
            }
            try db.execute(sql: "UPDATE board_meta SET value = ? WHERE key = 'hlc'", arguments: [clock.last.description])
            try db.execute(sql: "INSERT OR REPLACE INTO board_meta(key, value) VALUES ('remote_cursor', ?)",
                           arguments: [String(cursor)])
            if let remoteTable {   // the table the cursor counts, kept with it
                try db.execute(sql: "INSERT OR REPLACE INTO board_meta(key, value) VALUES ('remote_table', ?)",
                               arguments: [remoteTable])
            }
            return (applied, conflicts, quarantined)
        }
    }

    private func insertPulled(_ db: Database, row: SyncRow, fields: TaskFields) throws -> BoardTask {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO task(uuid, title, body, due, state, created_at, updated_at, deleted,
                             hlc_wall, hlc_counter, hlc_replica, synced)
            VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, 1)
            """)
        try statement.execute(arguments: [
            row.uuid, fields.title, fields.body, fields.due?.description, fields.state.rawValue,
            row.createdAt, row.updatedAt, row.version.wallMillis, row.version.counter, row.version.replica,
        ])
        return BoardTask(
            id: Int(db.lastInsertedRowID), uuid: row.uuid, title: fields.title, body: fields.body, due: fields.due,
            state: fields.state, createdAt: Millis.date(row.createdAt), updatedAt: Millis.date(row.updatedAt),
            version: row.version)
    }

    private func writePulled(_ db: Database, row: SyncRow, fields: TaskFields?, over task: BoardTask) throws -> BoardTask {
        var stored = task
        if let fields {
            stored.title = fields.title
            stored.body = fields.body
            stored.due = fields.due
            stored.state = fields.state
        }
        stored.updatedAt = Millis.date(row.updatedAt)
        stored.version = row.version
        let statement = try db.cachedStatement(sql: """
            UPDATE task SET title = ?, body = ?, due = ?, state = ?, updated_at = ?, deleted = ?,
                            hlc_wall = ?, hlc_counter = ?, hlc_replica = ?, synced = 1
            WHERE id = ?
            """)
        try statement.execute(arguments: [
            stored.title, stored.body, stored.due?.description, stored.state.rawValue, row.updatedAt,
            fields == nil, row.version.wallMillis, row.version.counter, row.version.replica, task.id,
        ])
        return stored
    }

    /// The history sentence for a version pulled from another replica.
    static func pulledMessage(before: TaskFields?, after: TaskFields?) -> String {
        switch (before, after) {
        case (nil, let after?):
            return "Restored '\(after.title)' to \(after.state.displayName) on another replica."
        case (let before?, nil):
            return "Removed '\(before.title)' from \(before.state.displayName) on another replica."
        case (let before?, let after?):
            let sentence = message(before: before, after: after)   // Moved … / Edited …
            return String(sentence.dropLast()) + " on another replica."
        case (nil, nil):
            return "Removed on another replica."   // not recorded (see applyPulled)
        }
    }
}
