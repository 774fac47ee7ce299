import ShopfloorText
import LuaKit
import ShopfloorCore

/// Everything a report shows, as one JSON document: `--report out.json` writes it, and the HTML
/// report is drawn from it. Keys sorted, numbers shortest; deterministic for a scenario and seed.
public enum RunReport {
    /// Bins of a wait-time histogram up to the 99.5th percentile: real counts from the streaming histogram's
    /// buckets (``DurationStatistics/binCounts(edges:)``), the rest in `beyond`.
    static func waitHistogram(_ stats: DurationStatistics, bins: Int = 24) -> JSONValue {
        guard stats.count > 0 else { return .object(["edges": .array([]), "counts": .array([]), "unit": .string("s")]) }
        let top = max(stats.percentile(99.5), 1e-9)
        let width = top / Double(bins)
        // The last edge just above the 99.5th percentile, so the values equal to it are in the last bin.
        let edges = (0...bins).map { $0 == bins ? top.nextUp : Double($0) * width }
        let binned = stats.binCounts(edges: edges)
        return .object([
            "edges": .array((0...bins).map { .number(Double($0) * width) }),
            "counts": .array(binned.counts.map { .integer($0) }),
            "beyond": .integer(binned.beyond),
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
        let layout = world.summaryLayout
        var histograms: [String: JSONValue] = [:]
        for i in sim.tasks.indices {
            histograms[sim.reportKey(ofTask: i)] = waitHistogram(sim.taskStatistics[i].wait)
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
        var document: [String: JSONValue] = [
            "version": .string(version),
            "scenario": world.scenario.map { .string($0) } ?? .null,
            "seed": .integer(world.seed),
            "params": .object(Dictionary(uniqueKeysWithValues: world.parameters.table.entries.map { ($0.key.description, JSONValue($0.value)) })),
            "summary": .object(SummaryReport.fields(summary, layout: layout)),
            "wait_histograms": .object(histograms),
            "series": .object(series),
            "schema": .integer(OutputSchema.report),
        ]
        // Several stations or a route: the summary has every station's figures (`summary.stations`, keyed by name,
        // so in byte order) and the journeys; `network` adds only what the summary cannot say, the stations in the
        // order of the flow as built. One shape per figure: the HTML report reads the summary's (schema 2).
        if layout.network {
            document["network"] = .object(["station_order": .array(layout.stationNames.map { .string($0) })])
        }
        return .object(document)
    }
}
