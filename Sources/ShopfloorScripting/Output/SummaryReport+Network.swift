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
        // A figure over no customers is 0, not missing (docs/lua-api.md): a class nobody reneged from has its
        // `reneged_wait` of count 0, so a reader finds the same keys in every class.
        if detailed || layout.network { fields["reneged_wait"] = duration(t.renegedWait ?? .zero) }
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
    static func detailsText(_ s: Summary, layout: SummaryLayout, words w: NetworkSummaryWords, seconds: (Double) -> String) -> String {
        var out = ""
        for (index, t) in s.tasks.enumerated() {
            let name = layout.taskKeys[index]
            let detailed = layout.detailed.contains(index)
            if detailed {
                var waits = ["p50 \(seconds(t.wait.p50))", "p90 \(seconds(t.wait.p90))", "p95 \(seconds(t.wait.p95))", "p99 \(seconds(t.wait.p99))"]
                waits += (layout.percentiles[index] ?? []).map { "p\(key($0.percentile)) \(seconds($0.wait))" }
                out += "\(name) \(w.wait): " + waits.joined(separator: ", ") + "\n"
                if !t.serviceLevels.isEmpty {
                    out += "\(name) \(w.serviceLevel): " + t.serviceLevels.map {
                        w.withinThreshold(seconds($0.threshold), $0.fraction, $0.within, $0.of)
                    }.joined(separator: ", ") + "\n"
                }
                if let tally = t.waitsBy {
                    out += "\(name) \(w.waitsBy(tally.attribute)): " + tally.values.map {
                        "\($0.value) " + w.meanAndP95(seconds($0.wait.mean), seconds($0.wait.p95), $0.wait.count)
                    }.joined(separator: "; ") + "\n"
                }
            }
            if detailed || layout.network, let r = t.renegedWait, r.count > 0 {
                out += "\(name) \(w.reneged): " + w.meanAndMax(seconds(r.mean), seconds(r.max), r.count) + "\n"
            }
        }
        return out.isEmpty ? "" : "\n" + out
    }

    /// The station table, the journey table and the mean number in the system.
    static func networkText(_ s: Summary, layout: SummaryLayout, words w: NetworkSummaryWords, seconds: (Double) -> String) -> String {
        let stationWidth = max(7, (layout.stationNames.map { DisplayWidth.of($0) }).max() ?? 7)
        var stations = SummaryTable(w.station, nameWidth: stationWidth, columns: [(w.served, 8), (w.meanWait, 11), (w.utilisation, 13),
                                                                                  (w.meanInside, 13), (w.blocked, 10)])
        for (i, st) in s.stations.enumerated() {
            stations.row(layout.stationNames[i], [String(st.served), seconds(st.wait.mean), String(format: "%.1f %%", st.utilisation * 100),
                                                  String(format: "%.2f", st.meanInStation), seconds(st.blockedTime)])
        }
        let names = s.journeys.enumerated().map { i, j in i < layout.taskKeys.count ? layout.taskKeys[i] : w.allJourneys }
        let journeyWidth = max(7, (names.map { DisplayWidth.of($0) }).max() ?? 7)
        var journeys = SummaryTable(w.journey, nameWidth: journeyWidth, columns: [(w.completed, 11), (w.lost, 7), (w.visits, 8),
                                                                                  (w.meanTime, 11), (w.p95Time, 11)])
        for (i, j) in s.journeys.enumerated() where j.completed + j.lost > 0 || i == s.journeys.count - 1 {
            journeys.row(names[i], [String(j.completed), String(j.lost), String(format: "%.2f", j.meanVisits),
                                    seconds(j.timeInSystem.mean), seconds(j.timeInSystem.p95)])
        }
        var out = "\n" + stations.text + "\n" + journeys.text
        out += "\n" + w.meanInSystem(s.meanInSystem) + "\n"
        return out
    }
}
