import ShopfloorText

/// Everything that can go wrong on the board, each with a message that names the field and the
/// offending value, ready to show the user as is.
///
/// Bad input is always one of these, never a trap; database failures are wrapped into
/// ``database(_:)`` with a readable sentence instead of an SQLite code.
///
/// ```swift
/// do { try board.show(7) } catch let error as BoardError { print(error) }   // no task with id 7
/// ```
public enum BoardError: Error, Hashable, Sendable, CustomStringConvertible {
    case emptyTitle
    /// A title typed here with no visible character (``VisibleTitle``): its first code points, and how many more.
    case invisibleTitle([UInt32], more: Int)
    case multilineTitle
    case titleTooLong(count: Int)
    case bodyTooLong(count: Int)
    /// A field holds more Unicode code points than its bound (``TaskFields/maxTitleCodePoints``,
    /// ``TaskFields/maxBodyCodePoints``), however few characters they make.
    case tooManyCodePoints(field: String, characters: Int, codePoints: Int)
    /// A field holds a character a terminal would act on (see ``ControlCharacters``); the payload
    /// is its code point.
    case controlCharacter(field: String, scalar: UInt32)
    case invalidDue(String)
    case invalidState(String)
    case invalidID(String)
    case noSuchTask(id: Int)
    case alreadyInState(id: Int, state: TaskState)
    case nothingChanged(id: Int)
    /// The rule (named, when it has a name) answered a change with the task's current values: it took the
    /// user's change back, and nothing is written.
    case revertedByRule(id: Int, rule: String?)
    case nothingToUndo
    case nothingToRedo
    /// The change to undo or redo no longer matches the task (e.g. it was changed by a sync).
    case undoConflict(String)
    /// A board rule refused the change; the payload is the rule's own message.
    case refusedByRule(String)
    /// A board rule failed (threw, or returned something unusable); the payload says why.
    case ruleFailed(String)
    case clockDrift(remote: HLCTimestamp, localMillis: Int64)
    /// The database could not be opened, read or written.
    case database(String)
    /// The database was written by a newer version of Shopfloor.
    case newerSchema(path: String)
    /// ``Board/verifyIntegrity()`` found problems; each string names one.
    case integrityViolated([String])
    /// The board's config file (`board.toml`) is malformed or unsafe; the message names `file:line`.
    case config(String)
    /// Syncing with the remote database failed; the message says why (never a password).
    case sync(String)
    /// The remote could not be used (unreachable, lost, refused the login): `reason` says what
    /// failed, naming the remote, and `advice` what to do, e.g. `cannot reach
    /// postgres://ada@127.0.0.1:1/shopfloor: connection refused` and `changes wait for the next sync`.
    case syncFailed(reason: String, advice: String)

    public var description: String {
        switch self {
        case .emptyTitle:
            "title must not be empty"
        case .invisibleTitle(let values, let more):
            "title must have at least one visible character (got only "
                + values.map { ControlCharacters.name(Unicode.Scalar($0) ?? "\u{FFFD}") }.joined(separator: " ")
                + (more > 0 ? " and \(more) more" : "") + ")"
        case .multilineTitle:
            "title must be a single line"
        case .titleTooLong(let count):
            "title must be at most \(TaskFields.maxTitleLength) characters (got \(count))"
        case .bodyTooLong(let count):
            "body must be at most \(TaskFields.maxBodyLength) characters (got \(count))"
        case .tooManyCodePoints(let field, let characters, let codePoints):
            "\(field) must be at most \(Self.limit(of: field)) characters and \(Self.limit(of: field) * TaskFields.codePointsPerCharacter) "
                + "Unicode code points (got \(characters) \(characters == 1 ? "character" : "characters") of \(codePoints) code points)"
        case .controlCharacter(let field, let value):
            Self.controlMessage(field: field, value: value)
        case .invalidDue(let text):
            "due must be a date YYYY-MM-DD (got \(Self.quoted(text)))"
        case .invalidState(let text):
            // A typo gets the nearest state (`DNE`: did you mean 'done'?), as every unknown name in the tool does.
            "state must be one of todo, doing, done (got \(Self.quoted(text))"
                + (UnknownName.suggestion(for: text, among: ["todo", "doing", "done"]).map { "; did you mean '\($0)'?" } ?? "") + ")"
        case .invalidID(let text):
            "id must be a positive whole number (got \(Self.quoted(text)))"
        case .noSuchTask(let id):
            "no task with id \(id)"
        case .alreadyInState(let id, let state):
            "task \(id) is already in \(state.displayName)"
        case .nothingChanged(let id):
            "nothing to change: task \(id) already has these values"
        case .revertedByRule(let id, let rule):
            "\(rule.map { "board rule '\(ControlCharacters.escaped($0, keepingLineBreaks: false))'" } ?? "the board rule") "
                + "reverted the change to task \(id) (it returned the task's current values): nothing written"
        case .nothingToUndo:
            "nothing to undo"
        case .nothingToRedo:
            "nothing to redo"
        case .undoConflict(let reason):
            "cannot undo or redo: \(reason)"
        case .refusedByRule(let message):
            // The rule's own text (it may quote a title): escaped, so it cannot drive the terminal.
            message.isEmpty ? "refused by a board rule" : ControlCharacters.escaped(Self.capped(message), keepingLineBreaks: false)
        case .ruleFailed(let reason):
            "board rule failed: " + ControlCharacters.escaped(Self.capped(reason), keepingLineBreaks: true)
        case .clockDrift(let remote, let local):
            "clock drift: a change stamped \(remote) is \((remote.wallMillis - local) / 1000) s ahead of this machine's clock"
        case .database(let message):
            message
        case .newerSchema(let path):
            "the board database at \(path) was written by a newer version of shopfloor"
        case .integrityViolated(let problems):
            "the board database is inconsistent: " + problems.joined(separator: "; ")
        case .config(let message):
            message
        case .sync(let message):
            // It may carry the server's own words.
            ControlCharacters.escaped(message, keepingLineBreaks: false)
        case .syncFailed(let reason, let advice):
            ControlCharacters.escaped(reason, keepingLineBreaks: false) + "; " + advice
        }
    }

    /// How the advice of a sync that failed after its push committed begins (`pushed 3 changes, pulled
    /// nothing: …`): such a sync is not "not synced".
    public static let pushedAdvicePrefix = "pushed "

    /// Whether this is a sync failure after the push committed (the pull did not happen).
    public var pushedBeforeFailing: Bool {
        if case .syncFailed(_, let advice) = self { return advice.hasPrefix(Self.pushedAdvicePrefix) }
        return false
    }

    /// What failed, for a sync failure, without the advice (a note or a status line adds its
    /// own); the whole description for any other error.
    public var syncReason: String {
        if case .syncFailed(let reason, _) = self { return ControlCharacters.escaped(reason, keepingLineBreaks: false) }
        return description
    }

    /// The most of a rule's own text (a refusal, an error it raised) an error message quotes, in UTF-8 bytes:
    /// a sentence and the place it names fit many times over; a rule returning a megabyte does not fill the
    /// terminal with it.
    public static let ruleTextLimit = 1000

    /// `text` cut after ``ruleTextLimit`` bytes, at a character boundary, saying how much was left out:
    /// `at most 3 tasks… (999000 more bytes)`.
    static func capped(_ text: String) -> String {
        let bytes = text.utf8.count
        guard bytes > ruleTextLimit else { return text }
        var kept = 0
        var end = text.startIndex
        for character in text {
            let size = character.utf8.count
            if kept + size > ruleTextLimit { break }
            kept += size
            end = text.index(after: end)
        }
        return String(text[..<end]) + "… (\(bytes - kept) more bytes)"
    }

    private static func limit(of field: String) -> Int {
        field == "title" ? TaskFields.maxTitleLength : TaskFields.maxBodyLength
    }

    private static func controlMessage(field: String, value: UInt32) -> String {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        let kind = ControlCharacters.isBidirectional(scalar) ? "bidirectional control characters" : "control characters"
        let allowed = field == "body" ? " other than line feed and tab" : ""
        return "\(field) must not contain \(kind)\(allowed) (got \(ControlCharacters.name(scalar)))"
    }

    /// Quotes a user value the way a message shows it: in double quotes, control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if ControlCharacters.isControl(scalar) || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    result += ControlCharacters.visible(scalar)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
