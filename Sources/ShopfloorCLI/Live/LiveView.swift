import Foundation
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
    private var status: String?
    private var statusIsError = false

    init(world: World, speed: Double, reload: ReloadService?) {
        self.world = world
        self.speed = speed
        self.reload = reload
    }

    func run() throws {
        terminal.start()
        defer { terminal.restore() }
        let sim = world.simulation
        try sim.startArrivals()
        try sim.open()
        var wallAnchor = Date(), simAnchor = sim.now, lastNow = sim.now
        var lastWatch = Date()
        // A first frame before any event, so a view function sees the run from its very start.
        draw(clock: sim.now, ended: false)
        while Terminal.stopRequested == 0 {
            // Keys first, so they act on what the user sees.
            for key in terminal.keys(waiting: 0.05) {
                switch key {
                case "q", "Q": return
                case " ":
                    paused.toggle()
                    wallAnchor = Date(); simAnchor = sim.now
                case "+", "=":
                    speed = min(speed * 2, 1e6); wallAnchor = Date(); simAnchor = sim.now
                case "-", "_":
                    speed = max(speed / 2, 1e-3); wallAnchor = Date(); simAnchor = sim.now
                default:
                    do {
                        _ = try world.pressKey(String(key))
                        try sim.startArrivals()
                    } catch {
                        show(error)
                    }
                }
            }
            if sim.now < lastNow { wallAnchor = Date(); simAnchor = sim.now } // a reset went back to 0
            let ended = try advance(to: simAnchor + Date().timeIntervalSince(wallAnchor) * speed)
            if ended || paused { wallAnchor = Date(); simAnchor = sim.now }
            lastNow = sim.now
            if let reload, Date().timeIntervalSince(lastWatch) > 0.5 {
                lastWatch = Date()
                if !reload.changedFiles().isEmpty {
                    do {
                        if case .reloaded(let files) = try reload.reload() {
                            status = "reloaded \(files.joined(separator: ", "))"
                            statusIsError = false
                        }
                    } catch {
                        show(error)
                    }
                }
            }
            draw(clock: sim.isIdle || paused || ended ? sim.now : max(sim.now, simAnchor + Date().timeIntervalSince(wallAnchor) * speed), ended: ended)
        }
    }

    /// Processes every event due by `target`; true when the run is over (stop rule met, or
    /// nobody inside and nothing scheduled).
    private func advance(to target: Double) throws -> Bool {
        let sim = world.simulation
        var limit = target
        // shopfloor.stop { orders = N }: one event at a time, exactly as Scenario.run stops.
        if let orders = world.stock?.stopAfterOrders, let service = world.stock?.service {
            while !paused, service.decided < orders, let next = sim.nextEventTime, next <= limit {
                _ = try sim.step()
            }
            return service.decided >= orders || (sim.nextEventTime == nil && sim.inSystem == 0)
        }
        switch world.stopRule {
        case .time(let t): limit = min(limit, t)
        case .served(let n) where sim.servedTotal >= n: return true
        default: break
        }
        while !paused, let next = sim.nextEventTime, next <= limit {
            _ = try sim.step()
            if case .served(let n) = world.stopRule, sim.servedTotal >= n { return true }
        }
        if case .time(let t) = world.stopRule, sim.now >= t || (sim.nextEventTime ?? .infinity) > t, target >= t { return true }
        return sim.nextEventTime == nil && sim.inSystem == 0
    }

    /// Shows an error on the status line: its message on one line, without the traceback.
    private func show(_ error: Error) {
        let error = Scenario.userFacing(error)
        let message = (error as? LuaError)?.message ?? String(describing: error)
        status = message.replacingOccurrences(of: "\n\t", with: " ").replacingOccurrences(of: "\n", with: " ")
        statusIsError = true
    }

    private func draw(clock: Double, ended: Bool) {
        let (columns, rows) = terminal.size
        var lines: [String] = []
        let name = world.scenario ?? "shopfloor"
        var header = "\(name) · seed \(world.seed) · speed ×\(LiveView.number(speed))"
        if paused { header += " · PAUSED" }
        if ended { header += " · finished" }
        lines.append(Style.bold + Style.fit(header, columns))
        lines.append("")
        // The view's rows: all but the header (2), the footer (up to 2) and the last line.
        let viewRows = max(1, rows - 5)
        do {
            let frame = try world.drawView(width: columns, height: viewRows, clock: clock, finished: ended)
            lines += frame.blocks.isEmpty ? defaultView(clock: clock) : Layout.render(frame, width: columns)
        } catch {
            show(error)
        }
        // Footer: status and keys, pinned to the bottom rows.
        var footer: [String] = []
        if let status { footer.append((statusIsError ? Style.red : Style.green) + Style.fit(status, columns)) }
        let keys = world.viewKeys.map { "\($0.key) \($0.description)" } + ["space pause", "+/- speed", "q quit"]
        footer.append(Style.gray + Style.fit(keys.joined(separator: " · "), columns))
        let room = max(0, rows - footer.count - 1)
        if ended {
            // The run's summary, as `shopfloor run` prints it; on a small terminal only its totals
            // (`N served in …`, `N made, M failed: …`), which must stay visible under the view.
            let reports = [SummaryReport.text(world.simulation.summary())] + (world.stockSummary.map { [SummaryReport.text($0)] } ?? [])
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

    /// Without a view function: each line's length and who is being served.
    private func defaultView(clock: Double) -> [String] {
        let sim = world.simulation
        var lines = [String(format: "clock %.2f s · %d served", clock, sim.servedTotal)]
        for (i, task) in sim.tasks.enumerated() {
            lines.append("\(task.name): \(sim.length(ofLine: i)) waiting")
        }
        return lines
    }

    static func number(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(format: "%g", d)
    }
}
