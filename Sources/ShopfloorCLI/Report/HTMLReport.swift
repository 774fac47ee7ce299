import ShopfloorText
import Foundation
import Plot
import ShopfloorScripting

/// The `--report out.html` page: one self-contained file (inline CSS and SVG, no scripts, no
/// network) with the scenario, parameters, seed and version, the summary tables and the charts; with
/// several stations or a route, every station and the journeys end to end (HTMLReport+Network.swift).
/// Structure with Plot (an HTML DSL that escapes text); charts from `SVGChart`.
enum HTMLReport {
    static func render(_ report: JSONValue) -> String {
        let scenario = report["scenario"]?.stringValue ?? "(no scenario)"
        let summary = report["summary"] ?? .object([:])
        let series = report["series"] ?? .object([:])
        var charts: [Node<HTML.BodyContext>] = []
        let network = report["network"].map { networkPart($0, summary: summary, series: series) }
        // With several stations, the queue and utilisation charts are drawn per station instead.
        let perStation = !(network?.charts.isEmpty ?? true)
        if let q = chartData(series["queue_length"]), !perStation {
            charts.append(.raw(SVGChart.lines(title: "Queue length over time, per line (time-weighted mean per interval)",
                                               xTitle: "simulated time (s)", yTitle: "customers waiting", times: q.times, series: q.series)))
        }
        if let hists = report["wait_histograms"]?.objectValue {
            for (i, name) in hists.keys.sorted().enumerated() {
                let h = hists[name]!
                let edges = h["edges"]?.arrayValue?.compactMap(\.doubleValue) ?? []
                let counts = h["counts"]?.arrayValue?.compactMap { $0.doubleValue.map { Int($0) } } ?? []
                charts.append(.raw(SVGChart.histogram(title: "Wait before service: \(name) (up to the 99.5th percentile)",
                                                      xTitle: "wait (s)", yTitle: "customers", edges: edges, counts: counts,
                                                      color: SVGChart.palette[i % SVGChart.palette.count])))
            }
        }
        if perStation, let network { charts += network.charts }
        if let u = chartData(series["utilization"]), !perStation {
            charts.append(.raw(SVGChart.lines(title: "Teller utilisation over time, per pool", xTitle: "simulated time (s)",
                                               yTitle: "busy (%)", times: u.times, series: u.series.map { ($0.0, $0.1.map { $0 * 100 }) }, yMax: 100)))
        }
        if let stock = chartData(series["stock"]) {
            var marks: [(series: String, time: Double, value: Double)] = []
            if let d = chartData(series["deliveries"]) {
                for (name, values) in d.series {
                    let levels = stock.series.first { $0.0 == name }?.1 ?? []
                    for (k, v) in values.enumerated() where v > 0 && k < levels.count {
                        marks.append((name, d.times[k], levels[k]))
                    }
                }
            }
            // One chart per item: five sawtooth lines and their delivery marks in one frame are
            // unreadable once a run spans many restock cycles.
            for (i, item) in stock.series.enumerated() {
                charts.append(.raw(SVGChart.lines(title: "Stock level over time: \(item.0) (▼ a delivery arrived)", xTitle: "simulated time (s)",
                                                   yTitle: "units in stock", times: stock.times, series: [item],
                                                   marks: marks.filter { $0.series == item.0 }, firstColour: i)))
            }
        }
        if let o = chartData(series["orders"]) {
            charts.append(.raw(SVGChart.lines(title: "Orders made and failed over time (cumulative)", xTitle: "simulated time (s)",
                                               yTitle: "orders", times: o.times, series: o.series)))
        }
        let html = HTML(
            .head(
                .meta(.charset(.utf8)),
                .title("Shopfloor report — \(scenario)"),
                .element(named: "style", text: css)
            ),
            .body(
                .h1("Shopfloor report — \(scenario)"),
                .p(.class("meta"), .text("seed \(report["seed"]?.doubleValue.map { String(Int($0)) } ?? "?") · shopfloor \(report["version"]?.stringValue ?? "?") · simulated \(fmt(summary["start_time"]?.doubleValue ?? 0)) s to \(fmt(summary["end_time"]?.doubleValue ?? 0)) s")),
                .h2("Parameters"),
                table(["parameter", "value"], (report["params"]?.objectValue ?? [:]).keys.sorted().map { [$0, describe(report["params"]![$0]!)] }),
                .h2("Summary"),
                classTable(summary["classes"]),
                table(["pool", "tellers", "utilisation"],
                      rows(summary["pools"]) { name, p in [name, int(p["tellers"]), String(format: "%.1f %%", (p["utilization"]?.doubleValue ?? 0) * 100)] }),
                table(["line", "mean length", "max length"],
                      rows(summary["lines"]) { name, l in [name, fmt(l["mean_length"]?.doubleValue), int(l["max_length"])] }),
                .group(network?.sections ?? []),
                .h2("Charts"),
                .div(.class("charts"), .group(charts))
            )
        )
        return html.render(indentedBy: .spaces(1))
    }

    static func chartData(_ value: JSONValue?) -> (times: [Double], series: [(String, [Double])])? {
        guard let value, let times = value["t"]?.arrayValue?.compactMap(\.doubleValue), let values = value["values"]?.objectValue,
              !values.isEmpty else { return nil }
        return (times, values.keys.sorted().map { ($0, values[$0]!.arrayValue?.compactMap(\.doubleValue) ?? []) })
    }

    private static func rows(_ value: JSONValue?, _ row: (String, JSONValue) -> [String]) -> [[String]] {
        guard let fields = value?.objectValue else { return [] }
        return fields.keys.sorted().map { row($0, fields[$0]!) }
    }

    /// Per class: arrivals, outcomes and waits; a `failed` column where makers turn customers away.
    private static func classTable(_ classes: JSONValue?) -> Node<HTML.BodyContext> {
        let makers = classes?.objectValue?.values.contains { $0.objectValue?["failed"] != nil } ?? false
        let header = ["class", "arrived", "served"] + (makers ? ["failed"] : [])
            + ["mean wait (s)", "p95 wait (s)", "max wait (s)", "balked", "reneged"]
        return table(header, rows(classes) { name, c in
            [name, int(c["arrived"]), int(c["served"])] + (makers ? [int(c["failed"])] : [])
                + [fmt(c["mean_wait"]?.doubleValue), fmt(c["p95_wait"]?.doubleValue), fmt(c["max_wait"]?.doubleValue),
                   int(c["balked"]), int(c["reneged"])]
        })
    }

    static func table(_ header: [String], _ rows: [[String]]) -> Node<HTML.BodyContext> {
        .table(
            .tr(.forEach(header) { .th(.text($0)) }),
            .forEach(rows) { row in .tr(.forEach(row) { .td(.text($0)) }) }
        )
    }

    static func fmt(_ d: Double?) -> String { d.map { String(format: "%.3f", $0) } ?? "–" }
    static func int(_ v: JSONValue?) -> String { v?.doubleValue.map { String(Int($0)) } ?? "–" }
    private static func describe(_ v: JSONValue) -> String {
        if case .string(let s) = v { return s }
        return v.text
    }

    static let css = """
        body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px auto; max-width: 1200px; color: #222; }
        h1 { font-size: 22px; margin-bottom: 4px; } h2 { font-size: 17px; margin-top: 28px; }
        .meta { color: #666; margin-top: 0; }
        table { border-collapse: collapse; margin: 8px 0 16px; }
        th, td { border-bottom: 1px solid #ddd; padding: 4px 12px; text-align: right; } th:first-child, td:first-child { text-align: left; }
        th { background: #f4f4f4; }
        svg.chart { width: 100%; height: auto; margin: 12px 0 20px; background: #fff; }
        .title { font-size: 14px; font-weight: 600; fill: #222; } .tick { font-size: 11px; fill: #555; }
        .axis-title { font-size: 12px; fill: #333; } .legend { font-size: 12px; fill: #333; } .legend-box { fill: #fff; fill-opacity: 0.85; }
        .grid { stroke: #eee; } .axis { stroke: #888; }
        .series { fill: none; stroke-width: 1.6; } .empty { color: #888; }
        """
}
