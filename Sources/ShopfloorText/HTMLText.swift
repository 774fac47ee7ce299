/// The one HTML escaper Shopfloor owns, for text and attribute values it writes by hand (the report's
/// SVG charts; the rest of the report is built with Plot, which escapes its own text).
///
/// `&`, `<`, `>`, `"` and `'` become `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`, so the result is
/// safe both between tags and inside a quoted attribute of either kind.
///
/// ```swift
/// HTMLText.escaped("Tom's <b>")   // "Tom&#39;s &lt;b&gt;"
/// ```
public enum HTMLText {
    /// `text` with the five HTML-significant characters written as references.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { isSpecial($0) }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }
}
