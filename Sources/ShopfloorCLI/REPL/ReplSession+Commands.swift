import Foundation
import LuaKit
import ShopfloorCore
import ShopfloorScripting

extension ReplSession {
    static let help = """
        Lua at the prompt: expressions print their values (=expr too); an unfinished chunk continues at >>.
        The scenario's globals and the shopfloor module are in scope.
        Commands:
          :help                this list
          :reload              re-read the scripts that changed on disk; a broken edit is refused and the old ones stay
          :step [n]            process n events (default 1), printing each
          :run D               advance the simulation D seconds
          :run until T         run to time T
          :run idle            run until nobody is left and nothing is scheduled
          :stats               the run's summary so far
          :trace on|off        print every event as it happens
          :use kind=name       swap a plugin in the living world (e.g. :use teller_policy=cross_training)
          :plugins             the installed plugins, the chosen ones marked
          :reset               rebuild the scenario from scratch, same seed
          :quit                leave (Ctrl-D too)
        Ctrl-C stops a running command; the world stays consistent.
        """

    func command(_ line: String) {
        let words = line.dropFirst().split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let name = words.first else { say(ReplSession.help); return }
        let args = Array(words.dropFirst())
        do {
            switch name {
            case "help", "h", "?": say(ReplSession.help)
            case "quit", "q", "exit": quit()
            case "reload": try reloadCommand()
            case "step": try step(args)
            case "run": try runCommand(args)
            case "stats": say(SummaryReport.text(world.simulation.summary()).trimmingCharacters(in: .newlines))
            case "trace": try traceCommand(args)
            case "use": try useCommand(args)
            case "plugins": pluginsCommand()
            case "reset":
                try rebuild()
                say("rebuilt \(file ?? "the empty world") with seed \(options.seed): clock 0")
            default:
                let known = ["help", "reload", "step", "run", "stats", "trace", "use", "plugins", "reset", "quit"]
                var message = "unknown command ':\(name)'"
                if let guess = known.first(where: { $0.hasPrefix(name) }) { message += " (did you mean :\(guess)?)" }
                throw ScriptingError.invalidScenario(message + "; :help lists the commands")
            }
        } catch {
            report(Scenario.userFacing(error))
        }
    }

    private func reloadCommand() throws {
        switch try reload.reload() {
        case .unchanged: say("nothing changed on disk")
        case .reloaded(let files):
            say("reloaded \(files.joined(separator: ", ")): clock \(clock), lines and stock kept")
        }
    }

    private var clock: String { String(format: "%.3f", world.simulation.now) }

    /// Opens the counter and starts arrivals before the first step or run.
    private func prepare() throws {
        try world.simulation.startArrivals()
        try world.simulation.open()
    }

    private func step(_ args: [String]) throws {
        let n = try args.first.map { text -> Int in
            guard let n = Int(text), n >= 1 else { throw ScriptingError.invalidScenario(":step n: n must be a whole number >= 1, got '\(text)'") }
            return n
        } ?? 1
        let wasTracing = tracing
        tracing = true
        defer { tracing = wasTracing }
        try prepare()
        var done = 0
        try Interrupt.catching(for: world.lua) {
            while done < n, !world.lua.interruptRequested, try world.simulation.step() { done += 1 }
        }
        if done < n && !world.lua.interruptRequested { say("(nothing left to do)") }
        status()
    }

    private func runCommand(_ args: [String]) throws {
        let sim = world.simulation
        enum Goal { case time(Double), idle }
        let goal: Goal
        switch args.count {
        case 1 where args[0] == "idle": goal = .idle
        case 1:
            guard let d = Double(args[0]), d >= 0, d.isFinite else {
                throw ScriptingError.invalidScenario(":run D: D must be a number of seconds >= 0, got '\(args[0])' (or :run until T, :run idle)")
            }
            goal = .time(sim.now + d)
        case 2 where args[0] == "until":
            guard let t = Double(args[1]), t >= sim.now, t.isFinite else {
                throw ScriptingError.invalidScenario(":run until T: T must be a time >= the clock (\(clock)), got '\(args[1])'")
            }
            goal = .time(t)
        default:
            throw ScriptingError.invalidScenario("usage: :run D, :run until T, or :run idle")
        }
        try prepare()
        var interrupted = false
        try Interrupt.catching(for: world.lua) {
            // In slices, so Ctrl-C is seen between them; each slice leaves the world consistent.
            switch goal {
            case .time(let t):
                var slice = 1.0
                while sim.now < t {
                    if world.lua.interruptRequested { interrupted = true; break }
                    let started = Date()
                    try sim.run(until: min(t, sim.now + slice))
                    let took = Date().timeIntervalSince(started)
                    slice = took < 0.02 ? slice * 2 : (took > 0.1 ? max(slice / 2, 1e-6) : slice)
                }
            case .idle:
                while !(try sim.runUntilIdle(maxEvents: 50_000)) {
                    if world.lua.interruptRequested { interrupted = true; break }
                    if sim.scheduler.nextTime == nil { break } // nothing left to happen
                }
            }
        }
        if interrupted { complain("interrupted! (the world is consistent at clock \(clock))") }
        status()
    }

    private func status() {
        let sim = world.simulation
        let waiting = (0..<sim.tasks.count).map { sim.length(ofLine: $0) }.reduce(0, +)
        let busy = sim.tellers.filter(\.isBusy).count
        say("clock \(clock) · \(sim.servedTotal) served · \(waiting) waiting · \(busy) in service")
    }

    private func traceCommand(_ args: [String]) throws {
        switch args.first {
        case "on": tracing = true; say("tracing every event")
        case "off": tracing = false; say("tracing off")
        default: throw ScriptingError.invalidScenario("usage: :trace on|off")
        }
    }

    private func useCommand(_ args: [String]) throws {
        guard args.count == 1 else { throw ScriptingError.invalidScenario("usage: :use kind=name (e.g. :use teller_policy=cross_training)") }
        let chosen = try PluginRegistry.parseOverrides(args)
        var next = options
        for (kind, name) in chosen { next.uses[kind] = name }
        reload.options = next
        do {
            try reload.reload(force: true)
        } catch {
            reload.options = options
            throw error
        }
        options = next
        say("now using \(args[0])")
    }

    private func pluginsCommand() {
        let listing = PluginListing(plugins: world.plugins.sorted)
        var text = listing.text
        for (kind, name) in world.chosenPlugins.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            text += "in use: \(kind.rawValue)=\(name)\n"
        }
        say(text.trimmingCharacters(in: .newlines))
    }
}
