import Foundation
import ShopfloorScripting

/// The progress line of a long run: on a terminal's stderr, once the run has taken about a
/// second, `[ 43%] 430,000 served · sim 215,000.0 s · 2.1 M/s · ETA 0.3 s`, redrawn at most ten
/// times a second and erased when the run ends. Nothing at all when stderr is not a terminal.
final class ProgressLine {
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var shown = false

    /// A progress line for stderr, or nil when stderr is not a terminal (or `TERM=dumb`).
    static func forStandardError() -> ProgressLine? {
        guard isatty(2) != 0, ProcessInfo.processInfo.environment["TERM"] != "dumb" else { return nil }
        return ProgressLine()
    }

    func update(_ p: Scenario.Progress) {
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        guard elapsed >= 1, now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        let rate = Double(p.served) / elapsed
        var text = ""
        if let f = p.fraction { text += String(format: "[%3d%%] ", Int(min(1, f) * 100)) }
        text += "\(ProgressLine.grouped(p.served)) served · sim \(String(format: "%.1f", p.clock)) s · \(ProgressLine.rate(rate))/s"
        if let f = p.fraction, f > 0.001 {
            text += String(format: " · ETA %.1f s", elapsed * (1 - f) / f)
        }
        StandardStreams.error("\r\u{1B}[K" + text)
        shown = true
    }

    /// An experiment's progress: `[ 43%] 206/480 cells · 12.3 cells/s · ETA 22.3 s`.
    func update(cells done: Int, of total: Int) {
        let now = Date()
        let elapsed = now.timeIntervalSince(start)
        guard elapsed >= 1, now.timeIntervalSince(lastDraw) >= 0.1, total > 0 else { return }
        lastDraw = now
        let f = Double(done) / Double(total)
        var text = String(format: "[%3d%%] ", Int(min(1, f) * 100)) + "\(ProgressLine.grouped(done))/\(ProgressLine.grouped(total)) cells"
        text += String(format: " · %.1f cells/s", Double(done) / elapsed)
        if done > 0 { text += String(format: " · ETA %.1f s", elapsed * Double(total - done) / Double(done)) }
        StandardStreams.error("\r\u{1B}[K" + text)
        shown = true
    }

    /// Erases the line.
    func finish() {
        if shown { StandardStreams.error("\r\u{1B}[K") }
    }

    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
            out.append(d)
        }
        return out
    }

    static func rate(_ r: Double) -> String {
        r >= 1e6 ? String(format: "%.1f M", r / 1e6) : r >= 1e3 ? String(format: "%.1f k", r / 1e3) : String(format: "%.0f", r)
    }
}
