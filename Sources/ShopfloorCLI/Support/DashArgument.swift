/// A title, file or code that starts with `-` (`board add "-fix the bug"`): ArgumentParser reads such a word as a
/// cluster of short options, and a cluster holding an `h` is `-h`, so the command printed its help and exited 0
/// with nothing done — a script saw success. shopfloor has no short option but `-h`, so a word of more than two
/// characters that starts with one `-` is never an option: when the command line does not parse (or parses as
/// that help), it is refused, saying how to give it. A command line that parses is never looked at.
/// An option's value (`--title -fix`, `--shard -1/2`, `--seed -12`) is given with `=` (after `--` it would be a
/// positional argument); which options take a value is read from the commands (``ValueOptions``). Other numbers
/// are left to the parser and to ``BoardNegativeID`` (a task id), except `board add -5` (a title). Words after
/// `--` are values already.
enum DashArgument {
    /// The commands whose words are files (`run -- FILE` would pass FILE to the script instead).
    static let fileCommands: Set<String> = ["run", "check", "repl", "experiment", "merge"]

    /// The error for the first such word in `arguments` (the command line after `shopfloor`), or nil.
    /// `parseMessage` is ArgumentParser's first line: a number after an option that takes a value is named only
    /// when the parser said the value was missing (an option that takes `-1` as its value, `history --limit -1`,
    /// failed for the value itself, which its own message names).
    static func message(arguments: [String], parseMessage: String = "") -> String? {
        // Read from the commands' definitions, once, and only here on the error path (ValueOptions).
        var valueOptions: Set<String>?
        func takesValue(_ option: String) -> Bool {
            if valueOptions == nil { valueOptions = ValueOptions.of(arguments: arguments) }
            return valueOptions!.contains(option)
        }
        for (index, word) in arguments.enumerated() {
            if word == "--" { return nil }
            guard word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 1 else { continue }
            let quoted = singleQuoted(word)
            let previous = index > 0 ? arguments[index - 1] : ""
            let rest = arguments.enumerated().filter { $0.offset != index }.map(\.element)
            // An option's value: after '--' it would be a positional argument, not the value; only '=' gives it.
            let asValue = "write \(previous)=\(shellWord(word)) (a value that starts with '-' is given with '=')"
            if Double(word) != nil {
                // `--seed -12`, `board add -5`; a board id (`board show -1`) is BoardNegativeID's.
                let opening = "\(quoted) starts with '-', so it would be read as an option: "
                if takesValue(previous) {
                    guard parseMessage.contains("Missing value for '\(previous)") else { continue }
                    return opening + asValue
                }
                if BoardNegativeID.isAddTitle(at: index, in: arguments) {
                    let words = ["shopfloor"] + rest.map(shellWord) + ["--", shellWord(word)]
                    return opening + "a title that starts with '-' goes after '--' (\(words.joined(separator: " ")))"
                }
                continue
            }
            guard word.count > 2 else { continue }
            let letters = word.dropFirst().prefix(3).map { "-\($0)" }.joined(separator: ", ")
            var message = "\(quoted) starts with '-', so it would be read as options (\(letters), …): "
            if takesValue(previous) { return message + asValue }
            // `-help`, `-seed`: most likely a long option with one dash too few.
            let name = word.dropFirst()
            if name.allSatisfy({ $0.isLetter || $0 == "-" }) {
                return message + "did you mean '--\(name)'? (a title or code that starts with '-' goes after '--', a file by its path: ./\(name.hasPrefix("-") ? "" : "-")\(name))"
            }
            if previous.hasPrefix("--"), !previous.contains("="), !ValueOptions.all(arguments: arguments).contains(previous) {
                // An option no command here knows (a misspelling): it may have meant either.
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
