/// A change to some of a task's title, body and deadline; fields left `nil` stay as they are.
///
/// The deadline needs three cases (keep, set, clear), so it is a ``DueChange``.
///
/// ```swift
/// try board.edit(3, TaskEdit(title: "Write the report", due: .clear))
/// ```
public struct TaskEdit: Hashable, Sendable {
    public var title: String?
    public var body: String?
    public var due: DueChange

    public init(title: String? = nil, body: String? = nil, due: DueChange = .keep) {
        self.title = title
        self.body = body
        self.due = due
    }

    /// Whether the edit asks for nothing at all (the CLI treats that as a usage error).
    public var isEmpty: Bool { title == nil && body == nil && due == .keep }

    /// The fields `current` would have after this edit (not yet validated).
    public func applied(to current: TaskFields) -> TaskFields {
        var result = current
        if let title { result.title = title }
        if let body { result.body = body }
        switch due {
        case .keep: break
        case .set(let date): result.due = date
        case .clear: result.due = nil
        }
        return result
    }
}
