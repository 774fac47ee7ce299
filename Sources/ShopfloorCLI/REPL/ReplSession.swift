import Foundation
import LuaKit
import ShopfloorCore
import ShopfloorScripting

/// A Lua prompt inside a living scenario, behaving like `lua`'s own (lua.c): each line is first
/// tried as `return <line>` so expressions print their values; a chunk whose syntax error ends in
/// `<eof>` is incomplete and continues at `>>`; errors print `stdin:N: message` and a traceback.
/// Lines starting with `:` are commands (`:help`).
final class ReplSession {
    private(set) var world: World
    private(set) var reload: ReloadService
    let file: String?
    var options: ScenarioOptions
    /// On a terminal: prompts, colours off unless asked, history.
    let interactive: Bool
    /// Whether any chunk or command failed (exit code 1 when not interactive).
    private(set) var failed = false
    var tracing = false
    private var printer: LuaReference?
    private var quitRequested = false
    /// Through a pipe: a Ctrl-C stopped a command (``endsOnInterrupt()``).
    var interruptedThroughPipe = false

    init(file: String?, options: ScenarioOptions, interactive: Bool) throws {
        self.file = file
        self.options = options
        self.interactive = interactive
        world = try ReplSession.build(file: file, options: options)
        reload = ReloadService(world: world, file: file, options: options)
        try attach()
    }

    static func build(file: String?, options: ScenarioOptions) throws -> World {
        try Scenario.load(file, options: options) { world in
            world.output = { text in
                StandardStreams.output(text)
                StandardStreams.flush()
            }
        }
    }

    /// Hooks the session into a (new) world: the value printer and the event sink for `:trace`.
    private func attach() throws {
        try world.lua.load(replValuePrinter, chunkName: "=shopfloor.repl")
        try world.lua.protectedCall(arguments: 0, results: 1)
        printer = LuaReference(popping: world.lua)
        world.eventSinks.append { [unowned self] event, world in
            if tracing { say(EventLine.text(event, in: world)) }
        }
    }

    func say(_ text: String) {
        StandardStreams.output(text + "\n")
        StandardStreams.flush()
    }

    func complain(_ text: String) {
        StandardStreams.error(text + "\n")
    }

    // MARK: The loop

    /// Reads, evaluates and prints until end of input or `:quit`. Returns the exit code.
    func run(reader: LineReader) -> Int32 {
        if interactive {
            say("Shopfloor \(ShopfloorVersion.number) (\(LuaState.luaVersion)) — \(file.map { "scenario \($0)" } ?? "an empty world"), seed \(options.seed). :help for commands, Ctrl-D to leave.")
        }
        var buffer: [String] = []
        reading: while !quitRequested {
            let line: String
            switch reader.read(prompt: buffer.isEmpty ? "> " : ">> ") {
            case .end:
                if interactive, !buffer.isEmpty {
                    // Ctrl-D at `>>`: as in lua.c, the unfinished chunk fails with its real error and the
                    // session goes on at `> `; only Ctrl-D at `> ` leaves. (A pipe's end ends the session.)
                    StandardStreams.output("\n")
                    reader.remember(buffer.joined(separator: "\n"))
                    if case .failed(let error) = compile(buffer, final: true) { report(error) }
                    buffer = []
                    continue
                }
                // Ctrl-D at `> ` leaves on a line of its own, as lua.c does: the shell's prompt came after ours.
                if interactive { StandardStreams.output("\n") }
                break reading
            case .interrupted:
                // Ctrl-C at the prompt: the line is dropped, at `>>` the unfinished chunk too.
                buffer = []
                continue
            case .line(let text): line = text
            }
            if buffer.isEmpty, line.hasPrefix(":") {
                reader.remember(line)
                command(line)
                if endsOnInterrupt() { break reading }
                continue
            }
            buffer.append(line)
            switch compile(buffer) {
            case .incomplete:
                continue
            case .failed(let error):
                reader.remember(buffer.joined(separator: "\n"))
                report(error)
            case .ready:
                reader.remember(buffer.joined(separator: "\n"))
                execute()
                if endsOnInterrupt() { buffer = []; break reading }
            }
            buffer = []
        }
        if !buffer.isEmpty, case .incomplete = compile(buffer) {
            // End of input inside a chunk: compile it once more for the real error.
            if case .failed(let error) = compile(buffer, final: true) { report(error) }
        }
        reader.close()
        return interactive ? 0 : (failed ? 1 : 0)
    }

    /// Through a pipe, a Ctrl-C that came while a command ran ends the session, as it ends `lua - < FILE`
    /// (`interrupted!`, exit 1): the rest of the input was written for a world the interrupted command did not
    /// finish making, and nobody is there to see it fail line after line. The session fails (exit 1), never
    /// 0 as if the input had all run. At a terminal, Ctrl-C stops the command and the prompt comes back.
    private func endsOnInterrupt() -> Bool {
        guard !interactive, interruptedThroughPipe || world.lua.interruptRequested else { return false }
        world.lua.clearInterrupt()
        failed = true
        complain("interrupted (Ctrl-C): the rest of the input is not run")
        return true
    }

    enum Compiled {
        case ready
        case incomplete
        case failed(LuaError)
    }

    /// What an expression line is compiled behind: `return`, in the scope of a to-be-closed local (nil: nothing
    /// to close), which makes Lua compile `return f()` as a plain call instead of a tail call. A tail call drops
    /// the prompt's frame, so a function called at the prompt that raises at its caller's level
    /// (`error(msg, 2)`: scripts/juice_counter.lua's `add_stock`) named no line at all; it names `stdin:1:`.
    /// (lua.c compiles a bare `return`, and shows no place there.)
    static let returning = "local _repl_no_tail_call <close> = nil; return "

    /// Compiles the chunk so far; on `.ready` the function is on top of the stack. A first line `=expr` is
    /// `return expr` for the whole chunk, as lua.c's `pushline` makes it, so `=1 +` continues at `>>` like
    /// any unfinished expression instead of failing on the `=`.
    func compile(_ lines: [String], final: Bool = false) -> Compiled {
        let lua = world.lua
        var chunk = lines
        if let first = chunk.first, first.hasPrefix("=") { chunk[0] = Self.returning + first.dropFirst() }
        if lines.count == 1, !lines[0].hasPrefix("=") {
            if (try? lua.load(Self.returning + lines[0] + ";", chunkName: "=stdin")) != nil { return .ready }
        }
        do {
            try lua.load(chunk.joined(separator: "\n"), chunkName: "=stdin")
            return .ready
        } catch let error as LuaError {
            if !final, error.kind == .syntax, error.message.hasSuffix("<eof>") { return .incomplete }
            return .failed(error)
        } catch {
            return .failed(LuaError(kind: .syntax, message: String(describing: error)))
        }
    }

    /// Runs the compiled chunk on top of the stack and prints what it returns, in a transaction: if the
    /// chunk (or printing its results) fails — Ctrl-C included — the world's lines, stock, clock and
    /// statistics are put back; the globals it set stay set, as in lua.c.
    private func execute() {
        let lua = world.lua
        let base = lua.stack.top - 1
        do {
            // Ctrl-C is routed to Lua for the whole command, snapshot and rollback included: a Ctrl-C
            // that arrives before the chunk starts still stops it, never the process.
            try Interrupt.catching(for: lua) { try world.transaction { _ in
                // lua.c's message handler: an error object that prints itself (`__tostring`) is shown as it
                // prints, without a traceback; a string gets one.
                try lua.protectedCall(arguments: 0, results: LuaState.allResults, traceback: .asLua)
                let count = lua.stack.top - base
                if count > 0, let printer {
                    printer.push()
                    lua.stack.rotate(base + 1, by: 1)
                    try lua.protectedCall(arguments: count, results: 1)
                    let text = lua.stack.string(at: -1) ?? ""
                    lua.stack.setTop(base)
                    say(text)
                }
            } }
        } catch {
            lua.stack.setTop(base)
            report(Scenario.userFacing(error))
        }
    }

    func report(_ error: Error) {
        failed = true
        complain(String(describing: error))
    }

    func quit() { quitRequested = true }

    /// Rebuilds the scenario from scratch with the same seed (`:reset`).
    func rebuild() throws {
        let fresh = try ReplSession.build(file: file, options: options)
        printer = nil
        world.lua.closesInBackground = true   // the old world's finalizers must not hold up the session
        world = fresh
        reload = ReloadService(world: world, file: file, options: options)
        try attach()
    }
}

/// One event as `:step` and `:trace` print it.
enum EventLine {
    static func text(_ event: CounterEvent, in world: World) -> String {
        let sim = world.simulation
        var line = String(format: "%9.3f  %-7@ customer %d (%@)", event.time, event.kind.rawValue as NSString,
                          event.customer.number, sim.tasks[event.customer.task].name as NSString)
        if let teller = event.teller, event.kind == .start || event.kind == .finish || event.kind == .fail {
            line += " at teller \(teller + 1) (\(sim.poolName(ofTeller: teller)))"
        }
        return line
    }
}
