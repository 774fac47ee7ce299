import Foundation
import GRDB

/// A `task` row as read from the database: the task plus its tombstone flag.
///
/// Decoding is by column position over one fixed column list, not `Codable`: listing 10,000 tasks
/// is the board's hot path, and positional reads are roughly twice as fast as keyed records
/// (STORAGE_NOTES.md: 25 ms vs 41 ms whole process for 10,000 rows).
struct StoredTask {
    /// The columns every task query selects, in the order ``init(row:)`` reads them.
    static let columns =
        "id, uuid, title, body, due, state, created_at, updated_at, hlc_wall, hlc_counter, hlc_replica, deleted"

    var task: BoardTask
    var deleted: Bool

    /// The task's fields as history records them: `nil` for a removed task.
    var snapshot: TaskFields? { deleted ? nil : task.fields }

    /// Reads a row selected with ``columns``.
    init(row: Row) throws {
        let dueText: String? = row[4]
        let stateText: String = row[5]
        let id: Int = row[0]
        guard let state = TaskState(rawValue: stateText) else {
            throw BoardError.database("task \(id) has an unknown state \(BoardError.quoted(stateText))")
        }
        var due: DueDate?
        if let dueText {
            guard let date = DueDate(dueText) else {
                throw BoardError.database("task \(id) has an invalid due date \(BoardError.quoted(dueText))")
            }
            due = date
        }
        task = BoardTask(
            id: id, uuid: row[1], title: row[2], body: row[3], due: due, state: state,
            createdAt: Millis.date(row[6]), updatedAt: Millis.date(row[7]),
            version: HLCTimestamp(wallMillis: row[8], counter: row[9], replica: row[10]))
        deleted = row[11] as Bool
    }

    /// The task with `id`, removed or not, or `nil` if there never was one.
    static func fetch(_ db: Database, id: Int) throws -> StoredTask? {
        let statement = try db.cachedStatement(sql: "SELECT \(columns) FROM task WHERE id = ?")
        return try Row.fetchOne(statement, arguments: [id]).map(StoredTask.init(row:))
    }

    /// The live task with `id`.
    /// - Throws: ``BoardError/noSuchTask(id:)`` if there is none, or it was removed.
    static func fetchLive(_ db: Database, id: Int) throws -> StoredTask {
        guard let stored = try fetch(db, id: id), !stored.deleted else {
            throw BoardError.noSuchTask(id: id)
        }
        return stored
    }
}
