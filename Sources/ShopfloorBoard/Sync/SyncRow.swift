import ShopfloorText

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

    /// The user fields, or nil for a removed task (history's snapshot form), checked exactly as
    /// local input is checked, plus what only a pulled version carries.
    ///
    /// - Throws: ``BoardError/sync(_:)`` naming what is wrong (the uuid, a time, the stamp, the
    ///   state, the deadline), or the field error local input would get (`title must be a single
    ///   line`, `body must be at most 1000 characters (got 2000000)`, …).
    func validated() throws -> TaskFields? {
        guard Self.isIdentifier(uuid) else {
            throw BoardError.sync("invalid uuid \(BoardError.quoted(String(uuid.prefix(80))))")
        }
        guard Self.isIdentifier(version.replica), version.wallMillis >= 0, version.counter >= 0 else {
            throw BoardError.sync("invalid version stamp \(BoardError.quoted(String(version.description.prefix(120))))")
        }
        for (name, millis) in [("created_at", createdAt), ("updated_at", updatedAt)] where !Millis.syncRange.contains(millis) {
            throw BoardError.sync("\(name) \(millis) is not a time between 1970 and 9999")
        }
        if deleted { return nil }
        guard let state = TaskState(rawValue: state) else {
            throw BoardError.invalidState(state)
        }
        var due: DueDate?
        if let text = self.due { due = try DueDate(parsing: text) }
        return try TaskFields(title: title, body: body, due: due, state: state).validated()
    }

    /// A uuid or replica id as replicas make them: 1 to 64 ASCII letters, digits and dashes.
    static func isIdentifier(_ text: String) -> Bool {
        let bytes = text.utf8
        return (1...64).contains(bytes.count) && bytes.allSatisfy {
            ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
                || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || $0 == UInt8(ascii: "-")
        }
    }
}

/// A version pulled from the remote that failed validation: it was not applied, and the cursor
/// moved past it (a later valid version of the task is applied as usual).
public struct QuarantinedRow: Hashable, Sendable, CustomStringConvertible {
    /// The task's uuid as the remote holds it (shown escaped: it came from outside).
    public var uuid: String
    /// Why it was refused, e.g. `title must be a single line`.
    public var reason: String

    public init(uuid: String, reason: String) {
        self.uuid = uuid
        self.reason = reason
    }

    /// `task 5d1c…: title must be a single line`.
    public var description: String {
        "task \(ControlCharacters.escaped(String(uuid.prefix(80)), keepingLineBreaks: false)): \(reason)"
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
    /// Versions pulled but refused by validation (not applied; the cursor moved past them).
    public var quarantined: [QuarantinedRow] = []

    public init() {}
}
