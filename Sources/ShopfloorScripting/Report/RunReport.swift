import LuaKit
import ShopfloorCore

/// Everything a report shows, as one JSON document: `--report out.json` writes it, and the HTML
/// report is drawn from it. Keys sorted, numbers shortest; deterministic for a scenario and seed.
public enum RunReport {
    /// Bins of a wait-time histogram, reconstructed from the streaming histogram's quantiles.
    static func waitHistogram(_ stats: DurationStatistics, bins: Int = 24) -> JSONValue {
        guard stats.count > 0 else { return .object(["edges": .array([]), "counts": .array([]), "unit": .string("s")]) }
        let top = max(stats.percentile(99.5), 1e-9)
        let width = top / Double(bins)
        // The empirical CDF at each edge, from 201 quantiles (0.5 % apart), linearly interpolated.
        let ps = (0...200).map { Double($0) / 2 }
        let qs = ps.map { stats.percentile($0) }
        func cdf(_ x: Double) -> Double {
            if x < qs[0] { return 0 }
            var k = 0
            while k + 1 < qs.count && qs[k + 1] <= x { k += 1 }
            if k + 1 >= qs.count { return 1 }
            let span = qs[k + 1] - qs[k]
            let f = span > 0 ? (x - qs[k]) / span : 0
            return (ps[k] + f * (ps[k + 1] - ps[k])) / 100
        }
        var counts: [JSONValue] = []
        var previous = 0.0
        for i in 1...bins {
            let c = cdf(Double(i) * width)
            counts.append(.integer(Int((Double(stats.count) * (c - previous)).rounded())))
            previous = c
        }
        return .object([
            "edges": .array((0...bins).map { .number(Double($0) * width) }),
            "counts": .array(counts),
            "beyond": .integer(max(0, Int((Double(stats.count) * (1 - previous)).rounded()))),
            "unit": .string("s"),
        ])
    }

    static func series(_ s: SampledSeries, unit: String) -> JSONValue {
        .object([
            "unit": .string(unit),
            "t": .array(s.times.map { .number($0) }),
            "values": .object(s.values.mapValues { .array($0.map { .number($0) }) }),
        ])
    }

    /// The report document for a finished run.
    public static func json(world: World, recorder: RunRecorder, version: String) -> JSONValue {
        let sim = world.simulation
        let summary = sim.summary()
        var histograms: [String: JSONValue] = [:]
        for (i, task) in sim.tasks.enumerated() {
            histograms[task.name] = waitHistogram(sim.taskStatistics[i].wait)
        }
        var series: [String: JSONValue] = [
            "queue_length": series(recorder.queueLength, unit: "customers"),
            "utilization": series(recorder.utilisation, unit: "fraction of tellers busy"),
        ]
        if summary.stock != nil {
            series["stock"] = Self.series(recorder.stockLevel, unit: "units")
            series["orders"] = Self.series(recorder.orders, unit: "orders (cumulative)")
            series["deliveries"] = Self.series(recorder.deliveries, unit: "units delivered")
        }
        return .object([
            "version": .string(version),
            "scenario": world.scenario.map { .string($0) } ?? .null,
            "seed": .integer(world.seed),
            "params": .object(Dictionary(uniqueKeysWithValues: world.parameters.table.entries.map { ($0.key.description, JSONValue($0.value)) })),
            "summary": .object(SummaryReport.fields(summary)),
            "wait_histograms": .object(histograms),
            "series": .object(series),
            "schema": .integer(OutputSchema.report),
        ])
    }
}
