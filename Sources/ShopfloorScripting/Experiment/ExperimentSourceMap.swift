/// Which line of an experiment file wrote a key or a value, for `file:line` in messages.
///
/// The whole design is one Lua call (`shopfloor.experiment { … }`), so Lua can name only the line of the
/// call. A misspelt key eight lines further down deserves its own line: this map finds it in the source
/// text — the first `key =` (or quoted value) at or after the line where its parent was found, outside
/// comments — and falls back to the parent's line, then the call's line. It reads the text only.
struct ExperimentSourceMap {
    /// The file's lines, comments blanked (`--` to the end of the line, outside strings).
    private let lines: [String]
    /// The line of the `shopfloor.experiment` call.
    let callLine: Int

    init(source: String, callLine: Int) {
        self.callLine = callLine
        lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { Self.withoutComment(String($0)) }
    }

    /// The line of the key path (`["params", "deposit_tellers"]`), and of `value` under it when given
    /// (a quoted plugin name in a list, say).
    func line(of path: [String], value: String? = nil) -> Int {
        var line = callLine
        for key in path {
            guard let found = find(from: line, { Self.hasKey(key, in: $0) }) else { return line }
            line = found
        }
        if let value, let found = find(from: line, { $0.contains("\"\(value)\"") || $0.contains("'\(value)'") }) {
            return found
        }
        return line
    }

    private func find(from line: Int, _ matches: (String) -> Bool) -> Int? {
        guard line >= 1 else { return nil }
        var i = line - 1
        while i < lines.count {
            if matches(lines[i]) { return i + 1 }
            i += 1
        }
        return nil
    }

    /// `key =` (not `==`) with `key` a whole identifier, or `["key"] =`.
    static func hasKey(_ key: String, in line: String) -> Bool {
        let chars = Array(line.utf8), word = Array(key.utf8)
        guard !word.isEmpty, chars.count >= word.count else { return false }
        func isIdentifier(_ c: UInt8) -> Bool { c == 95 || (c >= 48 && c <= 57) || (c | 0x20 >= 97 && c | 0x20 <= 122) }
        var i = 0
        while i + word.count <= chars.count {
            if Array(chars[i ..< i + word.count]) == word, i == 0 || !isIdentifier(chars[i - 1]) {
                var j = i + word.count
                if j < chars.count, isIdentifier(chars[j]) { i += 1; continue }
                if j < chars.count, chars[j] == 34 || chars[j] == 39 { j += 1 }  // ["key"]
                if j < chars.count, chars[j] == 93 { j += 1 }
                while j < chars.count, chars[j] == 32 || chars[j] == 9 { j += 1 }
                if j < chars.count, chars[j] == 61, j + 1 >= chars.count || chars[j + 1] != 61 { return true }
            }
            i += 1
        }
        return false
    }

    /// The line with a `--` comment removed (quotes are tracked so `"a--b"` stays).
    static func withoutComment(_ line: String) -> String {
        var quote: UInt8?
        let bytes = Array(line.utf8)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if let q = quote {
                if c == 92 { i += 2; continue }
                if c == q { quote = nil }
            } else if c == 34 || c == 39 {
                quote = c
            } else if c == 45, i + 1 < bytes.count, bytes[i + 1] == 45 {
                return String(decoding: bytes[..<i], as: UTF8.self)
            }
            i += 1
        }
        return line
    }
}
