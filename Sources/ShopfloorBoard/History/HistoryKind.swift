/// What a history entry records. The raw value is what the database and JSON store.
public enum HistoryKind: String, CaseIterable, Sendable, Codable {
    case add
    case edit
    case move
    case remove
    /// An undo of an earlier add, edit, move or remove.
    case undo
    /// A redo of an earlier undone change.
    case redo
    /// A change made on another replica, pulled by sync (it may replace a local version, which
    /// the entry keeps as `before`).
    case sync

    /// Whether ``Board/undo()`` can take this entry back (undo and redo entries are walked, not undone).
    public var isUndoable: Bool {
        switch self {
        case .add, .edit, .move, .remove: true
        case .undo, .redo, .sync: false
        }
    }
}

extension HistoryKind {
    /// The history kind recording a user change of `kind`.
    init(_ kind: ChangeKind) {
        switch kind {
        case .add: self = .add
        case .edit: self = .edit
        case .move: self = .move
        case .remove: self = .remove
        }
    }
}
