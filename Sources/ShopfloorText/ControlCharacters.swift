/// The characters a task's text may not hold, because a terminal acts on them instead of showing
/// them: C0 controls (U+0000–U+001F, e.g. ESC starting `ESC ] 0 ; … BEL` or `ESC [2J`), DEL,
/// C1 controls (U+0080–U+009F, e.g. the one-byte CSI U+009B) and the bidirectional overrides and
/// isolates (U+202A–U+202E, U+2066–U+2069) that reorder what follows them on screen.
///
/// A board task's input is refused when it holds one (`TaskFields.validated()`: titles none at all,
/// bodies everything but line feed and tab), and everything read back from a database is passed
/// through ``escaped(_:keepingLineBreaks:)`` before it reaches a terminal, because a database can be
/// written by an older version, by another replica or by hand. Every `error:` the command line
/// prints goes through it too: messages quote what the user wrote (a `--set` name, a Lua error's
/// text, a file name), and quoting must not let that text clear the screen or retitle the window.
///
/// ```swift
/// ControlCharacters.first(in: "a\u{1B}[2J", allowingLineBreaks: false)   // U+001B
/// ControlCharacters.escaped("a\u{1B}[2J", keepingLineBreaks: false)     // "a\\u{1B}[2J"
/// ```
public enum ControlCharacters {
    /// Whether `scalar` is one a terminal would act on (see the type's documentation).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `scalar` is a bidirectional override or isolate (for the message's wording).
    public static func isBidirectional(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// The first control character in `text`; line feeds and tabs are allowed when
    /// `allowingLineBreaks` (bodies), nothing otherwise (titles).
    public static func first(in text: String, allowingLineBreaks: Bool) -> Unicode.Scalar? {
        if isPlainASCII(text) { return nil }
        for scalar in text.unicodeScalars where isControl(scalar) {
            if allowingLineBreaks && (scalar == "\n" || scalar == "\t") { continue }
            return scalar
        }
        return nil
    }

    /// `text` with every control character written as a visible escape, `\u{1B}`, so a terminal
    /// shows it instead of obeying it. With `keepingLineBreaks`, line feeds and tabs stay as they
    /// are (a body shown on several lines); otherwise they are escaped too, and so are the line
    /// and paragraph separators U+2028/U+2029 (a title stays on its line).
    public static func escaped(_ text: String, keepingLineBreaks: Bool) -> String {
        if isPlainASCII(text) { return text }
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let lineBreak = scalar == "\n" || scalar == "\t"
            let separator = scalar.value == 0x2028 || scalar.value == 0x2029
            if (isControl(scalar) && !(keepingLineBreaks && lineBreak)) || (separator && !keepingLineBreaks) {
                out += visible(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `\u{1B}`: one character as the visible escape a terminal shows instead of obeying (uppercase
    /// hex, Swift's spelling), for every place that writes stored or user text to a terminal.
    public static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `U+001B`: how messages name a character.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Printable ASCII only (the common case, checked byte by byte without decoding).
    private static func isPlainASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    }
}
