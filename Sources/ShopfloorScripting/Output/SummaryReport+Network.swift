import Foundation
import ShopfloorCore
import ShopfloorText

/// The sections a summary has only when asked for (``SummaryLayout``): per-task wait details (`service_level`,
/// `tally_by`, `percentiles` on `counter:task{…}`, and reneged waits), and, for a world with several stations or a
/// route, per-station figures, end-to-end journeys and the mean number in the system. A single counter that asks
/// for none of them prints and writes exactly what it did before. Documented in docs/lua-api.md ("Statistics").
extension SummaryReport {
    // MARK: JSON

    /// A duration summary as JSON: `count`, `mean`, `p50`, `p90`, `p95`, `p99`, `max`.
    static func duration(_ d: DurationSummary) -> JSONValue {
        .object(["count": .integer(d.count), "mean": .number(d.mean), "p50": .number(d.p50), "p90": .number(d.p90),
                 "p95": .number(d.p95), "p99": .number(d.p99), "max": .number(d.max)])
    }

    /// A threshold or percentile as a JSON key: `20`, `2.5` (no trailing `.0`).
    static func key(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
    }

    /// Adds task `index`'s asked-for figures to its `classes` entry: `p90_wait`, `percentiles`, `service_level`,
    /// `waits_by`, and `reneged_wait` (also in every class of a network).
    static func addDetails(of index: Int, _ t: TaskSummary, to fields: inout [String: JSONValue], layout: SummaryLayout) {
        let detailed = layout.detailed.contains(index)
        if detailed || layout.network, let reneged = t.renegedWait { fields["reneged_wait"] = duration(reneged) }
        guard detailed else { return }
        fields["p90_wait"] = .number(t.wait.p90)
        if let asked = layout.percentiles[index] {
            fields["percentiles"] = .object(Dictionary(uniqueKeysWithValues: asked.map { (key($0.percentile), JSONValue.number($0.wait)) }))
        }
        if !t.serviceLevels.isEmpty {
            fields["service_level"] = .object(Dictionary(uniqueKeysWithValues: t.serviceLevels.map {
                (key($0.threshold), JSONValue.object(["within": .integer($0.within), "of": .integer($0.of), "fraction": .number($0.fraction)]))
            }))
        }
        if let tally = t.waitsBy {
            fields["waits_by"] = .object([
                "attribute": .string(tally.attribute),
                "values": .object(Dictionary(uniqueKeysWithValues: tally.values.map { ($0.value, duration($0.wait)) })),
            ])
        }
    }

    /// Adds `stations`, `journeys` and `mean_in_system` to the document of a network.
    static func addNetwork(_ s: Summary, to all: inout [String: JSONValue], layout: SummaryLayout) {
        var stations: [String: JSONValue] = [:]
        for (i, st) in s.stations.enumerated() {
            stations[layout.stationNames[i]] = .object([
                "tasks": .array(st.tasks.map { .string($0) }), "pools": .array(st.pools.map { .string($0) }),
                "arrived": .integer(st.arrived), "served": .integer(st.served), "balked": .integer(st.balked),
                "reneged": .integer(st.reneged), "failed": .integer(st.failed),
                "wait": duration(st.wait), "time_in_station": duration(st.timeInStation),
                "tellers": .integer(st.tellers), "utilization": .number(st.utilisation), "blocked_time": .number(st.blockedTime),
                "mean_line_length": .number(st.meanLineLength), "mean_in_station": .number(st.meanInStation),
                "length": .integer(st.length),
            ])
        }
        var journeys: [String: JSONValue] = [:]
        for (i, j) in s.journeys.enumerated() {
            let name = i < layout.taskKeys.count ? layout.taskKeys[i] : j.name
            journeys[name] = .object([
                "completed": .integer(j.completed), "lost": .integer(j.lost), "mean_visits": .number(j.meanVisits),
                "max_visits": .integer(j.maxVisits), "time_in_system": duration(j.timeInSystem),
            ])
        }
        all["stations"] = .object(stations)
        all["journeys"] = .object(journeys)
        all["mean_in_system"] = .number(s.meanInSystem)
    }

    // MARK: Text

    /// One line per asked-for figure of each detailed task (and reneged waits, in a network too).
    static func detailsText(_ s: Summary, layout: SummaryLayout, seconds: (Double) -> String) -> String {
        var out = ""
        for (index, t) in s.tasks.enumerated() {
            let name = layout.taskKeys[index]
            let detailed = layout.detailed.contains(index)
            if detailed {
                var waits = ["p50 \(seconds(t.wait.p50))", "p90 \(seconds(t.wait.p90))", "p95 \(seconds(t.wait.p95))", "p99 \(seconds(t.wait.p99))"]
                waits += (layout.percentiles[index] ?? []).map { "p\(key($0.percentile)) \(seconds($0.wait))" }
                out += "\(name) wait: " + waits.joined(separator: ", ") + "\n"
                if !t.serviceLevels.isEmpty {
                    out += "\(name) service level: " + t.serviceLevels.map {
                        String(format: "P(wait ≤ %@) %.1f %% (%d of %d)", seconds($0.threshold) as NSString, $0.fraction * 100, $0.within, $0.of)
                    }.joined(separator: ", ") + "\n"
                }
                if let tally = t.waitsBy {
                    out += "\(name) waits by \(tally.attribute): " + tally.values.map {
                        "\($0.value) \(seconds($0.wait.mean)) mean, \(seconds($0.wait.p95)) p95 (\($0.wait.count))"
                    }.joined(separator: "; ") + "\n"
                }
            }
            if detailed || layout.network, let r = t.renegedWait, r.count > 0 {
                out += "\(name) reneged after: \(seconds(r.mean)) mean, \(seconds(r.max)) max (\(r.count))\n"
            }
        }
        return out.isEmpty ? "" : "\n" + out
    }

    /// The station table, the journey table and the mean number in the system.
    static func networkText(_ s: Summary, layout: SummaryLayout, seconds: (Double) -> String) -> String {
        let stationWidth = max(7, (layout.stationNames.map { DisplayWidth.of($0) }).max() ?? 7)
        var stations = SummaryTable("station", nameWidth: stationWidth, columns: [("served", 8), ("mean wait", 11), ("utilisation", 13),
                                                                                  ("mean inside", 13), ("blocked", 10)])
        for (i, st) in s.stations.enumerated() {
            stations.row(layout.stationNames[i], [String(st.served), seconds(st.wait.mean), String(format: "%.1f %%", st.utilisation * 100),
                                                  String(format: "%.2f", st.meanInStation), seconds(st.blockedTime)])
        }
        let names = s.journeys.enumerated().map { i, j in i < layout.taskKeys.count ? layout.taskKeys[i] : "all" }
        let journeyWidth = max(7, (names.map { DisplayWidth.of($0) }).max() ?? 7)
        var journeys = SummaryTable("journey", nameWidth: journeyWidth, columns: [("completed", 11), ("lost", 7), ("visits", 8),
                                                                                  ("mean time", 11), ("p95 time", 11)])
        for (i, j) in s.journeys.enumerated() where j.completed + j.lost > 0 || i == s.journeys.count - 1 {
            journeys.row(names[i], [String(j.completed), String(j.lost), String(format: "%.2f", j.meanVisits),
                                    seconds(j.timeInSystem.mean), seconds(j.timeInSystem.p95)])
        }
        var out = "\n" + stations.text + "\n" + journeys.text
        out += "\n" + String(format: "mean number in system %.2f", s.meanInSystem) + "\n"
        return out
    }
}
