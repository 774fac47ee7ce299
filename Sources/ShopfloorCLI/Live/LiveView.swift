import Foundation
import ShopfloorText
import LuaKit
import ShopfloorCore
import ShopfloorScripting

/// `shopfloor run FILE --live`: the scenario paced to the wall clock and drawn in place.
///
/// Underneath it is the same simulation: events are processed in order up to "wall time ×
/// speed", so the results equal a run without `--live` with the same seed (keys aside — they are
/// the user acting on the world). Keys: space pause, `+`/`-` speed, `q` quit, plus the keys the
/// scenario binds (`shopfloor.key`). With a reload service (`--watch`), edited scripts are
/// reloaded as they change; a broken edit is shown and the old version keeps running.
final class LiveView {
    let world: World
    let terminal = Terminal()
    var speed: Double
    let reload: ReloadService?
    private var paused = false
    /// The view's own words, in the scenario's language (`--set lang=ko`).
    let words: ViewWords
    private var quitRequested = false
    /// Whether the run reached its end (its stop rule, or nobody left and nothing scheduled).
    private(set) var finished = false
    /// Whether the view ended on Ctrl-C (or SIGTERM, or the terminal going away) rather than on `q`.
    var interrupted: Bool { Terminal.stopRequested != 0 }
    private var status: String?
    private var statusIsError = false

    init(world: World, speed: Double, reload: ReloadService?) {
        self.world = world
        self.speed = speed
        self.reload = reload
        words = ViewWords.of(world)
    }

    func run() throws {
        terminal.start()
        defer { terminal.restore() }
        let sim = world.simulation
        try sim.startArrivals()
        try sim.open()
        // `clock` is the simulated time the view has reached: the time of the last event or later (the
        // wall clock moves on between events). Pausing freezes it and resuming goes on from it, so the
        // time on screen never steps back; events are still processed exactly as a plain run does.
        var clock = sim.now, wallAnchor = Date(), simAnchor = sim.now, lastNow = sim.now
        var lastWatch = Date()
        // A first frame before any event, so a view function sees the run from its very start.
        draw(clock: sim.now, ended: false)
        while Terminal.stopRequested == 0 {
            // Keys first, so they act on what the user sees.
            for key in terminal.keys(waiting: 0.05) {
                switch key {
                case "q", "Q": quitRequested = true
                case " ":
                    paused.toggle()
                    wallAnchor = Date(); simAnchor = clock
                case "+", "=":
                    speed = min(speed * 2, 1e6); wallAnchor = Date(); simAnchor = clock
                case "-", "_":
                    speed = max(speed / 2, 1e-3); wallAnchor = Date(); simAnchor = clock
                default:
                    do {
                        _ = try world.pressKey(String(key))
                        try sim.startArrivals()
                    } catch {
                        show(error)
                    }
                }
            }
            if quitRequested { break }
            if sim.now < lastNow { clock = sim.now; wallAnchor = Date(); simAnchor = sim.now } // a reset went back to 0
            if !paused { clock = max(clock, sim.now, simAnchor + Date().timeIntervalSince(wallAnchor) * speed) }
            if case .time(let t) = world.stopRule { clock = min(clock, max(t, sim.now)) }
            let ended = try advance(to: clock)
            if ended || sim.isIdle { clock = sim.now; wallAnchor = Date(); simAnchor = sim.now } // the clock stops
            lastNow = sim.now
            if let reload, Date().timeIntervalSince(lastWatch) > 0.5 {
                lastWatch = Date()
                switch reload.poll() {
                case .reloaded(let files):
                    status = words.reloaded(files.joined(separator: ", ")) + reload.parameterNote + reload.recipeNote
                    statusIsError = false
                case .refused(let error): show(error)
                case .backToLoaded:
                    status = words.backToLoaded
                    statusIsError = false
                case nil: break
                }
            }
            finished = ended
            draw(clock: clock, ended: ended)
        }
        // Left with `q` or Ctrl-C: the run stops at the time on screen, as `--until` that time would (every
        // event due by then is done; the clock moves on to it), so the summary covers the time the user watched,
        // not only up to the last event (before the first arrival, that was 0 s).
        if !finished, clock > sim.now, (sim.nextEventTime ?? .infinity) > clock { try sim.run(until: clock) }
    }

    /// Processes every event due by `target`; true when the run is over (stop rule met, or
    /// nobody inside and nothing scheduled).
    private func advance(to target: Double) throws -> Bool {
        let sim = world.simulation
        var limit = target
        // shopfloor.stop { orders = N }: one event at a time, exactly as Scenario.run stops.
        if let orders = world.stock?.stopAfterOrders, let service = world.stock?.service {
            while !paused, service.decided < orders, sim.hasWorkKeepingRunAlive, let next = sim.nextEventTime, next <= limit {
                _ = try sim.step()
            }
            return service.decided >= orders || isOver(sim)
        }
        switch world.stopRule {
        case .time(let t): limit = min(limit, t)
        case .served(let n) where sim.servedTotal >= n: return true
        default: break
        }
        // Background events (an `every` without `to`, a looping process) fire in order while other work is left,
        // but never keep the run going on their own: as in Scenario.run.
        while !paused, sim.hasWorkKeepingRunAlive, let next = sim.nextEventTime, next <= limit {
            _ = try sim.step()
            if case .served(let n) = world.stopRule, sim.servedTotal >= n { return true }
        }
        if case .time(let t) = world.stopRule, sim.now >= t || (sim.nextEventTime ?? .infinity) > t, target >= t { return true }
        return isOver(sim)
    }

    /// Nobody inside and nothing left that keeps a run alive (background timers do not: docs/time.md).
    private func isOver(_ sim: Simulation) -> Bool {
        !sim.hasWorkKeepingRunAlive && sim.inSystem == 0
    }

    /// Shows an error on the status line (``statusLine(for:)``).
    private func show(_ error: Error) {
        status = Self.statusLine(for: error)
        statusIsError = true
    }

    /// An error as the status line shows it: its message on one line, without the traceback, control characters
    /// made visible (`\u{1B}`) as on an `error:` line — the message quotes the script's text, which must not
    /// clear or scramble the view.
    static func statusLine(for error: Error) -> String {
        let error = Scenario.userFacing(error)
        let message = (error as? ReloadRefusal)?.oneLine ?? (error as? LuaError)?.message ?? String(describing: error)
        let oneLine = message.replacingOccurrences(of: "\n\t", with: " ").replacingOccurrences(of: "\n", with: " ")
        return ControlCharacters.escaped(oneLine, keepingLineBreaks: false)
    }

    private func draw(clock: Double, ended: Bool) {
        let (columns, rows) = terminal.size
        var lines: [String] = []
        let name = world.scenario ?? "shopfloor"
        var header = "\(name) · \(words.seed) \(world.seed) · \(words.speed) ×\(LiveView.number(speed))"
        if paused { header += " · " + words.paused }
        if ended { header += " · " + words.finished }
        lines.append(Style.bold + Style.fit(header, columns))
        lines.append("")
        // Footer first: status and keys, pinned to the bottom rows; the keys wrap onto a second row
        // rather than lose `q quit` on a narrow terminal.
        var footer: [String] = []
        if let status { footer.append((statusIsError ? Style.red : Style.green) + Style.fit(status, columns)) }
        let keys = world.viewKeys.map { "\($0.key) \($0.description)" } + [words.pauseKey, words.speedKeys, words.quitKey]
        footer += LiveView.wrap(keys, separator: " · ", width: columns, rows: 2).map { Style.gray + $0 }
        // The view's rows: all but the header (2), the footer and the last line.
        let viewRows = max(1, rows - 3 - footer.count)
        do {
            let frame = try world.drawView(width: columns, height: viewRows, clock: clock, finished: ended)
            lines += frame.blocks.isEmpty
                ? LiveView.defaultView(world: world, clock: clock, width: columns, height: viewRows, words: words)
                : Layout.render(frame, width: columns, height: viewRows, words: words)
        } catch {
            show(error)
        }
        let room = max(0, rows - footer.count - 1)
        if ended {
            // The run's summary, as `shopfloor run` prints it; on a small terminal only its totals
            // (`N served in …`, `N made, M failed: …`), which must stay visible under the view.
            let reports = [SummaryReport.text(world.simulation.summary(), words: world.summaryWords, layout: world.summaryLayout)] + (world.stockSummary.map { [SummaryReport.text($0, words: world.summaryWords)] } ?? [])
            let tables = reports.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map { Style.fit(String($0), columns) } }
            if lines.count + 1 + tables.count <= room {
                lines += [""] + tables
            } else {
                let totals = reports.compactMap { $0.split(separator: "\n").last.map { Style.fit(String($0), columns) } }
                lines = Array(lines.prefix(max(0, room - totals.count - 1))) + [""] + totals
            }
        }
        if lines.count > room { lines = Array(lines.prefix(room)) }
        while lines.count < room { lines.append("") }
        terminal.draw(lines + footer)
    }

    /// Without a view function: the clock and customers served, then each line's length; with several
    /// stations, every station with its pools and figures (``StationPanel``) in `height` rows of `width`.
    /// (Served counts journeys: with one station and no route, exactly the services.)
    static func defaultView(world: World, clock: Double, width: Int, height: Int, words: ViewWords) -> [String] {
        let sim = world.simulation
        var lines = [words.clock(clock, sim.completedTotal)]
        if sim.stations.count > 1 {
            lines.append("")
            return lines + StationPanel.render(StationPanel.stations(of: world), width: width, height: max(1, height - 2),
                                               words: StationWords.of(world), viewWords: words)
        }
        for (i, task) in sim.tasks.enumerated() {
            lines.append(words.waiting(task.name, sim.length(ofLine: i)))
        }
        return lines
    }

    /// Joins `parts` with `separator` into at most `rows` lines of `width` display columns, breaking
    /// only between parts; what does not fit in the last line is cut.
    static func wrap(_ parts: [String], separator: String, width: Int, rows: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for part in parts {
            let candidate = current.isEmpty ? part : current + separator + part
            if Style.width(candidate) <= width || current.isEmpty || lines.count == rows - 1 {
                current = candidate
            } else {
                lines.append(current)
                current = part
            }
        }
        lines.append(current)
        return lines.map { Style.fit($0, width) }
    }

    /// A figure as the view prints it: `5`, `2.5`, `1e+308`, `inf`, `nan` — never a trap (`Int(d)`
    /// of a huge or non-finite value would be one).
    static func number(_ d: Double) -> String {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(format: "%g", d)
    }
}
