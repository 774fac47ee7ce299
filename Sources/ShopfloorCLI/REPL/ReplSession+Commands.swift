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
          :quit                leave (Ctrl-D at > too)
        A chunk or command that fails leaves the world (lines, stock, clock, statistics) as it was;
        globals it set stay set, as in lua. Output already printed stays printed.
        Ctrl-C stops a running :run or :step between two events and keeps the events done so far;
        Ctrl-C in a Lua chunk is an error like any other: the chunk's changes to the world roll back.
        Ctrl-C at the prompt drops the line being typed (at >>, the unfinished chunk); Ctrl-D at > leaves
        (at >>, it ends the unfinished chunk with its error, as in lua).
        """

    func command(_ line: String) {
        // Words are split on any white space: `:run<TAB>5` (a pasted or scripted line) is `:run 5`, as Lua reads it.
        let words = line.dropFirst().split(whereSeparator: \.isWhitespace).map(String.init)
        guard let name = words.first else { say(ReplSession.help); return }
        let args = Array(words.dropFirst())
        do {
            if ReplSession.withoutArguments.contains(name), !args.isEmpty {
                throw ScriptingError.invalidScenario(
                    "usage: :\(name) (no arguments; got '\(args.joined(separator: " "))')")
            }
            switch name {
            case "help", "h", "?": say(ReplSession.help)
            case "quit", "q", "exit": quit()
            case "reload": try reloadCommand()
            case "step": try step(args)
            case "run": try runCommand(args)
            case "stats": statsCommand()
            case "trace": try traceCommand(args)
            case "use": try useCommand(args)
            case "plugins": pluginsCommand()
            case "reset":
                try rebuild()
                say("rebuilt \(file ?? "the empty world") with seed \(options.seed): clock 0")
            default:
                let known = ["help", "reload", "step", "run", "stats", "trace", "use", "plugins", "reset", "quit"]
                throw ScriptingError.invalidScenario(UnknownName.message("command", ":" + name, among: known.map { ":" + $0 }, label: "commands"))
            }
        } catch {
            report(Scenario.userFacing(error))
        }
    }

    /// The commands that take nothing after their name. A word after one is refused rather than
    /// dropped: `:reload scripts/bank.lua` re-reads every changed script, not that one, and `:quit now`
    /// or `:stats deposit` would otherwise do something other than what was typed.
    static let withoutArguments: Set<String> = ["help", "h", "?", "quit", "q", "exit", "reload", "stats", "plugins", "reset"]

    private func reloadCommand() throws {
        switch try reload.reload() {
        case .unchanged: say("nothing changed on disk")
        case .reloaded(let files):
            say("reloaded \(files.joined(separator: ", ")): clock \(clock), lines and stock kept" + reload.parameterNote + reload.recipeNote)
        }
    }

    /// The summary so far; in a world without tasks (the empty world of `shopfloor repl` with no file) there
    /// is no figure to show, and an empty line read as a broken command: it says so and what makes one.
    private func statsCommand() {
        let text = SummaryReport.text(world.simulation.summary(), words: world.summaryWords, layout: world.summaryLayout)
            .trimmingCharacters(in: .newlines)
        guard text.isEmpty else { return say(text) }
        say("no figures yet: this world has no tasks (clock \(clock)). A counter's task makes one "
            + "(c = shopfloor.counter \"bank\"; c:task { name = \"deposit\", service = 1 }), or load a scenario: shopfloor repl FILE")
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
        let chosen = try Self.namingTheCommand { try PluginRegistry.parseOverrides(args) }
        var next = options
        for (kind, name) in chosen { next.uses[kind] = name }
        reload.options = next
        do {
            try Self.namingTheCommand { try reload.reload(force: true) }
        } catch {
            reload.options = options
            throw error
        }
        options = next
        say("now using \(args[0])")
    }

    /// A plugin choice refused under `:use` names `:use`, the command typed, not `--use`, the command-line
    /// flag whose messages (PluginRegistry, Scenario) it shares: `:use tellr_policy=fifo: no plugin kind …`.
    @discardableResult
    private static func namingTheCommand<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch ScriptingError.unknownPlugin(let message) where message.hasPrefix("--use ") {
            throw ScriptingError.unknownPlugin(":use " + message.dropFirst("--use ".count))
        }
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
