import Foundation

/// What a user can change about a task: its title, body, deadline and column.
///
/// Operations, board rules and history all speak in `TaskFields`: a rule sees the fields a change
/// proposes and may return different ones, and each history entry keeps the fields before and
/// after, which is all undo and redo need.
public struct TaskFields: Hashable, Sendable, Codable {
    /// Longest title accepted, in characters (what a user counts, i.e. grapheme clusters).
    public static let maxTitleLength = 100
    /// Longest body accepted, in characters.
    public static let maxBodyLength = 1000

    public var title: String
    public var body: String
    public var due: DueDate?
    public var state: TaskState

    public init(title: String, body: String = "", due: DueDate? = nil, state: TaskState = .todo) {
        self.title = title
        self.body = body
        self.due = due
        self.state = state
    }

    /// The fields as they will be stored: title trimmed, every limit checked.
    ///
    /// Runs before any write, so bad input never reaches the database.
    /// - Throws: ``BoardError/emptyTitle``, ``BoardError/multilineTitle``,
    ///   ``BoardError/titleTooLong(count:)`` or ``BoardError/bodyTooLong(count:)``.
    public func validated() throws -> TaskFields {
        var result = self
        result.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if result.title.isEmpty { throw BoardError.emptyTitle }
        // A title is one line: it is quoted inside one-line history entries and board columns.
        if result.title.contains(where: \.isNewline) { throw BoardError.multilineTitle }
        let titleLength = result.title.count
        if titleLength > Self.maxTitleLength { throw BoardError.titleTooLong(count: titleLength) }
        let bodyLength = body.count
        if bodyLength > Self.maxBodyLength { throw BoardError.bodyTooLong(count: bodyLength) }
        return result
    }
}
