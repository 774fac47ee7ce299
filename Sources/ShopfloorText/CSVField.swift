/// The one CSV field writer (RFC 4180 §2), used by the CSV trace (`--trace file.csv`).
///
/// A field holding a comma, a double quote, CR or LF is put in double quotes with each double quote
/// doubled; any other field is written as it is (so `deposit` stays `deposit`).
///
/// ```swift
/// CSVField.escaped("a,b")        // "\"a,b\""
/// CSVField.escaped("say \"hi\"") // "\"say \"\"hi\"\"\""
/// ```
public enum CSVField {
    /// `text` as one CSV field.
    public static func escaped(_ text: String) -> String {
        let needsQuotes = text.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
        }
        guard needsQuotes else { return text }
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" { out += "\"\"" } else { out.unicodeScalars.append(scalar) }
        }
        return out + "\""
    }
}
