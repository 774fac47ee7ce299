import Plot
import ShopfloorText

extension HTMLReport {
    /// The report's station and journey parts, drawn from its `network` object (present only with several
    /// stations or a route; `NetworkReport` in ShopfloorScripting writes it).
    struct NetworkPart {
        /// `Stations` and `Journeys (end to end)`, each a heading and a table.
        var sections: [Node<HTML.BodyContext>]
        /// Per station, its lines' queue length and its pools' utilisation over time (with several stations,
        /// in place of the one chart of every line and the one of every pool).
        var charts: [Node<HTML.BodyContext>]
    }

    static func networkPart(_ network: JSONValue, series: JSONValue) -> NetworkPart {
        let stations = network["stations"]?.arrayValue ?? []
        let stationTable = table(
            ["station", "tellers", "arrived", "served", "mean wait (s)", "p95 wait (s)", "mean time in station (s)",
             "utilisation", "mean number in station", "blocked after service (s)"],
            stations.map { s in
                [s["name"]?.stringValue ?? "?", int(s["tellers"]), int(s["arrived"]), int(s["served"]),
                 fmt(s["mean_wait"]?.doubleValue), fmt(s["p95_wait"]?.doubleValue), fmt(s["mean_time_in_station"]?.doubleValue),
                 String(format: "%.1f %%", (s["utilization"]?.doubleValue ?? 0) * 100), fmt(s["mean_in_station"]?.doubleValue),
                 fmt(s["blocked_time"]?.doubleValue)]
            })
        // Exit classes by name, all classes last.
        let journeys = network["journeys"]?.objectValue ?? [:]
        let classes = journeys.keys.filter { $0 != "*" }.sorted() + (journeys["*"] == nil ? [] : ["*"])
        let journeyTable = table(
            ["left from", "completed", "lost", "mean visits", "max visits", "mean time in system (s)", "p50 (s)", "p95 (s)", "max (s)"],
            classes.map { name in
                let j = journeys[name]!
                return [name == "*" ? "all classes" : name, int(j["completed"]), int(j["lost"]), fmt(j["mean_visits"]?.doubleValue),
                        int(j["max_visits"]), fmt(j["mean_time_in_system"]?.doubleValue), fmt(j["p50_time_in_system"]?.doubleValue),
                        fmt(j["p95_time_in_system"]?.doubleValue), fmt(j["max_time_in_system"]?.doubleValue)]
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
        for (i, s) in stations.enumerated() {
            let name = s["name"]?.stringValue ?? "?"
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
