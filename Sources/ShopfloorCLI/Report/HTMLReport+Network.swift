import Plot
import ShopfloorText

extension HTMLReport {
    /// The report's station and journey parts, present only with several stations or a route (the report then has
    /// a `network` object). The figures are the summary's own (`summary.stations`, `summary.journeys`: the run
    /// document's shape, docs/schema/run.json); `network.station_order` gives the stations' order of the flow.
    struct NetworkPart {
        /// `Stations` and `Journeys (end to end)`, each a heading and a table.
        var sections: [Node<HTML.BodyContext>]
        /// Per station, its lines' queue length and its pools' utilisation over time (with several stations,
        /// in place of the one chart of every line and the one of every pool).
        var charts: [Node<HTML.BodyContext>]
    }

    static func networkPart(_ network: JSONValue, summary: JSONValue, series: JSONValue) -> NetworkPart {
        let figures = summary["stations"]?.objectValue ?? [:]
        let stations = (network["station_order"]?.arrayValue ?? []).compactMap(\.stringValue).map { ($0, figures[$0] ?? .object([:])) }
        let stationTable = table(
            ["station", "tellers", "arrived", "served", "mean wait (s)", "p95 wait (s)", "mean time in station (s)",
             "utilisation", "mean number in station", "blocked after service (s)"],
            stations.map { name, s in
                [name, int(s["tellers"]), int(s["arrived"]), int(s["served"]),
                 fmt(s["wait"]?["mean"]?.doubleValue), fmt(s["wait"]?["p95"]?.doubleValue), fmt(s["time_in_station"]?["mean"]?.doubleValue),
                 String(format: "%.1f %%", (s["utilization"]?.doubleValue ?? 0) * 100), fmt(s["mean_in_station"]?.doubleValue),
                 fmt(s["blocked_time"]?.doubleValue)]
            })
        // Exit classes by name, all classes last.
        let journeys = summary["journeys"]?.objectValue ?? [:]
        let classes = journeys.keys.filter { $0 != "*" }.sorted() + (journeys["*"] == nil ? [] : ["*"])
        let journeyTable = table(
            ["left from", "completed", "lost", "mean visits", "max visits", "mean time in system (s)", "p50 (s)", "p95 (s)", "max (s)"],
            classes.map { name in
                let j = journeys[name]!, time = j["time_in_system"]
                return [name == "*" ? "all classes" : name, int(j["completed"]), int(j["lost"]), fmt(j["mean_visits"]?.doubleValue),
                        int(j["max_visits"]), fmt(time?["mean"]?.doubleValue), fmt(time?["p50"]?.doubleValue),
                        fmt(time?["p95"]?.doubleValue), fmt(time?["max"]?.doubleValue)]
            })
        let sections: [Node<HTML.BodyContext>] = [
            .h2("Stations"), stationTable,
            .h2("Journeys (end to end)"),
            .p(.class("meta"), .text("From a customer's first arrival to their exit after the last service; visits are services. "
                + "A journey belongs to the class it left from; lost journeys left without service (balked, reneged, turned away).")),
            journeyTable,
        ]
        guard stations.count > 1 else { return NetworkPart(sections: sections, charts: []) }
        // Series keys are `station.task` and `station.pool` with several stations (RunReport).
        var charts: [Node<HTML.BodyContext>] = []
        let queues = chartData(series["queue_length"]), busy = chartData(series["utilization"])
        for (i, (name, s)) in stations.enumerated() {
            let tasks = Set((s["tasks"]?.arrayValue ?? []).compactMap(\.stringValue).map { "\(name).\($0)" })
            let pools = Set((s["pools"]?.arrayValue ?? []).compactMap(\.stringValue).map { "\(name).\($0)" })
            if let q = queues {
                charts.append(.raw(SVGChart.lines(title: "Queue length over time: station \(name), per line (time-weighted mean per interval)",
                                                   xTitle: "simulated time (s)", yTitle: "customers waiting", times: q.times,
                                                   series: q.series.filter { tasks.contains($0.0) }, firstColour: i)))
            }
            if let u = busy {
                charts.append(.raw(SVGChart.lines(title: "Teller utilisation over time: station \(name), per pool", xTitle: "simulated time (s)",
                                                   yTitle: "busy (%)", times: u.times,
                                                   series: u.series.filter { pools.contains($0.0) }.map { ($0.0, $0.1.map { $0 * 100 }) },
                                                   yMax: 100, firstColour: i)))
            }
        }
        return NetworkPart(sections: sections, charts: charts)
    }
}
