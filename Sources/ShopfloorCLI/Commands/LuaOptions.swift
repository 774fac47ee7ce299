import ArgumentParser
import LuaKit

/// Flags every command that runs Lua shares: the seed, the sandbox and the limits.
public struct LuaOptions: ParsableArguments {
    /// The `--time-budget` range, in seconds: below 0.01 s the watchdog (which looks every 5 ms
    /// at best) cannot keep it; above a day it is as good as no budget, and a huge one (1e308) would
    /// switch the watchdog off.
    public static let timeBudgetRange: ClosedRange<Double> = 0.01...86_400
    /// The `--memory-limit` range, in MiB: up to 1 TiB, so the byte count cannot overflow.
    public static let memoryLimitRange: ClosedRange<Int> = 1...(1 << 20)

    @Option(help: ArgumentHelp("Seed of the run's random numbers (math.random and every named stream): any whole number from -2^63 to 2^63-1 (a negative one as --seed=-1)."))
    public var seed: Int = 1

    @Option(name: .customLong("time-budget"), help: ArgumentHelp("Wall-clock seconds each entry into Lua may run (0.01 to 86400).", valueName: "seconds"))
    public var timeBudget: Double = 10

    @Option(name: .customLong("memory-limit"), help: ArgumentHelp("Megabytes the Lua state may hold (1 to 1048576).", valueName: "MB"))
    public var memoryLimit: Int = 1024

    @Flag(name: .customLong("allow-io"), help: "Grant scripts the real io and os libraries (files, processes).")
    public var allowIO = false

    @Option(name: .customLong("plugins"), help: ArgumentHelp("An extra folder of Lua plugins and modules (repeatable).", valueName: "dir"), completion: .directory)
    public var pluginFolders: [String] = []

    public init() {}

    public func validate() throws {
        try LuaOptions.validate(timeBudget: timeBudget, memoryLimit: memoryLimit)
    }

    /// The range checks of `--time-budget` and `--memory-limit`, with one message wherever they are taken
    /// (here, and per cell in `shopfloor experiment`).
    static func validate(timeBudget: Double, memoryLimit: Int) throws {
        // NaN fails `contains` too.
        guard LuaOptions.timeBudgetRange.contains(timeBudget) else {
            let shown = timeBudget == timeBudget.rounded() && abs(timeBudget) < 1e15 ? String(Int(timeBudget)) : "\(timeBudget)"
            throw ValidationError("--time-budget \(shown): must be a number of seconds from 0.01 to 86400")
        }
        guard LuaOptions.memoryLimitRange.contains(memoryLimit) else {
            throw ValidationError("--memory-limit \(memoryLimit): must be a whole number of megabytes from 1 to 1048576 (1 TiB)")
        }
    }

    /// The state options these flags describe, for a command-line tool (a stuck call ends the process).
    public var stateOptions: LuaState.Options {
        LuaState.Options(sandboxed: true, allowIO: allowIO, seed: seed, timeBudget: timeBudget,
                         memoryLimit: memoryLimit << 20, modulePath: pluginFolders, exitWhenStuck: true)
    }
}
