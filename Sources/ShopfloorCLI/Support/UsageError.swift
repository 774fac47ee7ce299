import ArgumentParser

/// A command line refused after it parsed, in ArgumentParser's words for one refused while parsing: the
/// message, the usage of the command that was run (not the top level's), and where its help is.
enum UsageError {
    /// `Error: <message>`, `Usage: shopfloor <command> …` and `See 'shopfloor <command> --help' …`.
    static func message(_ message: String, command: ParsableCommand.Type) -> String {
        let path = (["shopfloor"] + (commandPath(to: command, under: ShopfloorCommand.self) ?? [])).joined(separator: " ")
        return "Error: \(message)\nUsage: \(ShopfloorCommand.usageString(for: command))\n  See '\(path) --help' for more information."
    }

    /// The subcommand names from `root` down to `command`, or nil when it is not in `root`'s tree.
    private static func commandPath(to command: ParsableCommand.Type, under root: ParsableCommand.Type) -> [String]? {
        if command == root { return [] }
        for sub in root.configuration.subcommands {
            if let rest = commandPath(to: command, under: sub), let name = sub.configuration.commandName { return [name] + rest }
        }
        return nil
    }
}
