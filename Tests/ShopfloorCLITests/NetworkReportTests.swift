import Foundation
import ShopfloorCore
@testable import ShopfloorCLI
@testable import ShopfloorScripting
import Testing

/// The report of a world with several stations (`RunReport`, `HTMLReport+Network.swift`): every station's
/// figures and charts and the journeys end to end, each figure written once (in the summary, the run document's
/// shape), `network` holding only the station order; a single-station report has none of it.
@Suite struct NetworkReportTests {
    /// Runs `world` to `time`, sampling for the report as `shopfloor run --report` does, and returns its document.
    static func report(_ world: World, until time: Double) throws -> JSONValue {
        let recorder = RunRecorder()
        recorder.sample(world.simulation)
        for step in 1...20 {
            try world.simulation.run(until: time * Double(step) / 20)
            recorder.sample(world.simulation)
        }
        return RunReport.json(world: world, recorder: recorder, version: "test")
    }

    /// Two stations with a task called `work` each (the keys must not collide), feedback from the second;
    /// `first` is created first, so it is first in the flow whatever the names' byte order.
    static func tandem(_ first: String = "cutting", _ second: String = "sewing") throws -> World {
        let world = try World()
        let sim = world.simulation
        let one = try sim.station(named: first), two = try sim.station(named: second)
        let a = try sim.addTask(TaskClass(name: "work", service: .exponential(mean: 0.5)), station: one)
        let b = try sim.addTask(TaskClass(name: "work", service: .exponential(mean: 0.8)), station: two)
        try sim.addTellers(1, skills: [a], name: "crew")
        try sim.addTellers(1, skills: [b], name: "crew")
        try sim.setRoute(.next(task: b), forTask: a)
        try sim.setRoute(.choice([(b, 0.2)]), forTask: b)
        try sim.addArrivals(.poisson(rate: 0.8, mix: TaskMix([(a, 1)])))
        try sim.startArrivals()
        try sim.open()
        return world
    }

    /// Every key path in `value` (`summary.stations.cutting.served`), arrays by index.
    static func paths(_ value: JSONValue, _ prefix: String = "") -> [String] {
        if let fields = value.objectValue {
            return fields.flatMap { key, field in
                let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                return [path] + paths(field, path)
            }
        }
        if let items = value.arrayValue {
            return items.enumerated().flatMap { ["\(prefix).\($0.offset)"] + paths($0.element, "\(prefix).\($0.offset)") }
        }
        return []
    }

    @Test func test_severalStations_reportEveryStation_andTheJourneys() throws {
        let world = try Self.tandem()
        let document = try Self.report(world, until: 2000)
        let summary = world.simulation.summary()
        // The figures are the summary's, in the run document's shape; `network` says only the stations' order.
        #expect(document["network"] == .object(["station_order": .array([.string("cutting"), .string("sewing")])]))
        let stations = try #require(document["summary"]?["stations"]?.objectValue)
        #expect(stations.keys.sorted() == ["cutting", "sewing"])
        #expect(stations["cutting"]?["served"]?.doubleValue.map { Int($0) } == summary.stations[0].served)
        #expect(stations["sewing"]?["served"]?.doubleValue.map { Int($0) } == summary.stations[1].served)
        #expect(stations["sewing"]?["mean_in_station"]?.doubleValue == summary.stations[1].meanInStation)
        #expect(stations["sewing"]?["wait"]?["mean"]?.doubleValue == summary.stations[1].wait.mean)
        let journeys = try #require(document["summary"]?["journeys"]?.objectValue)
        #expect(Set(journeys.keys) == ["cutting.work", "sewing.work", "*"])
        let all = try #require(journeys["*"])
        let allSummary = try #require(summary.journeys.last)
        #expect(all["completed"]?.doubleValue == Double(allSummary.completed) && allSummary.completed > 1000)
        #expect(all["mean_visits"]?.doubleValue == allSummary.meanVisits && allSummary.meanVisits > 2)
        #expect(all["time_in_system"]?["mean"]?.doubleValue == allSummary.timeInSystem.mean)
        // Lines, pools and histograms are keyed station.task / station.pool: two "work" lines, two "crew" pools.
        #expect(Set(document["wait_histograms"]?.objectValue?.keys ?? [:].keys) == ["cutting.work", "sewing.work"])
        #expect(Set(document["series"]?["queue_length"]?["values"]?.objectValue?.keys ?? [:].keys) == ["cutting.work", "sewing.work"])
        #expect(Set(document["series"]?["utilization"]?["values"]?.objectValue?.keys ?? [:].keys) == ["cutting.crew", "sewing.crew"])

        let html = HTMLReport.render(document)
        #expect(html.contains("<h2>Stations</h2>") && html.contains("<h2>Journeys (end to end)</h2>"))
        #expect(html.contains("<td>cutting</td>") && html.contains("<td>sewing</td>") && html.contains("<td>all classes</td>"))
        #expect(html.contains("<td>sewing.work</td>"))
        #expect(html.contains(String(format: "<td>%.3f</td>", allSummary.timeInSystem.mean)))
        for name in ["cutting", "sewing"] {
            #expect(html.contains("Queue length over time: station \(name), per line"))
            #expect(html.contains("Teller utilisation over time: station \(name), per pool"))
        }
        #expect(!html.contains("Queue length over time, per line"), "the all-lines chart gives way to the per-station ones")
        #expect(html.contains("data-series=\"sewing.work\"") && html.contains("data-series=\"cutting.crew\""))
    }

    /// A station or journey figure is written once, under `summary`: no second copy under other names (report
    /// schema 1 had `network.stations[].mean_wait` beside `summary.stations.NAME.wait.mean`).
    @Test func test_severalStations_eachFigureIsWrittenOnce_inTheSummary() throws {
        let document = try Self.report(try Self.tandem(), until: 500)
        let paths = Self.paths(document)
        #expect(document["schema"] == .integer(2))
        #expect(Self.paths(try #require(document["network"])) == ["station_order", "station_order.0", "station_order.1"])
        for figure in ["served", "arrived", "blocked_time", "mean_in_station", "completed", "mean_visits", "max_visits"] {
            let found = paths.filter { $0 == figure || $0.hasSuffix(".\(figure)") }
            #expect(!found.isEmpty && found.allSatisfy { $0.hasPrefix("summary.") }, "\(figure): \(found)")
        }
        for gone in ["mean_wait", "p95_wait", "max_wait", "mean_time_in_station", "mean_time_in_system", "p50_time_in_system",
                     "p95_time_in_system", "max_time_in_system", "name"] {
            #expect(!paths.contains { $0.hasPrefix("network") && $0.hasSuffix(gone) }, "\(gone) under network")
            #expect(!paths.contains { ($0.hasPrefix("summary.stations.") || $0.hasPrefix("summary.journeys.")) && $0.hasSuffix(".\(gone)") },
                    "\(gone) under a station or a journey")
        }
    }

    /// The Stations table and the per-station charts follow the flow as built (`network.station_order`), not
    /// the summary's byte order, and each row shows that station's summary figures.
    @Test func test_stationTable_followsTheFlow_withTheSummarysFigures() throws {
        let world = try Self.tandem("weaving", "cutting")
        let document = try Self.report(world, until: 500)
        let summary = world.simulation.summary()
        #expect(document["network"]?["station_order"] == .array([.string("weaving"), .string("cutting")]))
        // The page without its indentation: a table row is `<tr><td>…</td><td>…</td>…</tr>`.
        let html = HTMLReport.render(document).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        for (i, name) in ["weaving", "cutting"].enumerated() {
            let s = summary.stations[i]
            let row = ["<td>\(name)</td>", "<td>\(s.tellers)</td>", "<td>\(s.arrived)</td>", "<td>\(s.served)</td>"]
                + [s.wait.mean, s.wait.p95, s.timeInStation.mean].map { String(format: "<td>%.3f</td>", $0) }
                + [String(format: "<td>%.1f %%</td>", s.utilisation * 100), String(format: "<td>%.3f</td>", s.meanInStation),
                   String(format: "<td>%.3f</td>", s.blockedTime)]
            #expect(html.contains("<tr>" + row.joined() + "</tr>"), "row of \(name)")
        }
        let first = try #require(html.range(of: "<td>weaving</td>")), second = try #require(html.range(of: "<td>cutting</td>"))
        #expect(first.lowerBound < second.lowerBound)
        let weavingChart = try #require(html.range(of: "Queue length over time: station weaving"))
        let cuttingChart = try #require(html.range(of: "Queue length over time: station cutting"))
        #expect(weavingChart.lowerBound < cuttingChart.lowerBound)
    }

    @Test func test_aSingleStationReport_hasNoNetwork() throws {
        let world = try World()
        _ = try world.lua.evaluate("""
            local c = shopfloor.counter "bank"
            c:task { name = "deposit", service = shopfloor.fixed(2) }
            c:tellers { skills = { "deposit" }, count = 1 }
            """, chunkName: "=test")
        try world.simulation.open()
        try world.simulation.arrive([CustomerSpec(task: 0), CustomerSpec(task: 0)])
        let document = try Self.report(world, until: 10)
        #expect(document["network"] == nil && document["summary"]?["stations"] == nil && document["summary"]?["journeys"] == nil)
        #expect(document["wait_histograms"]?.objectValue?.keys.sorted() == ["deposit"])
        let html = HTMLReport.render(document)
        #expect(!html.contains("Stations") && !html.contains("Journeys") && html.contains("Queue length over time, per line"))
    }
}
