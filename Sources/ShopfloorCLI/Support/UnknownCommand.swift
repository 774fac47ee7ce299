import ArgumentParser
import ShopfloorText

/// A misspelt command (`shopfloor rnu x.lua`, `shopfloor board lsit`): ArgumentParser says only
/// "2 unexpected arguments: 'rnu', 'x.lua'". When a command line failed to parse because its first unexpected
/// argument stands where a command's subcommand goes, the error names it as an unknown command, with the
/// commands there and a did-you-mean, as every other unknown name in the tool is reported (``UnknownName``).
enum UnknownCommand {
    /// The message replacing ArgumentParser's, or nil to keep it. `message` is ArgumentParser's first line.
    static func message(arguments: [String], parseMessage message: String) -> String? {
        let culprit: String
        if message.hasPrefix("Error: Unexpected argument '") || message.contains(" unexpected arguments: '") {
            guard let open = message.firstIndex(of: "'") else { return nil }
            let rest = message[message.index(after: open)...]
            guard let close = rest.firstIndex(of: "'") else { return nil }
            culprit = String(rest[..<close])
        } else if let first = arguments.first, !first.hasPrefix("-"), first != "help",
                  subcommand(first, of: ShopfloorCommand.self) == nil {
            // An option the misspelt command would have taken (`shopfloor experimnt e.lua --jobs 1`) is what
            // ArgumentParser names first; the command is the mistake.
            culprit = first
        } else {
            return nil
        }
        // Walk the command line to the culprit, descending into each subcommand named on the way.
        var command: ParsableCommand.Type = ShopfloorCommand.self
        var path = ["shopfloor"]
        for word in arguments {
            if word == culprit { break }
            if let sub = subcommand(word, of: command) {
                command = sub
                path.append(word)
            }
        }
        let names = shownNames(of: command)
        guard !names.isEmpty, !culprit.hasPrefix("-"), arguments.contains(culprit) else { return nil }
        return "Error: " + UnknownName.message("command", culprit, among: names, label: path.joined(separator: " ") + " commands")
    }

    /// `shopfloor help rnu`, `shopfloor help board lsit`: ArgumentParser shows the help of the nearest command it
    /// finds and exits 0, so a script checking `help` of a misspelt command learns nothing. The message naming
    /// the first word that is no command at its level (nil when every word names one, or an option follows).
    static func helpTopicMessage(arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        var command: ParsableCommand.Type = ShopfloorCommand.self
        var path = ["shopfloor"]
        for word in arguments.dropFirst() {
            if word.hasPrefix("-") { return nil }
            if let sub = subcommand(word, of: command) {
                command = sub
                path.append(word)
                continue
            }
            let names = shownNames(of: command)
            let at = path.joined(separator: " ")
            if names.isEmpty { return "Error: '\(at)' has no subcommands ('\(word)' is not one): 'shopfloor help \(path.dropFirst().joined(separator: " "))' shows its help" }
            return "Error: " + UnknownName.message("command", word, among: names, label: at + " commands")
        }
        return nil
    }

    /// The subcommand of `command` called `word`, if any.
    private static func subcommand(_ word: String, of command: ParsableCommand.Type) -> ParsableCommand.Type? {
        command.configuration.subcommands.first { $0.configuration.commandName == word }
    }

    /// The names of `command`'s subcommands that its help shows, in its order.
    private static func shownNames(of command: ParsableCommand.Type) -> [String] {
        var names: [String] = []
        for sub in command.configuration.subcommands where sub.configuration.shouldDisplay {
            if let name = sub.configuration.commandName { names.append(name) }
        }
        return names
    }
}
