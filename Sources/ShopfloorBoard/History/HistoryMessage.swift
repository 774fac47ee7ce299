/// The seed's history sentences, built from the fields before and after a change.
///
/// Formats (titles in single quotes, states upper-case):
/// - `Added 'X'.`
/// - `Moved 'X' from TODO to DOING.`
/// - `Removed 'X' from DONE.`
/// - `Edited 'X': title 'X' → 'Y', body 'old' → 'new', due 2026-12-01 → none.`
///   (only what changed, in that order; long bodies shortened with `…`)
/// - `Undid: <the undone entry's sentence>` and `Redid: <the redone entry's sentence>`
enum HistoryMessage {
    /// Bodies longer than this are shortened in edit sentences, which must stay one line.
    static let bodyPreviewLength = 40

    static func added(_ fields: TaskFields) -> String {
        "Added '\(fields.title)'."
    }

    static func removed(_ fields: TaskFields) -> String {
        "Removed '\(fields.title)' from \(fields.state.displayName)."
    }

    static func moved(_ before: TaskFields, to state: TaskState) -> String {
        "Moved '\(before.title)' from \(before.state.displayName) to \(state.displayName)."
    }

    /// An edit sentence listing each changed field; a state change (possible only when a board
    /// rule adjusts an edit) is listed too.
    static func edited(_ before: TaskFields, _ after: TaskFields) -> String {
        var changes: [String] = []
        if before.title != after.title { changes.append("title '\(before.title)' → '\(after.title)'") }
        if before.body != after.body {
            changes.append("body \(preview(before.body)) → \(preview(after.body))")
        }
        if before.due != after.due {
            changes.append("due \(before.due?.description ?? "none") → \(after.due?.description ?? "none")")
        }
        if before.state != after.state {
            changes.append("state \(before.state.displayName) → \(after.state.displayName)")
        }
        return "Edited '\(before.title)': \(changes.joined(separator: ", "))."
    }

    static func undid(_ message: String) -> String { "Undid: \(message)" }
    static func redid(_ message: String) -> String { "Redid: \(message)" }

    /// A body on one line, quoted, shortened; an empty body reads `none`.
    static func preview(_ body: String) -> String {
        if body.isEmpty { return "none" }
        let flat = body.split(whereSeparator: \.isNewline).joined(separator: " ")
        if flat.count <= bodyPreviewLength { return "'\(flat)'" }
        return "'\(flat.prefix(bodyPreviewLength - 1))…'"
    }
}
