/// The one JSON string escaper (RFC 8259 §7), used by every JSON Shopfloor writes: `--format json`
/// and the report (`JSONValue`), the JSON Lines trace, and the board's `--json` (`JSONBuffer`).
///
/// `"` and `\` are escaped, the C0 controls U+0000–U+001F written as `\n`, `\r`, `\t`, `\b`, `\f` or
/// `\u00XX` (lowercase hex); everything else (DEL, U+2028, non-ASCII) is copied as UTF-8. This is
/// what Foundation's `JSONEncoder` writes, so the board's hand-written JSON equals its output.
///
/// ```swift
/// JSONString.quoted("a\"b\u{1B}")   // "\"a\\\"b\\u001b\""
/// ```
public enum JSONString {
    /// Appends `text` as a quoted JSON string to `bytes`.
    /// - Complexity: O(n); text needing no escape is copied in one go (per-byte appends made this
    ///   the slowest part of encoding a 10,000-task board). Inlinable so the board's encoder calls
    ///   it as cheaply as when it had its own copy.
    @inlinable
    public static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            for byte in utf8 where needsEscape(byte) { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied != true {
            for byte in text.utf8 { appendEscaped(byte, to: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text` as a quoted JSON string to `out`.
    public static func append(_ text: String, to out: inout String) {
        if !text.utf8.contains(where: needsEscape) {
            out += "\""
            out += text
            out += "\""
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 2)
        append(text, to: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// `text` as a quoted JSON string.
    public static func quoted(_ text: String) -> String {
        var out = ""
        append(text, to: &out)
        return out
    }

    @inlinable @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    @usableFromInline
    static func appendEscaped(_ byte: UInt8, to bytes: inout [UInt8]) {
        func append(_ s: StaticString) { s.withUTF8Buffer { bytes.append(contentsOf: $0) } }
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case 0..<0x20:
            append("\\u00")
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0xF)])
        default:
            bytes.append(byte)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
