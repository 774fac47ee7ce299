import Foundation
import GRDB

/// The row-level steps shared by changes, undo and redo. Every one runs inside the caller's
/// write transaction and uses cached statements: a `board add` is a handful of them.
extension Board {
    /// Live tasks per column.
    static func counts(_ db: Database) throws -> [TaskState: Int] {
        let statement = try db.cachedStatement(
            sql: "SELECT state, COUNT(*) FROM task WHERE deleted = 0 GROUP BY state")
        var counts: [TaskState: Int] = [:]
        for state in TaskState.allCases { counts[state] = 0 }
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() {
            if let state = TaskState(rawValue: row[0]) { counts[state] = row[1] }
        }
        return counts
    }

    /// The clock reading for a change made now, persisted so readings keep increasing across
    /// processes (the stored reading is read inside the write lock, so two processes never issue
    /// the same one).
    func nextVersion(_ db: Database, wallMillis: Int64) throws -> HLCTimestamp {
        let read = try db.cachedStatement(sql: "SELECT value FROM board_meta WHERE key = 'hlc'")
        let last = try String.fetchOne(read).flatMap(HLCTimestamp.init)
        var clock = HybridLogicalClock(replica: replicaID, last: last)
        let version = clock.tick(wallMillis: wallMillis)
        let write = try db.cachedStatement(sql: "UPDATE board_meta SET value = ? WHERE key = 'hlc'")
        try write.execute(arguments: [version.description])
        return version
    }

    /// Forgets every undone change: after a new change, redo has nothing to return to.
    func discardRedoStack(_ db: Database) throws {
        let statement = try db.cachedStatement(
            sql: "UPDATE history SET undo_status = 'discarded' WHERE undo_status = 'undone'")
        try statement.execute()
    }

    /// Inserts a new live task with a fresh uuid.
    func insertTask(_ db: Database, fields: TaskFields, millis: Int64, version: HLCTimestamp) throws -> BoardTask {
        let uuid = UUID().uuidString.lowercased()
        let statement = try db.cachedStatement(sql: """
            INSERT INTO task(uuid, title, body, due, state, created_at, updated_at, deleted,
                             hlc_wall, hlc_counter, hlc_replica)
            VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)
            """)
        try statement.execute(arguments: [
            uuid, fields.title, fields.body, fields.due?.description, fields.state.rawValue,
            millis, millis, version.wallMillis, version.counter, version.replica,
        ])
        let date = Millis.date(millis)
        return BoardTask(
            id: Int(db.lastInsertedRowID), uuid: uuid, title: fields.title, body: fields.body,
            due: fields.due, state: fields.state, createdAt: date, updatedAt: date, version: version)
    }

    /// Writes `fields` over `task` (reviving it if it was removed), or marks it removed when
    /// `fields` is `nil`. Returns the task as now stored (for a removal, its last fields).
    func writeFields(
        _ fields: TaskFields?, to task: BoardTask, in db: Database, millis: Int64, version: HLCTimestamp
    ) throws -> BoardTask {
        var stored = task
        if let fields {
            stored.title = fields.title
            stored.body = fields.body
            stored.due = fields.due
            stored.state = fields.state
        }
        stored.updatedAt = Millis.date(millis)
        stored.version = version
        let statement = try db.cachedStatement(sql: """
            UPDATE task SET title = ?, body = ?, due = ?, state = ?, updated_at = ?, deleted = ?,
                            hlc_wall = ?, hlc_counter = ?, hlc_replica = ?, synced = 0
            WHERE id = ?
            """)
        try statement.execute(arguments: [
            stored.title, stored.body, stored.due?.description, stored.state.rawValue, millis,
            fields == nil, version.wallMillis, version.counter, version.replica, task.id,
        ])
        return stored
    }
}
