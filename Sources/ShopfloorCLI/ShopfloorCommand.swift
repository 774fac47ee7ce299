import ArgumentParser
import LuaKit

/// The `shopfloor` command: run scenarios, evaluate Lua, explore in a REPL.
public struct ShopfloorCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "shopfloor",
        abstract: "Script and simulate service counters and workflows in Lua.",
        discussion: """
            Scenarios are Lua files: the native core keeps the clock, the queues and the stock; \
            the scripts decide who arrives, who serves whom, recipes and rules.
            Exit codes: 0 success, 1 an error once the command line parsed, 3 `merge --need` while cells are missing, \
            64 a command line that does not parse.
            """,
        version: ShopfloorVersion.description,
        subcommands: [RunCommand.self, ReplCommand.self, CheckCommand.self, PluginsCommand.self, EvalCommand.self, BoardCommand.self,
                      ExperimentCommand.self, MergeCommand.self, ExperimentWorkerCommand.self]
    )

    public init() {}
}

/// The version printed by `--version` and recorded in reports.
public enum ShopfloorVersion {
    public static let number = "0.1.0"
    public static var description: String { "shopfloor \(number) (\(LuaState.luaVersion))" }
}
