/// One task version as it travels between a replica and the remote: every stored field plus
/// its clock stamp. `Sendable`, so it crosses into the networking code.
public struct SyncRow: Hashable, Sendable {
    public var uuid: String
    public var title: String
    public var body: String
    /// `YYYY-MM-DD`, or nil.
    public var due: String?
    public var state: String
    public var createdAt: Int64
    public var updatedAt: Int64
    public var deleted: Bool
    public var version: HLCTimestamp

    public init(uuid: String, title: String, body: String, due: String?, state: String, createdAt: Int64,
                updatedAt: Int64, deleted: Bool, version: HLCTimestamp) {
        self.uuid = uuid
        self.title = title
        self.body = body
        self.due = due
        self.state = state
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.deleted = deleted
        self.version = version
    }

    /// The user fields, or nil for a removed task (history's snapshot form).
    /// - Throws: ``BoardError/sync(_:)`` when the remote sent a value this version cannot read.
    func snapshot() throws -> TaskFields? {
        if deleted { return nil }
        guard let state = TaskState(rawValue: state) else {
            throw BoardError.sync("the remote has task \(uuid) in an unknown state \(BoardError.quoted(state))")
        }
        var due: DueDate?
        if let text = self.due {
            guard let date = DueDate(text) else {
                throw BoardError.sync("the remote has task \(uuid) with an invalid due date \(BoardError.quoted(text))")
            }
            due = date
        }
        return TaskFields(title: title, body: body, due: due, state: state)
    }
}

/// What one sync did.
public struct SyncReport: Hashable, Sendable {
    /// Local changes the remote now has.
    public var pushed = 0
    /// Changes from other replicas applied here.
    public var pulled = 0
    /// Of `pulled`, how many replaced a local change not yet pushed (the local version is kept
    /// in history).
    public var conflicts = 0
    /// Local changes still waiting (made during the sync, or the push failed).
    public var pending = 0

    public init() {}
}
