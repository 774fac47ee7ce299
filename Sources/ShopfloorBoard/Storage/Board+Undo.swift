import GRDB

/// Undo and redo walk the history stored in the database, so they work across processes.
///
/// User changes form a linear undo stack: each change entry is `applied`, `undone` or
/// `discarded`. ``undo()`` takes back the latest applied change; ``redo()`` re-applies the
/// earliest undone one (the one undone last); a new change discards every undone entry, so redo
/// cannot resurrect a branch the user abandoned. Applied entries therefore always precede undone
/// ones, which ``verifyIntegrity()`` checks. Undo and redo are recorded too (`Undid: …`,
/// `Redid: …`), but are not themselves undoable: undo twice goes two steps back.
extension Board {
    /// Takes back the latest change still in effect and records `Undid: <its sentence>`.
    ///
    /// Undoing an add removes the task; undoing a removal restores it with the same id and uuid;
    /// undoing an edit or move restores the previous fields. Board rules are not consulted.
    /// - Returns: the `undo` entry just recorded.
    /// - Throws: ``BoardError/nothingToUndo``, or ``BoardError/undoConflict(_:)`` if the task
    ///   no longer matches the entry.
    @discardableResult
    public func undo() throws -> HistoryEntry {
        try write { db in
            guard let entry = try Self.undoTop(db) else { throw BoardError.nothingToUndo }
            return try replay(entry, from: entry.after, to: entry.before, as: .undo, in: db)
        }
    }

    /// Re-applies the change undone last and records `Redid: <its sentence>`.
    /// - Returns: the `redo` entry just recorded.
    /// - Throws: ``BoardError/nothingToRedo``, or ``BoardError/undoConflict(_:)``.
    @discardableResult
    public func redo() throws -> HistoryEntry {
        try write { db in
            guard let entry = try Self.redoTop(db) else { throw BoardError.nothingToRedo }
            return try replay(entry, from: entry.before, to: entry.after, as: .redo, in: db)
        }
    }

    static func undoTop(_ db: Database) throws -> HistoryEntry? {
        let statement = try db.cachedStatement(sql: """
            SELECT \(HistoryEntry.columns) FROM history WHERE undo_status = 'applied'
            ORDER BY seq DESC LIMIT 1
            """)
        return try Row.fetchOne(statement).map(HistoryEntry.init(row:))
    }

    static func redoTop(_ db: Database) throws -> HistoryEntry? {
        let statement = try db.cachedStatement(sql: """
            SELECT \(HistoryEntry.columns) FROM history WHERE undo_status = 'undone'
            ORDER BY seq ASC LIMIT 1
            """)
        return try Row.fetchOne(statement).map(HistoryEntry.init(row:))
    }

    /// Moves `entry`'s task from `expected` fields to `target` fields (`nil` = removed), flips the
    /// entry's undo status and records the undo or redo entry.
    private func replay(
        _ entry: HistoryEntry, from expected: TaskFields?, to target: TaskFields?,
        as kind: HistoryKind, in db: Database
    ) throws -> HistoryEntry {
        guard let stored = try StoredTask.fetch(db, id: entry.taskID) else {
            throw BoardError.undoConflict("task \(entry.taskID) no longer exists")
        }
        guard stored.snapshot == expected else {
            throw BoardError.undoConflict(
                "task \(entry.taskID) has changed since \(BoardError.quoted(entry.message))")
        }
        let millis = Millis.of(now())
        let version = try nextVersion(db, wallMillis: millis)
        let task = try writeFields(target, to: stored.task, in: db, millis: millis, version: version)
        let status = kind == .undo ? "undone" : "applied"
        let mark = try db.cachedStatement(sql: "UPDATE history SET undo_status = ? WHERE seq = ?")
        try mark.execute(arguments: [status, entry.sequence])
        let message = kind == .undo ? HistoryMessage.undid(entry.message) : HistoryMessage.redid(entry.message)
        return try HistoryEntry.append(
            db, at: millis, kind: kind, task: task, message: message,
            before: expected, after: target, target: entry.sequence)
    }
}
