import ShopfloorCore
import ShopfloorScripting

/// The live view's default screen for a world of several stations (without a scenario view function):
/// every station with its pools (busy of all, blocked after service, away), customers served, mean wait so
/// far, and each of its lines.
///
/// ```
/// reception · desk 1/1 busy · 40 served · mean wait 1.20 s
///   welcome: 3 waiting
///
/// tellers · tellers 2/3 busy, 1 blocked · 35 served · mean wait 4.02 s
///   deposit: 2 waiting
///   loan: 0 waiting
/// ```
///
/// A station's figures that do not fit the width go on further rows (a figure is cut only when it alone is
/// wider than the terminal); when the
/// stations do not fit the height, each takes one row (`reception: 3 waiting · 1/1 busy · 40 served`), and
/// stations beyond the last row end in `+N more`. A single-station world keeps the view it always had.
enum StationPanel {
    /// One pool's tellers now.
    struct PoolNow: Equatable {
        var name: String
        var tellers: Int
        var busy: Int
        var blocked: Int
        var away: Int
    }

    /// One line's length now.
    struct LineNow: Equatable {
        var task: String
        var waiting: Int
    }

    /// One station now: read per frame from the simulation (counts and sums; no percentile, no summary).
    struct StationNow: Equatable {
        var name: String
        var lines: [LineNow]
        var pools: [PoolNow]
        var served: Int
        var meanWait: Double
        var waiting: Int { lines.reduce(0) { $0 + $1.waiting } }
    }

    /// Every station of `world`, in station order.
    static func stations(of world: World) -> [StationNow] {
        let sim = world.simulation
        let blocked = Set(sim.blockedTellers)
        let statistics = sim.taskStatistics
        return sim.stations.indices.map { s in
            let station = sim.stations[s]
            var served = 0, waits = 0, waitSum = 0.0
            for t in station.tasks {
                served += statistics[t].served
                waits += statistics[t].wait.count
                waitSum += statistics[t].wait.sum
            }
            let pools = station.pools.map { p -> PoolNow in
                var pool = PoolNow(name: sim.pool(p).name, tellers: 0, busy: 0, blocked: 0, away: 0)
                for t in sim.pool(p).tellers {
                    let teller = sim.teller(t)
                    if teller.isAway { pool.away += 1; continue }
                    pool.tellers += 1
                    if blocked.contains(t) { pool.blocked += 1; pool.busy += 1 } else if teller.isBusy { pool.busy += 1 }
                }
                return pool
            }
            return StationNow(name: world.stationName(s),
                              lines: station.tasks.map { LineNow(task: sim.tasks[$0].name, waiting: sim.length(ofLine: $0)) },
                              pools: pools, served: served, meanWait: waits > 0 ? waitSum / Double(waits) : 0)
        }
    }

    /// The screen rows for `stations` in `width` display columns and at most `height` rows.
    static func render(_ stations: [StationNow], width: Int, height: Int, words: StationWords, viewWords: ViewWords) -> [String] {
        let width = max(1, width)
        var full: [String] = []
        for (i, station) in stations.enumerated() {
            if i > 0 { full.append("") }
            let parts = [station.name] + station.pools.map(words.pool) + [words.served(station.served), words.meanWait(station.meanWait)]
            // As many rows as the figures need, each whole: continuation rows are indented by two.
            let header = LiveView.wrap(parts, separator: " · ", width: max(1, width - 2), rows: parts.count)
            full.append(bold(station.name, in: header[0]))
            full += header.dropFirst().map { "  " + $0 }
            full += station.lines.map { "  " + Style.fit(viewWords.waiting($0.task, $0.waiting), width - 2) }
        }
        if full.count <= height { return full }
        // Compact: one row per station.
        var rows = stations.map { station -> String in
            let busy = station.pools.reduce(0) { $0 + $1.busy }, tellers = station.pools.reduce(0) { $0 + $1.tellers }
            let parts = [viewWords.waiting(station.name, station.waiting), words.busy(busy, tellers), words.served(station.served)]
            return bold(station.name, in: LiveView.wrap(parts, separator: " · ", width: width, rows: 1)[0])
        }
        if rows.count > height {
            let shown = max(0, height - 1)
            rows = Array(rows.prefix(shown)) + [Style.gray + Style.fit(viewWords.more(rows.count - shown), width) + Style.reset]
        }
        return rows
    }

    /// `row` with its leading `name` in bold (styles go on after fitting, so they never count as columns).
    private static func bold(_ name: String, in row: String) -> String {
        guard row.hasPrefix(name) else { return row }
        return Style.bold + name + Style.reset + row.dropFirst(name.count)
    }
}

/// The station panel's words, in the scenario's language (as ``ViewWords``).
struct StationWords: Sendable {
    /// `desk 1/2 busy, 1 blocked, 1 away`
    var pool: @Sendable (StationPanel.PoolNow) -> String
    /// `1/2 busy`
    var busy: @Sendable (Int, Int) -> String
    /// `40 served`
    var served: @Sendable (Int) -> String
    /// `mean wait 1.20 s`
    var meanWait: @Sendable (Double) -> String

    static let english = StationWords(
        pool: { p in
            "\(p.name) \(p.busy)/\(p.tellers) busy" + (p.blocked > 0 ? ", \(p.blocked) blocked" : "") + (p.away > 0 ? ", \(p.away) away" : "")
        },
        busy: { "\($0)/\($1) busy" },
        served: { "\($0) served" },
        meanWait: { "mean wait " + String(format: "%.2f s", $0) })

    static let korean = StationWords(
        pool: { p in
            "\(p.name) 근무 \(p.busy)/\(p.tellers)" + (p.blocked > 0 ? ", 막힘 \(p.blocked)" : "") + (p.away > 0 ? ", 자리 비움 \(p.away)" : "")
        },
        busy: { "근무 \($0)/\($1)" },
        served: { "처리 \($0)명" },
        meanWait: { "평균 대기 " + String(format: "%.2f초", $0) })

    /// The words for the scenario's `lang` parameter (`ko` → Korean; anything else → English).
    static func of(_ world: World) -> StationWords {
        world.parameters.values["lang"]?.stringValue == "ko" ? .korean : .english
    }
}
