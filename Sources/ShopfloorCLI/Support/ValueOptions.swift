import ArgumentParser
import Foundation

/// The options that take the next word as their value (`--db FILE`, `--shard K/N`), read from the commands'
/// own ArgumentParser definitions (the JSON `--experimental-dump-help` prints), not from a list kept by hand:
/// an option added to a command is known here at once. Only error paths ask (``DashArgument``,
/// ``BoardNegativeID``), after a command line failed to parse.
enum ValueOptions {
    /// The value-taking options (`--db`, `-o`) of the command the leading words of `arguments` name (the
    /// command line after `shopfloor`) and of the commands above it (`board --db x.sqlite show -1`).
    static func of(arguments: [String]) -> Set<String> { options(arguments: arguments, kinds: ["option"]) }

    /// Every option (`--live`, `--db`) and flag of the commands `arguments` names, as ``of(arguments:)``.
    static func all(arguments: [String]) -> Set<String> { options(arguments: arguments, kinds: ["option", "flag"]) }

    private static func options(arguments: [String], kinds: Set<String>) -> Set<String> {
        var command: ParsableCommand.Type = ShopfloorCommand.self
        var names = of(command: command, kinds: kinds)
        for word in arguments {
            if word == "--" { break }
            guard let sub = subcommand(word, of: command) else { continue }
            command = sub
            names.formUnion(of(command: sub, kinds: kinds))
        }
        return names
    }

    /// The options of `command` itself (its option groups included) of the dump's `kinds`, spelt as typed.
    static func of(command: ParsableCommand.Type, kinds: Set<String> = ["option"]) -> Set<String> {
        guard let data = command._dumpHelp().data(using: .utf8),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let info = root["command"] as? [String: Any],
              let arguments = info["arguments"] as? [[String: Any]] else { return [] }
        var names: Set<String> = []
        for argument in arguments where kinds.contains(argument["kind"] as? String ?? "") {
            for name in argument["names"] as? [[String: Any]] ?? [] {
                guard let kind = name["kind"] as? String, let text = name["name"] as? String else { continue }
                names.insert(kind == "long" ? "--" + text : "-" + text)
            }
        }
        return names
    }

    /// The subcommand of `command` called `word` (by name or alias), if any.
    static func subcommand(_ word: String, of command: ParsableCommand.Type) -> ParsableCommand.Type? {
        command.configuration.subcommands.first {
            $0.configuration.commandName == word || $0.configuration.aliases.contains(word)
        }
    }
}
