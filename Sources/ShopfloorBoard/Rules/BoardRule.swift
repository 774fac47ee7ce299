/// A check run before every add, edit, move and remove, which may allow the change, refuse it
/// with a message, or allow it with adjusted fields (e.g. fill in a default deadline).
///
/// The scripting layer implements this with a Lua function; Swift code and tests use
/// ``ClosureRule``. The rule runs inside the change's write transaction, so the counts it sees
/// are the ones the change is applied to, and a refusal or a thrown error writes nothing.
///
/// ```swift
/// let wipLimit = ClosureRule { change, board in
///     change.proposed?.state == .doing && change.current?.state != .doing && board.count(.doing) >= 3
///         ? .refuse("at most 3 tasks in DOING") : .allow
/// }
/// ```
///
/// Undo and redo do not consult the rule: they restore a state the board already held.
public protocol BoardRule {
    /// The rule's name for messages about it (`wip_limit`), or nil (the default).
    var name: String? { get }

    /// Decides on `change`, given the board as it is before the change.
    ///
    /// Throwing aborts the change (reported as ``BoardError/ruleFailed(_:)``, or rethrown as is
    /// when the error is already a ``BoardError``).
    func check(_ change: ProposedChange, on board: BoardView) throws -> RuleVerdict
}

extension BoardRule {
    public var name: String? { nil }
}

/// A ``BoardRule`` made from a closure.
public struct ClosureRule: BoardRule {
    private let body: (ProposedChange, BoardView) throws -> RuleVerdict

    public init(_ body: @escaping (ProposedChange, BoardView) throws -> RuleVerdict) {
        self.body = body
    }

    public func check(_ change: ProposedChange, on board: BoardView) throws -> RuleVerdict {
        try body(change, board)
    }
}
