import Foundation

/// One line of `board.toml`, read by the TOML subset the board understands: `key = value` with a
/// string (`"basic"` with TOML's escapes, `'literal'`, and either tripled when it opens and closes
/// on the line), an integer or float as TOML writes them (`1_000`, `-0.5`, `1e3`), or `true` /
/// `false`; a `[table]` header; a `#` comment; a blank line.
///
/// Anything else — an array, an inline table, a date, a dotted key, a multi-line string, text
/// after the value — is refused with a reason, which ``BoardConfig/load(path:)`` prefixes with
/// `board.toml:LINE:`. It used to be read as some other value without a word (`'''x'''` gave `'x'`).
enum ConfigLine: Equatable {
    case blank
    case table(String)
    case pair(key: String, value: String)

    /// The reason a line is refused (without `file:line`).
    struct Refusal: Error, Equatable {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    static func parse(_ line: String) throws -> ConfigLine {
        var rest = Substring(line)
        skipBlanks(&rest)
        if rest.isEmpty || rest.first == "#" { return .blank }
        if rest.first == "[" {
            rest.removeFirst()
            if rest.first == "[" { throw Refusal("arrays of tables ([[…]]) are not supported") }
            guard let close = rest.firstIndex(of: "]") else { throw Refusal("expected [table]") }
            let name = rest[..<close].trimmingCharacters(in: [" ", "\t"])
            rest = rest[rest.index(after: close)...]
            try expectEnd(&rest)
            return .table(name)
        }
        let key = try parseKey(&rest)
        skipBlanks(&rest)
        guard rest.first == "=" else {
            throw Refusal(rest.first == "." ? "dotted keys are not supported ('\(key).…')" : "expected key = value")
        }
        rest.removeFirst()
        skipBlanks(&rest)
        let value = try parseValue(&rest)
        try expectEnd(&rest)
        return .pair(key: key, value: value)
    }

    private static func parseKey(_ rest: inout Substring) throws -> String {
        if let quote = rest.first, quote == "\"" || quote == "'" {
            return try parseString(&rest)
        }
        let key = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
        guard !key.isEmpty else { throw Refusal("expected key = value") }
        rest = rest.dropFirst(key.count)
        return String(key)
    }

    private static func parseValue(_ rest: inout Substring) throws -> String {
        guard let first = rest.first else { throw Refusal("a value is missing after =") }
        switch first {
        case "\"", "'":
            return try parseString(&rest)
        case "[":
            throw Refusal("arrays are not supported (write one value)")
        case "{":
            throw Refusal("inline tables are not supported")
        default:
            let word = rest.prefix { $0 != " " && $0 != "\t" && $0 != "#" }
            rest = rest.dropFirst(word.count)
            if word == "true" || word == "false" { return String(word) }
            if let number = number(String(word)) { return number }
            throw Refusal("expected a quoted string, a number or true/false (got \(BoardError.quoted(String(word))))")
        }
    }

    /// A TOML integer or float in decimal, its underscores removed (`1_000` → `1000`), or nil.
    static func number(_ text: String) -> String? {
        var bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
        // An underscore must sit between two digits.
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "_") {
            guard index > 0, index + 1 < bytes.count, isDigit(bytes[index - 1]), isDigit(bytes[index + 1]) else { return nil }
        }
        let plain = String(text.filter { $0 != "_" })
        var digits = Array(plain.utf8)
        if digits.first == UInt8(ascii: "+") || digits.first == UInt8(ascii: "-") { digits.removeFirst() }
        // int: 0 | [1-9][0-9]*; float: int ('.' [0-9]+)? ([eE] [+-]? [0-9]+)?, one of the two parts present.
        var index = 0
        func run() -> Int {
            let start = index
            while index < digits.count, isDigit(digits[index]) { index += 1 }
            return index - start
        }
        let whole = run()
        guard whole > 0, whole == 1 || digits[0] != UInt8(ascii: "0") else { return nil }
        if index < digits.count, digits[index] == UInt8(ascii: ".") {
            index += 1
            guard run() > 0 else { return nil }
        }
        if index < digits.count, digits[index] == UInt8(ascii: "e") || digits[index] == UInt8(ascii: "E") {
            index += 1
            if index < digits.count, digits[index] == UInt8(ascii: "+") || digits[index] == UInt8(ascii: "-") { index += 1 }
            guard run() > 0 else { return nil }
        }
        return index == digits.count ? plain : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A string starting at `rest`: basic or literal, single or tripled on one line.
    private static func parseString(_ rest: inout Substring) throws -> String {
        let quote = rest.first!
        let tripled = rest.hasPrefix(String(repeating: quote, count: 3))
        let delimiter = String(repeating: quote, count: tripled ? 3 : 1)
        rest = rest.dropFirst(delimiter.count)
        var out = ""
        while true {
            guard let character = rest.first else {
                throw Refusal(tripled ? "multi-line strings are not supported (close \(delimiter) on the same line)"
                                      : "unterminated string")
            }
            if rest.hasPrefix(delimiter) {
                rest = rest.dropFirst(delimiter.count)
                // TOML lets a tripled string end with up to two more quotes, which belong to it.
                var extra = 0
                while tripled, extra < 2, rest.first == quote { out.append(quote); rest.removeFirst(); extra += 1 }
                return out
            }
            rest.removeFirst()
            if quote == "\"" && character == "\\" {
                out.unicodeScalars.append(try escape(&rest))
            } else {
                out.append(character)
            }
        }
    }

    /// The character after a backslash in a basic string: TOML's escapes, nothing else.
    private static func escape(_ rest: inout Substring) throws -> Unicode.Scalar {
        guard let code = rest.popFirst() else { throw Refusal("unterminated string") }
        switch code {
        case "\"": return "\""
        case "\\": return "\\"
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "e": return "\u{1B}"
        case "u", "U":
            let count = code == "u" ? 4 : 8
            let hex = rest.prefix(count)
            guard hex.count == count, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw Refusal("invalid escape \\\(code)\(hex) (expected \(count) hex digits naming a character)")
            }
            rest = rest.dropFirst(count)
            return scalar
        default:
            throw Refusal("invalid escape \\\(code) in a string (known: \\\" \\\\ \\n \\t \\r \\b \\f \\e \\uXXXX \\UXXXXXXXX)")
        }
    }

    private static func skipBlanks(_ rest: inout Substring) {
        while let first = rest.first, first == " " || first == "\t" { rest.removeFirst() }
    }

    /// Only blanks and a comment may follow a value or a header.
    private static func expectEnd(_ rest: inout Substring) throws {
        skipBlanks(&rest)
        guard rest.isEmpty || rest.first == "#" else {
            throw Refusal("unexpected text after the value: \(BoardError.quoted(String(rest.prefix(40))))")
        }
    }
}
