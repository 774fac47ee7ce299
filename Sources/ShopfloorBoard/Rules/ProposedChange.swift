/// A change about to be made, as a board rule sees it.
///
/// `current` is the task before the change (`nil` for an add); `proposed` is what its fields
/// will be afterwards (`nil` for a removal). Both are validated already.
public struct ProposedChange: Hashable, Sendable {
    public let kind: ChangeKind
    public let current: BoardTask?
    public let proposed: TaskFields?

    public init(kind: ChangeKind, current: BoardTask?, proposed: TaskFields?) {
        self.kind = kind
        self.current = current
        self.proposed = proposed
    }

    /// The state the task ends up in (`nil` for a removal).
    public var targetState: TaskState? { proposed?.state }
}
