/// A read-only summary of the board handed to a rule: the number of tasks per column before the
/// proposed change.
///
/// It is a value, not a live handle, so a rule cannot write to the board or observe a half-made
/// change.
public struct BoardView: Hashable, Sendable {
    public let counts: [TaskState: Int]

    public init(counts: [TaskState: Int]) {
        self.counts = counts
    }

    /// The number of tasks in `state`.
    public func count(_ state: TaskState) -> Int { counts[state] ?? 0 }

    /// The number of tasks on the board.
    public var total: Int { counts.values.reduce(0, +) }
}
