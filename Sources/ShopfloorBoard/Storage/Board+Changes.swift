import Foundation
import GRDB

extension Board {
    /// Adds a task (to TODO unless `fields.state` says otherwise) and records `Added 'X'.`
    ///
    /// - Returns: the task as stored, with its new id.
    /// - Throws: a ``BoardError`` naming the bad field, a rule's refusal, or a database error;
    ///   in every case nothing is written.
    @discardableResult
    public func add(_ fields: TaskFields) throws -> BoardTask {
        try VisibleTitle.check(fields.title)
        let proposed = try fields.validated()
        return try write { db in
            let fields = try consultRule(db, kind: .add, current: nil, proposed: proposed) ?? proposed
            let millis = Millis.of(now())
            let version = try nextVersion(db, wallMillis: millis)
            try discardRedoStack(db)
            let task = try insertTask(db, fields: fields, millis: millis, version: version)
            _ = try HistoryEntry.append(
                db, at: millis, kind: .add, task: task, message: HistoryMessage.added(fields),
                before: nil, after: fields)
            return task
        }
    }

    /// Adds a task to TODO: the common case of ``add(_:)``.
    @discardableResult
    public func add(title: String, body: String = "", due: DueDate? = nil) throws -> BoardTask {
        try add(TaskFields(title: title, body: body, due: due))
    }

    /// Changes some of a task's title, body and deadline, and records what changed, e.g.
    /// `Edited 'X': title 'X' → 'Y', due 2026-12-01 → none.`
    ///
    /// - Throws: ``BoardError/noSuchTask(id:)``, a field error,
    ///   ``BoardError/nothingChanged(id:)`` if the edit leaves the task as it is, a rule's refusal,
    ///   or a database error; nothing is written.
    @discardableResult
    public func edit(_ id: Int, _ edit: TaskEdit) throws -> BoardTask {
        // Only a title being typed must show: a task pulled by sync keeps its own, and its body and date can change.
        if let title = edit.title { try VisibleTitle.check(title) }
        return try change(.edit, id: id) { current in
            let proposed = try edit.applied(to: current.fields).validated()
            if proposed == current.fields { throw BoardError.nothingChanged(id: id) }
            return proposed
        }
    }

    /// Moves a task to another column and records `Moved 'X' from TODO to DOING.`
    ///
    /// - Throws: ``BoardError/noSuchTask(id:)``, ``BoardError/alreadyInState(id:state:)``, a
    ///   rule's refusal, or a database error; nothing is written.
    @discardableResult
    public func move(_ id: Int, to state: TaskState) throws -> BoardTask {
        try change(.move, id: id) { current in
            if current.state == state { throw BoardError.alreadyInState(id: id, state: state) }
            var proposed = current.fields
            proposed.state = state
            return proposed
        }
    }

    /// Removes a task and records `Removed 'X' from DONE.`; ``undo()`` brings it back with the
    /// same id and uuid.
    ///
    /// - Returns: the task as it was before removal.
    @discardableResult
    public func remove(_ id: Int) throws -> BoardTask {
        try change(.remove, id: id) { _ in nil }
    }

    /// The write path of edit, move and remove: in a single transaction, read the task, work out
    /// the proposed fields, consult the rule, write the task and append the history entry.
    ///
    /// `propose` receives the current task and returns the validated fields after the change, or
    /// `nil` for a removal. Returns the task after the change (before it, for a removal).
    private func change(
        _ kind: ChangeKind, id: Int, propose: (BoardTask) throws -> TaskFields?
    ) throws -> BoardTask {
        try write { db in
            let current = try StoredTask.fetchLive(db, id: id).task
            let proposed = try consultRule(db, kind: kind, current: current, proposed: try propose(current))
            let millis = Millis.of(now())
            let version = try nextVersion(db, wallMillis: millis)
            try discardRedoStack(db)
            let stored = try writeFields(proposed, to: current, in: db, millis: millis, version: version)
            _ = try HistoryEntry.append(
                db, at: millis, kind: HistoryKind(kind), task: stored,
                message: Self.message(before: current.fields, after: proposed),
                before: current.fields, after: proposed)
            return proposed == nil ? current : stored
        }
    }

    /// Asks the rule about the change and returns the fields to write (the proposed ones, or the
    /// rule's replacement, validated).
    private func consultRule(
        _ db: Database, kind: ChangeKind, current: BoardTask?, proposed: TaskFields?
    ) throws -> TaskFields? {
        guard let rule else { return proposed }
        let change = ProposedChange(kind: kind, current: current, proposed: proposed)
        let verdict: RuleVerdict
        do {
            verdict = try rule.check(change, on: BoardView(counts: try Self.counts(db)))
        } catch let error as BoardError {
            throw error
        } catch {
            throw BoardError.ruleFailed(String(describing: error))
        }
        switch verdict {
        case .allow:
            return proposed
        case .refuse(let message):
            throw BoardError.refusedByRule(message)
        case .allowModified(let fields):
            guard proposed != nil else {
                throw BoardError.ruleFailed("a rule cannot modify a removal")
            }
            let replaced: TaskFields
            do {
                if fields.title != proposed?.title { try VisibleTitle.check(fields.title) }
                replaced = try fields.validated()
            } catch {
                throw BoardError.ruleFailed("it returned an invalid task: \(error)")
            }
            // The user's change was a real one (edit and move refuse a no-op before asking): the rule took it back.
            if let current, replaced == current.fields { throw BoardError.revertedByRule(id: current.id, rule: rule.name) }
            return replaced
        }
    }

    /// The sentence for a change from `before` to `after` (`nil` = removed): a change of column
    /// alone reads as a move, anything else as an edit.
    static func message(before: TaskFields, after: TaskFields?) -> String {
        guard let after else { return HistoryMessage.removed(before) }
        var onlyState = before
        onlyState.state = after.state
        if onlyState == after && before.state != after.state {
            return HistoryMessage.moved(before, to: after.state)
        }
        return HistoryMessage.edited(before, after)
    }
}
