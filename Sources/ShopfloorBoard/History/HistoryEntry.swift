import Foundation

/// One line of the board's history: what happened, to which task, and when.
///
/// Every entry keeps the task's fields before and after (`nil` when the task did not exist or was
/// removed), so undo and redo are a matter of writing one side back, and
/// ``Board/verifyIntegrity()`` can check that the last entry of each task matches the task.
///
/// ```swift
/// for entry in try board.history(limit: 10) { print(entry.line()) }
/// // 2026-05-01 14:03:22  Added 'Write report'.
/// ```
public struct HistoryEntry: Hashable, Sendable, Identifiable {
    /// Position in the history; increases with every entry and is never reused.
    public let sequence: Int64
    /// When the change was made.
    public let at: Date
    public let kind: HistoryKind
    public let taskID: Int
    public let taskUUID: String
    /// The seed's sentence, e.g. `Moved 'X' from TODO to DOING.`
    public let message: String
    public let before: TaskFields?
    public let after: TaskFields?
    /// For undo and redo entries, the ``sequence`` of the change they took back or re-applied.
    public let target: Int64?

    public var id: Int64 { sequence }

    public init(sequence: Int64, at: Date, kind: HistoryKind, taskID: Int, taskUUID: String,
                message: String, before: TaskFields?, after: TaskFields?, target: Int64?) {
        self.sequence = sequence
        self.at = at
        self.kind = kind
        self.taskID = taskID
        self.taskUUID = taskUUID
        self.message = message
        self.before = before
        self.after = after
        self.target = target
    }

    /// `YYYY-MM-DD HH:MM:SS  message`, the time shown in `calendar`'s time zone.
    public func line(calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: at)
        func pad(_ value: Int?, _ width: Int = 2) -> String {
            let digits = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        let date = "\(pad(parts.year, 4))-\(pad(parts.month))-\(pad(parts.day))"
        let time = "\(pad(parts.hour)):\(pad(parts.minute)):\(pad(parts.second))"
        return "\(date) \(time)  \(message)"
    }
}
