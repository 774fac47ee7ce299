/// The column a task sits in: the seed's three columns, in board order.
///
/// The raw value is the lower-case spelling used on the command line, in JSON and in the
/// database; ``displayName`` is the upper-case spelling the seed uses in columns and history.
///
/// ```swift
/// let state = try TaskState(parsing: "Doing")   // .doing
/// state.displayName                             // "DOING"
/// ```
public enum TaskState: String, CaseIterable, Sendable, Codable, Comparable, CustomStringConvertible {
    case todo
    case doing
    case done

    /// The seed's spelling: `TODO`, `DOING`, `DONE`.
    public var displayName: String {
        switch self {
        case .todo: "TODO"
        case .doing: "DOING"
        case .done: "DONE"
        }
    }

    public var description: String { displayName }

    /// Parses a state as a user types it; case does not matter (`doing`, `DOING`, `Doing`).
    ///
    /// - Throws: ``BoardError/invalidState(_:)`` naming the value, e.g.
    ///   `state must be one of todo, doing, done (got "later")`.
    public init(parsing text: String) throws {
        guard let state = TaskState(rawValue: text.lowercased()) else {
            throw BoardError.invalidState(text)
        }
        self = state
    }

    /// Board order (TODO < DOING < DONE), so sorted output never depends on spelling.
    public static func < (lhs: TaskState, rhs: TaskState) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int {
        switch self {
        case .todo: 0
        case .doing: 1
        case .done: 2
        }
    }
}
