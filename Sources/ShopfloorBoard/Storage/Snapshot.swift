import Foundation

/// Encodes and decodes the `before`/`after` task fields that history entries store as JSON text.
///
/// JSON keeps the history table readable with the `sqlite3` shell and lets a later schema add
/// fields without rewriting old entries. Keys are sorted so equal fields give equal text.
enum Snapshot {
    static func encode(_ fields: TaskFields?) throws -> String? {
        guard let fields else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(fields), as: UTF8.self)
    }

    static func decode(_ text: String?, entry sequence: Int64) throws -> TaskFields? {
        guard let text else { return nil }
        do {
            return try JSONDecoder().decode(TaskFields.self, from: Data(text.utf8))
        } catch {
            throw BoardError.database("history entry \(sequence) has unreadable task fields")
        }
    }
}
