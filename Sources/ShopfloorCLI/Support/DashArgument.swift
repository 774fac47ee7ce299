/// A title, file or code that starts with `-` (`board add "-fix the bug"`): ArgumentParser reads such a word as a
/// cluster of short options, and a cluster holding an `h` is `-h`, so the command printed its help and exited 0
/// with nothing done — a script saw success. shopfloor has no short option but `-h`, so a word of more than two
/// characters that starts with one `-` is never an option: when the command line does not parse (or parses as
/// that help), it is refused, saying how to give it. A command line that parses is never looked at.
/// Numbers (`-12`, `-1.5`) are left to the parser and to ``BoardNegativeID``, which name them better. Words
/// after `--` are values already.
enum DashArgument {
    /// The commands whose words are files (`run -- FILE` would pass FILE to the script instead).
    static let fileCommands: Set<String> = ["run", "check", "repl", "experiment", "merge"]

    /// The error for the first such word in `arguments` (the command line after `shopfloor`), or nil.
    static func message(arguments: [String]) -> String? {
        for (index, word) in arguments.enumerated() {
            if word == "--" { return nil }
            guard word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 2, Double(word) == nil else { continue }
            let quoted = singleQuoted(word)
            let letters = word.dropFirst().prefix(3).map { "-\($0)" }.joined(separator: ", ")
            var message = "\(quoted) starts with '-', so it would be read as options (\(letters), …): "
            let previous = index > 0 ? arguments[index - 1] : ""
            let rest = arguments.enumerated().filter { $0.offset != index }.map(\.element)
            // `-help`, `-seed`: most likely a long option with one dash too few.
            let name = word.dropFirst()
            if name.allSatisfy({ $0.isLetter || $0 == "-" }) {
                return message + "did you mean '--\(name)'? (a title or code that starts with '-' goes after '--', a file by its path: ./\(name.hasPrefix("-") ? "" : "-")\(name))"
            }
            if previous.hasPrefix("--"), !previous.contains("=") {
                message += "write \(previous)=\(quoted) if it is the value of \(previous), or put it after '--'"
            } else if let command = arguments.first, fileCommands.contains(command), index > 0 {
                // `run -- FILE` would make FILE a script argument: a file is named by a path that does not start with '-'.
                let words = ["shopfloor"] + arguments.enumerated().map { $0.offset == index ? shellWord("./" + word) : shellWord($0.element) }
                message += "name a file that starts with '-' by its path (\(words.joined(separator: " ")))"
            } else {
                let words = ["shopfloor"] + rest.map(shellWord) + ["--", quoted]
                message += "a title or code that starts with '-' goes after '--' (\(words.joined(separator: " ")))"
            }
            return message
        }
        return nil
    }

    /// `word` as a shell reads it back: quoted when it holds anything but plain characters.
    private static func shellWord(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./=:,+@%".unicodeScalars.contains($0)
        }
        return plain ? word : singleQuoted(word)
    }

    /// `word` in single quotes, as a shell reads it back (`'it'\''s'`).
    private static func singleQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
