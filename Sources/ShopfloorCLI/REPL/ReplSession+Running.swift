import Foundation
import LuaKit
import ShopfloorCore
import ShopfloorScripting

/// `:step` and `:run`: advancing the simulation from the prompt.
///
/// Each runs in a `World.transaction`: an error (a Lua policy failing mid-way) puts the world back to
/// where the command started — clock, lines, stock, statistics — and reports it. Ctrl-C is not an error:
/// the run stops between two events and the events done so far stand. The run takes a checkpoint every
/// ~50 ms of work; if the interruption lands inside a Lua hook (a policy stuck in a loop, stopped by the
/// watchdog with `interrupted!`), the world goes back to the last checkpoint, an event boundary, so at most
/// the last ~50 ms of events are undone (lines `:trace` printed for them stay on the screen).
///
/// Through a pipe nobody can press Ctrl-C, so a `:run` or `:step` is bounded like any entry: after
/// `--time-budget` seconds of wall-clock time it stops as Ctrl-C would stop it (the events done stand)
/// and the command fails with a message; `:run idle` on arrivals that never end is refused at once.
extension ReplSession {
    /// Wall time between checkpoints of a long `:run` or `:step`: what an interruption inside a Lua hook
    /// may undo at most. Each checkpoint costs O(live state), so this also bounds their overhead.
    static let checkpointInterval = 0.05

    var clock: String { String(format: "%.3f", world.simulation.now) }

    /// When a `:run` or `:step` starting now must stop: nil at a terminal (Ctrl-C is there).
    private func pipeDeadline() -> Date? {
        interactive ? nil : Date().addingTimeInterval(options.lua.timeBudget)
    }

    /// The error of a run stopped at its deadline, once what it did is kept and shown.
    private func overran(_ command: String) -> Error {
        ScriptingError.invalidScenario(
            "\(command) stopped after \(String(format: "%g", options.lua.timeBudget)) s of wall-clock time (--time-budget) at clock \(clock): the events up to there stand; through a pipe nobody can press Ctrl-C, so run in shorter steps")
    }

    /// Opens the counter and starts arrivals before the first step or run.
    func prepare() throws {
        try world.simulation.startArrivals()
        try world.simulation.open()
    }

    func step(_ args: [String]) throws {
        let n = try args.first.map { text -> Int in
            guard let n = Int(text), n >= 1 else { throw ScriptingError.invalidScenario(":step n: n must be a whole number >= 1, got '\(text)'") }
            return n
        } ?? 1
        let wasTracing = tracing
        tracing = true
        defer { tracing = wasTracing }
        var done = 0, exhausted = false, interrupted = false, overran = false
        let deadline = pipeDeadline()
        try Interrupt.catching(for: world.lua) { try world.transaction { transaction in try explaining {
            try prepare()
            var kept = 0, mark = Date()
            while done < n {
                if world.lua.interruptRequested { interrupted = true; break }
                if let deadline, done & 255 == 255, Date() >= deadline { overran = true; break }
                do {
                    guard try world.simulation.step() else { exhausted = true; break }
                } catch where world.lua.interruptRequested {
                    try transaction.rollBackToCheckpoint()
                    done = kept
                    interrupted = true
                    break
                }
                done += 1
                if Date().timeIntervalSince(mark) > ReplSession.checkpointInterval {
                    transaction.checkpoint()
                    kept = done
                    mark = Date()
                }
            }
        } } }
        if interrupted { reportInterrupt(events: done) } else if exhausted { say("(nothing left to do)") }
        status()
        if overran { throw self.overran(":step \(n)") }
    }

    func runCommand(_ args: [String]) throws {
        let sim = world.simulation
        enum Goal { case time(Double), idle }
        let goal: Goal
        switch args.count {
        case 1 where args[0] == "idle":
            if !interactive && world.hasOpenEndedArrivals {
                throw ScriptingError.invalidScenario(
                    ":run idle: arrivals never stop on their own in this scenario, and through a pipe nobody can press Ctrl-C; use :run D or :run until T")
            }
            goal = .idle
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
        var interrupted = false
        let deadline = pipeDeadline()
        var overran = false
        let through: Double
        if case .time(let t) = goal { through = t } else { through = .infinity }
        try Interrupt.catching(for: world.lua) { try world.transaction { transaction in try explaining {
            try prepare()
            interrupted = try runCheckpointed(through: through, in: transaction, deadline: deadline)
            if interrupted, deadline != nil, Date() >= deadline! {
                // The deadline, not Ctrl-C: the events done stand, and the command reports it.
                world.lua.clearInterrupt()
                interrupted = false
                overran = true
            }
            guard !interrupted, !overran else { return }
            switch goal {
            case .time(let t): try sim.run(until: t)                  // only moves the clock on to T
            case .idle: _ = try sim.runUntilIdle(maxEvents: 0)         // reports close if nobody is left
            }
        } } }
        if interrupted { reportInterrupt(events: nil) }
        status()
        if overran { throw self.overran(":run \(args.joined(separator: " "))") }
    }

    /// Runs `body`, turning a zero-time loop's error into `shopfloor run`'s message (the generator, route or
    /// stock call to look at, and `--max-events-per-instant N`), before the transaction rolls the world back
    /// and the looping event's source with it.
    private func explaining(_ body: () throws -> Void) throws {
        do { try body() } catch { throw world.explained(error) }
    }

    /// Processes events up to `time`, checkpointing every ``checkpointInterval``; returns whether Ctrl-C
    /// stopped it (the world is then at the event boundary where it stopped, or at the last checkpoint).
    /// With a `deadline`, past it the run stops as Ctrl-C would stop it (see ``pipeDeadline()``).
    private func runCheckpointed(through time: Double, in transaction: WorldTransaction, deadline: Date?) throws -> Bool {
        let sim = world.simulation
        let lua = world.lua
        while true {
            var events = 0
            let mark = Date()
            do {
                let finished = try sim.runEvents(through: time) {
                    if lua.interruptRequested { return true }
                    events &+= 1
                    guard events & 255 == 0 else { return false }
                    let now = Date()
                    if let deadline, now >= deadline {
                        lua.requestInterrupt()
                        return true
                    }
                    return now.timeIntervalSince(mark) > ReplSession.checkpointInterval
                }
                if lua.interruptRequested { return true }
                if finished { return false }
                transaction.checkpoint()
            } catch where lua.interruptRequested {
                try transaction.rollBackToCheckpoint()
                return true
            }
        }
    }

    private func reportInterrupt(events: Int?) {
        world.lua.clearInterrupt()
        if !interactive { interruptedThroughPipe = true }
        let done = events.map { " after \($0) event\($0 == 1 ? "" : "s")" } ?? ""
        complain("interrupted\(done) at clock \(clock): the events up to there stand, the world is consistent")
    }

    func status() {
        let sim = world.simulation
        let waiting = (0..<sim.tasks.count).map { sim.length(ofLine: $0) }.reduce(0, +)
        let busy = sim.tellers.filter(\.isBusy).count
        say("clock \(clock) · \(sim.servedTotal) served · \(waiting) waiting · \(busy) in service")
    }
}
