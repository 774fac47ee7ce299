import Foundation
import LuaKit
import ShopfloorCore

/// Loading a scenario file into a world, and running it the way `shopfloor run` does.
public enum Scenario {
    /// Builds the world: plugins from the plugin path, then the scenario's main chunk (which
    /// declares parameters, builds the counter, installs policies). Every `--set` must then name a
    /// declared parameter. Nothing has run yet unless the script ran it itself.
    public static func load(_ file: String?, options: ScenarioOptions, collectProblems: Bool = false,
                            configure: (World) -> Void = { _ in }) throws -> World {
        let parameters = ParameterSet(overrides: options.overrides)
        parameters.collectsProblems = collectProblems
        let plugins = PluginRegistry(overrides: options.uses)
        var luaOptions = options.lua
        luaOptions.modulePath = PluginRegistry.folders(forScenario: file, extra: options.pluginFolders)
        let world = try World(seed: options.seed, options: luaOptions, parameters: parameters, plugins: plugins)
        world.scenario = file
        world.simulation.limits.maxEventsPerInstant = options.maxEventsPerInstant
        world.eventsPerInstantOption = options.eventsPerInstantOption
        configure(world)
        do {
            try load(file, into: world, options: options, modulePath: luaOptions.modulePath)
        } catch let error where collectProblems && !parameters.problems.isEmpty {
            // check: the problems noted before the one that stopped loading come first, in the order met.
            if case ScriptingError.problems = error { throw error }
            throw ScriptingError.problems(parameters.problems + [String(describing: error)])
        }
        return world
    }

    /// Runs the plugin files and the scenario into `world`, then checks the command line's `--set` and `--use`.
    private static func load(_ file: String?, into world: World, options: ScenarioOptions, modulePath: [String]) throws {
        let parameters = world.parameters, plugins = world.plugins
        try world.loadPlugins(from: modulePath)
        if let file {
            world.lua.scriptFolder = ScriptPath.folder(of: file)
            var argTable = LuaTable()
            argTable.entries[.integer(-1)] = .string("shopfloor")
            argTable.entries[.integer(0)] = .string(file)
            for (i, a) in options.arguments.enumerated() { argTable.entries[.integer(i + 1)] = .string(a) }
            world.lua.setGlobal("arg", to: LuaValue.table(argTable))
            do {
                _ = try world.lua.run(file: file, arguments: options.arguments)
                try world.installPendingRoutes(final: true)
            } catch {
                // The command line's problem, when it is what unwound the load (not one a `pcall` caught
                // before another error ended it: that error is the one to report).
                if let commandLine = world.commandLineError, (error as? LuaError)?.message.hasSuffix(commandLine.description) ?? true {
                    throw commandLine
                }
                throw Scenario.userFacing(error)
            }
        }
        try parameters.finish()
        for (kind, name) in options.uses.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where world.chosenPlugins[kind] == nil {
            // A --use for a kind the scenario never asks for would silently do nothing.
            _ = try plugins.resolve(kind, default: name)
            throw ScriptingError.unknownPlugin("--use \(kind.rawValue)=\(name): this scenario uses no \(kind.rawValue) plugin")
        }
    }

    /// Runs a loaded world to its end: `until` if given, else the scenario's `shopfloor.stop`
    /// rule, else until nobody is left. A script that ran the simulation itself, or called
    /// `shopfloor.summary(false)`, is not run again.
    /// How far a run has got, for progress lines (`fraction` is nil when the end is unknown).
    public struct Progress {
        public var served: Int
        public var clock: Double
        public var fraction: Double?
    }

    /// - Parameters:
    ///   - progress: told between slices of the run (a progress line, a report's sampler, Ctrl-C);
    ///     with none, the run goes in one piece. An error it throws ends the run there, between two
    ///     events, and is rethrown as is (`shopfloor run` stops this way on Ctrl-C); the end of the run
    ///     (`shopfloor.on("end")`) is reported first, as for a run that stopped by its rule.
    /// - Throws: also when the warm-up (`warmup`) outlasted the run: its figures would measure nothing.
    ///   - idleSlice: with `progress`, in a run that ends when nobody is left (its end unknown), the events between
    ///     two calls of `progress`. A report's sampler asks for fewer than the default: a day of 1,700 events gave
    ///     its charts one point.
    public static func run(_ world: World, until: Double? = nil, warmup: Double? = nil, idleSlice: Int = 2000,
                           progress: ((Progress) throws -> Void)? = nil) throws {
        let simulation = world.simulation
        // A world without tasks runs too: its timers, processes and restocks are its work (a stock and a
        // process alone, a timer alone). One with nothing scheduled ends at once, printing nothing.
        // The script ran the world itself, or said its own output is the whole output: no run of ours
        // (which would close a counter the user never opened, with a closing line nobody asked for).
        if (world.ranByScript || !world.summarized) && until == nil {
            if world.ranByScript { try reportEnd(world) }
            return
        }
        var stoppedByWatcher = false
        let progress = progress.map { watch in
            { (p: Progress) throws in
                do { try watch(p) } catch {
                    stoppedByWatcher = true
                    throw error
                }
            }
        }
        do {
            try runToEnd(world, until: until, warmup: warmup, idleSlice: idleSlice, progress: progress)
        } catch where stoppedByWatcher {
            // Ctrl-C between two events: a normal end (the summary so far is printed).
            try reportEnd(world)
            throw error
        }
        if let warmup, simulation.now < warmup {
            throw ScriptingError.invalidScenario(
                "the warm-up (--warmup \(LuaStack.format(number: warmup))) outlasted the run, which ended at \(LuaStack.format(number: simulation.now)) s: no figure would be measured; shorten the warm-up or run longer")
        }
        try reportEnd(world)
    }

    /// Tells `shopfloor.on("end")` hooks the run is over (once), the error they raise user-facing.
    public static func reportEnd(_ world: World) throws {
        do { try world.simulation.endRun() } catch { throw Scenario.userFacing(error) }
    }

    private static func runToEnd(_ world: World, until: Double?, warmup: Double?, idleSlice: Int, progress: ((Progress) throws -> Void)?) throws {
        let simulation = world.simulation
        do {
            if let warmup { try simulation.resetStatistics(at: warmup) }
            try simulation.startArrivals()
            try simulation.open()
            if until == nil, let stock = world.stock, let orders = stock.stopAfterOrders, let service = stock.service {
                // shopfloor.stop { orders = N }: N orders decided (made or failed) by the makers.
                if let progress {
                    let slice = max(orders / 1000, 1)
                    while service.decided < orders {
                        let goal = min(orders, service.decided + slice)
                        try simulation.run(untilDecided: goal, by: service)
                        try progress(Progress(served: simulation.servedTotal, clock: simulation.now, fraction: Double(service.decided) / Double(orders)))
                        // Short of its goal, the run found nothing left to do. (Not "no change": a warm-up on the
                        // way starts the count again, and it may come back to where it was.)
                        if service.decided < goal { break }
                    }
                } else {
                    try simulation.run(untilDecided: orders, by: service)
                }
                return
            }
            let rule = until.map(StopRule.time) ?? world.stopRule
            switch rule {
            case .time(let t):
                // In slices when someone watches, so progress can be told between them.
                if let progress {
                    let slice = max(t / 1000, 1e-9)
                    let end = min(t, simulation.limits.horizon)
                    while simulation.now < end {
                        try simulation.run(until: min(t, simulation.now + slice))
                        try progress(Progress(served: simulation.servedTotal, clock: simulation.now, fraction: t > 0 ? simulation.now / t : 1))
                    }
                } else {
                    try simulation.run(until: t)
                }
            case .served(let n):
                if let progress {
                    let slice = max(n / 1000, 1)
                    // N counts the summary's `served`: customers who arrived after the warm-up (all without one).
                    while simulation.servedSinceStatistics < n {
                        let before = simulation.servedSinceStatistics
                        try simulation.run(untilMeasuredServed: min(n, simulation.servedSinceStatistics + slice))
                        try progress(Progress(served: simulation.servedSinceStatistics, clock: simulation.now,
                                              fraction: Double(simulation.servedSinceStatistics) / Double(n)))
                        if simulation.servedSinceStatistics == before { break }
                    }
                } else {
                    try simulation.run(untilMeasuredServed: n)
                }
            case .idle:
                if world.hasOpenEndedArrivals && !world.time.doorCloses {
                    throw ScriptingError.invalidScenario(
                        "\(world.scenario ?? "the scenario"): arrivals never stop on their own: add shopfloor.stop { served = N } or { time = T }, or pass --until T")
                }
                if let progress {
                    while !(try simulation.runUntilIdle(maxEvents: max(1, idleSlice))) {
                        try progress(Progress(served: simulation.servedTotal, clock: simulation.now, fraction: nil))
                        // Stuck customers: nothing left to happen but background events (a sampler, a process
                        // looping for ever), which never keep a run going on their own (docs/time.md).
                        if !simulation.hasWorkKeepingRunAlive { break }
                    }
                    try progress(Progress(served: simulation.servedTotal, clock: simulation.now, fraction: 1))
                } else {
                    _ = try simulation.runUntilIdle()
                }
            }
        } catch {
            throw Scenario.userFacing(world.explained(error))
        }
    }

    /// The error a user should read: a Lua error from inside a hook keeps its `file:line` and
    /// traceback instead of being wrapped in the core's "hook failed".
    public static func userFacing(_ error: Error) -> Error {
        if case CoreError.hookFailed(_, let underlying) = error { return userFacing(underlying) }
        return error
    }
}
