import ArgumentParser
import LuaKit
import ShopfloorScripting

/// The limits every cell runs under: `run`'s flags of the same names, without `--seed` (an experiment's
/// seeds come from its file: ``CellSeed``). None is part of the experiment hash: a limit never changes a
/// cell's result, only whether the cell ends with one or fails.
struct ExperimentLimitFlags: ParsableArguments {
    @Option(name: .customLong("time-budget"), help: ArgumentHelp("Wall-clock seconds each entry into Lua may run, per cell (0.01 to 86400).", valueName: "seconds"))
    var timeBudget: Double = 10

    @Option(name: .customLong("memory-limit"), help: ArgumentHelp("Megabytes each cell's Lua state may hold (1 to 1048576).", valueName: "MB"))
    var memoryLimit: Int = 1024

    @Flag(name: .customLong("allow-io"), help: "Grant the scenario the real io and os libraries (files, processes).")
    var allowIO = false

    @Option(name: .customLong("plugins"), help: ArgumentHelp("An extra folder of Lua plugins and modules (repeatable).", valueName: "dir"), completion: .directory)
    var pluginFolders: [String] = []

    @OptionGroup var eventLimit: EventsPerInstantFlag

    func validate() throws {
        try LuaOptions.validate(timeBudget: timeBudget, memoryLimit: memoryLimit)
    }

    var limits: CellLimits {
        CellLimits(timeBudget: timeBudget, memoryLimit: memoryLimit << 20, pluginFolders: pluginFolders, allowIO: allowIO,
                   maxEventsPerInstant: eventLimit.maxEventsPerInstant)
    }
}
