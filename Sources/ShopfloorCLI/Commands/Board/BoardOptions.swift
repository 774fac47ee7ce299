import ArgumentParser
import Foundation
import ShopfloorBoard

/// `--db PATH`, accepted before the subcommand (`board --db x.sqlite list`) or after it
/// (`board list --db x.sqlite`): both `board` and each subcommand include this group, and a
/// subcommand falls back to its parent's value.
struct BoardStorageOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: ArgumentHelp(
        "The board database (default: $SHOPFLOOR_BOARD_DB, else the user data folder).", valueName: "path"), completion: .file(extensions: ["sqlite", "db"]))
    var db: String?
}

/// Choosing and configuring the board rule, for the commands that change tasks.
struct BoardRuleOptions: ParsableArguments {
    @Option(name: .customLong("use"), help: ArgumentHelp(
        "Choose a plugin: board_rule=NAME (none: no rule), overriding the board's config.", valueName: "kind=name"), completion: .custom(CompletionCandidates.uses))
    var use: [String] = []

    @Option(name: .customLong("set"), help: ArgumentHelp("Set a rule parameter (repeatable).", valueName: "name=value"), completion: .custom(CompletionCandidates.settings))
    var set: [String] = []

    @Option(name: .customLong("rules"), help: ArgumentHelp(
        "The board rules file (default: the config's 'rules', else scripts/board_rules.lua, else ~/.config/shopfloor/board_rules.lua).",
        valueName: "file"), completion: .file(extensions: ["lua"]))
    var rulesFile: String?

    @Option(name: .customLong("plugins"), help: ArgumentHelp("An extra folder of plugins (repeatable).", valueName: "dir"), completion: .directory)
    var pluginFolders: [String] = []
}

/// A subcommand of `board`: it reaches the parent's `--db`.
protocol BoardSubcommand: ShopfloorSubcommand {
    var storage: BoardStorageOptions { get }
    var parent: BoardCommand { get }
}

extension BoardSubcommand {
    /// The database path: this subcommand's `--db`, else the parent's, else the environment or default.
    func databasePath() throws -> String {
        try BoardLocation.resolve(option: storage.db ?? parent.storage.db,
                                  environment: ProcessInfo.processInfo.environment)
    }

    /// The rendering for standard output.
    var rendering: BoardRendering { BoardRendering(terminal: .current()) }
}
