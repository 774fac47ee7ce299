import ArgumentParser
import LuaKit

/// Flags every command that runs Lua shares: the seed, the sandbox and the limits.
public struct LuaOptions: ParsableArguments {
    @Option(help: "Seed of the run's random numbers (math.random and every named stream).")
    public var seed: Int = 1

    @Option(name: .customLong("time-budget"), help: ArgumentHelp("Wall-clock seconds each entry into Lua may run.", valueName: "seconds"))
    public var timeBudget: Double = 10

    @Option(name: .customLong("memory-limit"), help: ArgumentHelp("Megabytes the Lua state may hold.", valueName: "MB"))
    public var memoryLimit: Int = 1024

    @Flag(name: .customLong("allow-io"), help: "Grant scripts the real io and os libraries (files, processes).")
    public var allowIO = false

    @Option(name: .customLong("plugins"), help: ArgumentHelp("An extra folder of Lua plugins and modules (repeatable).", valueName: "dir"), completion: .directory)
    public var pluginFolders: [String] = []

    public init() {}

    public func validate() throws {
        guard timeBudget > 0, timeBudget.isFinite else {
            throw ValidationError("--time-budget must be a positive number of seconds (got \(timeBudget))")
        }
        guard memoryLimit > 0 else {
            throw ValidationError("--memory-limit must be a positive number of megabytes (got \(memoryLimit))")
        }
    }

    /// The state options these flags describe, for a command-line tool (a stuck call ends the process).
    public var stateOptions: LuaState.Options {
        LuaState.Options(sandboxed: true, allowIO: allowIO, seed: seed, timeBudget: timeBudget,
                         memoryLimit: memoryLimit << 20, modulePath: pluginFolders, exitWhenStuck: true)
    }
}
