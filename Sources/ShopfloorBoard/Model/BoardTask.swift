import Foundation

/// A task on the board, as stored.
///
/// `id` is a short number for people (`board show 7`); it is never reused, even after removal,
/// so undoing a removal brings the task back under the same number. `uuid` names the task
/// across replicas for sync; `version` is the hybrid-logical-clock stamp of its last change,
/// which decides which of two concurrent edits wins.
///
/// ```swift
/// let task = try board.add(TaskFields(title: "Write report", due: DueDate("2026-12-01")))
/// task.id            // 1
/// task.state         // .todo
/// ```
public struct BoardTask: Hashable, Sendable, Identifiable {
    public let id: Int
    public let uuid: String
    public var title: String
    public var body: String
    public var due: DueDate?
    public var state: TaskState
    public let createdAt: Date
    public var updatedAt: Date
    /// Hybrid-logical-clock stamp of the last change; its `replica` is the replica that made it.
    public var version: HLCTimestamp

    public init(
        id: Int, uuid: String, title: String, body: String, due: DueDate?, state: TaskState,
        createdAt: Date, updatedAt: Date, version: HLCTimestamp
    ) {
        self.id = id
        self.uuid = uuid
        self.title = title
        self.body = body
        self.due = due
        self.state = state
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    /// The user-editable part of the task.
    public var fields: TaskFields {
        TaskFields(title: title, body: body, due: due, state: state)
    }

    /// Whether the task should be shown as late: it has a deadline before today (local time)
    /// and is not DONE. A task due today is not overdue.
    ///
    /// A finished task is never late, so DONE is excluded here; ``DueDate/isOverdue(now:calendar:)``
    /// answers for the date alone.
    public func isOverdue(now: Date = Date(), calendar: Calendar = .current) -> Bool {
        isOverdue(today: DueDate.today(now: now, calendar: calendar))
    }

    /// ``isOverdue(now:calendar:)`` with today's date already worked out, for listings: a
    /// calendar lookup per task was a visible part of `board list` (`scripts/bench/board`).
    public func isOverdue(today: DueDate) -> Bool {
        guard state != .done, let due else { return false }
        return due < today
    }
}

extension BoardTask {
    /// Parses a task id as a user types it (`7`, not `#7` or `7.0`).
    ///
    /// - Throws: ``BoardError/invalidID(_:)``: `id must be a positive whole number (got "x7")`.
    public static func parseID(_ text: String) throws -> Int {
        guard text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let id = Int(text), id > 0
        else { throw BoardError.invalidID(text) }
        return id
    }
}
