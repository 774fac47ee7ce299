/// What an edit does to a task's deadline.
public enum DueChange: Hashable, Sendable {
    /// Leave the deadline as it is.
    case keep
    /// Set a new deadline.
    case set(DueDate)
    /// Remove the deadline.
    case clear

    /// `.set(date)` for a date, `.clear` for `nil` (as ``DueDate/parseClearable(_:)`` returns).
    public init(_ date: DueDate?) {
        self = date.map(DueChange.set) ?? .clear
    }
}
