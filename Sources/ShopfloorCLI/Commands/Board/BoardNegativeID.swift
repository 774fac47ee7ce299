import ShopfloorBoard

/// `board move -1 doing`, `board show -1`, `board rm -1`: ArgumentParser reads `-1` as an option, so the
/// command line failed to parse with `Missing expected argument '<id>'` (or `'<todo|doing|done>'` for move),
/// which hides what was wrong. When a command line that did not parse holds a negative number where such a
/// command takes its id (or move its column), the error is the one `board show x7` gets:
/// `id must be a positive whole number (got "-1")`, exit 1. A command line that parses is never looked at.
enum BoardNegativeID {
    /// The board commands whose first positional argument is a task id.
    static let commands: Set<String> = ["show", "edit", "move", "rm", "remove"]
    /// Options that take the next word as their value (that word is not a positional argument), read from
    /// the board commands' definitions (``ValueOptions``): a hand-kept list had missed `add --state`.
    static func valueOptions(arguments: [String]) -> Set<String> { ValueOptions.of(arguments: arguments) }

    /// The error for `arguments` (the command line after `shopfloor`), or nil when no negative number stands
    /// in an id's (or move's column's) place.
    static func message(arguments: [String]) -> String? {
        let valueOptions = valueOptions(arguments: arguments)
        guard var index = subcommandIndex(in: arguments, valueOptions: valueOptions),
              commands.contains(arguments[index]) else { return nil }
        let command = arguments[index]
        var positional = 0
        index += 1
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { return nil }
            if valueOptions.contains(word) {
                index += 2
                continue
            }
            if isNegativeNumber(word) {
                if positional == 0 { return BoardError.invalidID(word).description }
                if positional == 1 && command == "move" { return BoardError.invalidState(word).description }
                return nil
            }
            if !word.hasPrefix("-") { positional += 1 }
            index += 1
        }
        return nil
    }

    /// Whether the word at `index` of `arguments` stands where `board add` takes its title (`board add -5`):
    /// ArgumentParser reads a number there as an option and says only that the title is missing.
    static func isAddTitle(at index: Int, in arguments: [String]) -> Bool {
        let valueOptions = valueOptions(arguments: arguments)
        guard var i = subcommandIndex(in: arguments, valueOptions: valueOptions), arguments[i] == "add" else { return false }
        i += 1
        while i < arguments.count, i <= index {
            let word = arguments[i]
            if word == "--" { return false }
            if i == index { return true }
            if valueOptions.contains(word) { i += 2; continue }
            if !word.hasPrefix("-") { return false }  // the title came before
            i += 1
        }
        return false
    }

    /// Where the board's subcommand stands in `arguments` (`board --db x.sqlite show -1`: the board's own options
    /// come before it), or nil when the line is no board command or names none.
    private static func subcommandIndex(in arguments: [String], valueOptions: Set<String>) -> Int? {
        guard arguments.first == "board" else { return nil }
        var index = 1
        while index < arguments.count, arguments[index].hasPrefix("-") {
            index += valueOptions.contains(arguments[index]) ? 2 : 1
        }
        return index < arguments.count ? index : nil
    }

    /// `-1`, `-0`, `-12`: a dash and digits only.
    static func isNegativeNumber(_ word: String) -> Bool {
        let digits = word.utf8.dropFirst()
        return word.hasPrefix("-") && !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
