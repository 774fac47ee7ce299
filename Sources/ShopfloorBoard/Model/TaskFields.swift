import ShopfloorText
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
    /// The bound on Unicode code points per character limit: a character may be several code
    /// points (a family emoji is up to 7, a decomposed Hangul syllable 3), but "a" followed by
    /// 20,000 combining accents is one character too, and must not pass as a 1-character title.
    public static let codePointsPerCharacter = 8
    /// Longest title accepted, in Unicode code points (800).
    public static var maxTitleCodePoints: Int { maxTitleLength * codePointsPerCharacter }
    /// Longest body accepted, in Unicode code points (8000).
    public static var maxBodyCodePoints: Int { maxBodyLength * codePointsPerCharacter }

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
    /// Runs before any write — for the command line, the Lua module, a rule's changed fields and
    /// rows pulled by sync alike — so bad input never reaches the database.
    /// - Throws: ``BoardError/emptyTitle``, ``BoardError/multilineTitle``,
    ///   ``BoardError/controlCharacter(field:scalar:)``, ``BoardError/titleTooLong(count:)``,
    ///   ``BoardError/bodyTooLong(count:)`` or ``BoardError/tooManyCodePoints(field:characters:codePoints:)``.
    public func validated() throws -> TaskFields {
        var result = self
        result.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        if result.title.isEmpty { throw BoardError.emptyTitle }
        // A title is one line: it is quoted inside one-line history entries and board columns.
        if result.title.contains(where: \.isNewline) { throw BoardError.multilineTitle }
        if let scalar = ControlCharacters.first(in: result.title, allowingLineBreaks: false) {
            throw BoardError.controlCharacter(field: "title", scalar: scalar.value)
        }
        if let scalar = ControlCharacters.first(in: body, allowingLineBreaks: true) {
            throw BoardError.controlCharacter(field: "body", scalar: scalar.value)
        }
        try Self.checkLength(result.title, field: "title", characters: Self.maxTitleLength,
                             codePoints: Self.maxTitleCodePoints, tooLong: BoardError.titleTooLong)
        try Self.checkLength(body, field: "body", characters: Self.maxBodyLength,
                             codePoints: Self.maxBodyCodePoints, tooLong: BoardError.bodyTooLong)
        return result
    }

    /// Refuses `text` over `characters` characters, or over `codePoints` code points (the
    /// character limit is named first when both are exceeded). Text of at most `characters` code
    /// points is accepted without walking its grapheme clusters.
    private static func checkLength(_ text: String, field: String, characters: Int, codePoints: Int,
                                    tooLong: (Int) -> BoardError) throws {
        let scalars = text.unicodeScalars.count
        if scalars <= characters { return }   // every character is at least one code point
        let count = text.count
        if count > characters { throw tooLong(count) }
        if scalars > codePoints {
            throw BoardError.tooManyCodePoints(field: field, characters: count, codePoints: scalars)
        }
    }
}
