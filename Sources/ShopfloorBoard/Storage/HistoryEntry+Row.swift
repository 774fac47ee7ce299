import GRDB

extension HistoryEntry {
    /// The columns every history query selects, in the order ``init(row:)`` reads them.
    static let columns = "seq, at, kind, task_id, task_uuid, message, before, after, target_seq"

    init(row: Row) throws {
        let sequence: Int64 = row[0]
        let kindText: String = row[2]
        guard let kind = HistoryKind(rawValue: kindText) else {
            throw BoardError.database("history entry \(sequence) has an unknown kind \(BoardError.quoted(kindText))")
        }
        self.init(
            sequence: sequence, at: Millis.date(row[1]), kind: kind, taskID: row[3], taskUUID: row[4],
            message: row[5],
            before: try Snapshot.decode(row[6], entry: sequence),
            after: try Snapshot.decode(row[7], entry: sequence),
            target: row[8])
    }

    /// Appends an entry and returns it as stored.
    ///
    /// `undoStatus` is `applied` for user changes (they join the undo stack) and `nil` for undo and
    /// redo entries, which the schema requires to name their `target`.
    static func append(
        _ db: Database, at millis: Int64, kind: HistoryKind, task: BoardTask, message: String,
        before: TaskFields?, after: TaskFields?, target: Int64? = nil
    ) throws -> HistoryEntry {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO history(at, kind, task_id, task_uuid, message, before, after, undo_status, target_seq)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [
            millis, kind.rawValue, task.id, task.uuid, message,
            try Snapshot.encode(before), try Snapshot.encode(after),
            kind.isUndoable ? "applied" : nil, target,
        ])
        return HistoryEntry(
            sequence: db.lastInsertedRowID, at: Millis.date(millis), kind: kind, taskID: task.id,
            taskUUID: task.uuid, message: message, before: before, after: after, target: target)
    }
}
