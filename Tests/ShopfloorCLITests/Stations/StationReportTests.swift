import Foundation
import Testing

/// `shopfloor run --report` on a world of two stations, end to end: the JSON report's summary has every station
/// and the journeys per exit class (the run document's shape, once), its `network` only the stations in creation
/// order; the HTML report draws the station and journey tables and a queue chart per station; tasks of the same
/// name in two stations stay apart (`station.task`).
@Suite("Reports of a world with several stations")
struct StationReportTests {
    static let scenario = """
        local first = shopfloor.counter "first"
        local second = shopfloor.counter "second"
        first:task { name = "work", service = shopfloor.exponential(1), route = "second.work" }
        second:task { name = "work", service = shopfloor.exponential(1) }
        first:tellers { skill = "work" }
        second:tellers { skill = "work" }
        first:arrivals { rate = 0.5, mix = { work = 1 } }
        shopfloor.stop { time = 2000 }

        """

    @Test func test_report_jsonAndHTML_showEveryStationAndTheJourneys() throws {
        let folder = try TemporaryFolder()
        folder.write("tandem.lua", Self.scenario)
        let here = URL(fileURLWithPath: folder.path)
        let json = try Shell.run(["run", "tandem.lua", "--seed", "3", "--report", "r.json"], in: here)
        #expect(json.status == 0, "\(json.stderr)")
        let data = try Data(contentsOf: here.appendingPathComponent("r.json"))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(report["schema"] as? Int == 2)
        let network = try #require(report["network"] as? [String: Any])
        #expect(network.keys.sorted() == ["station_order"], "only what the summary does not say: \(network.keys)")
        #expect(network["station_order"] as? [String] == ["first", "second"])
        let summary = try #require(report["summary"] as? [String: Any])
        let stations = try #require(summary["stations"] as? [String: [String: Any]])
        #expect(stations.keys.sorted() == ["first", "second"])
        let served = ["first", "second"].compactMap { stations[$0]?["served"] as? Int }
        #expect(served.count == 2 && served.allSatisfy { $0 > 800 }, "\(served)")
        #expect((stations["second"]?["wait"] as? [String: Any])?["mean"] is Double && stations["second"]?["mean_wait"] == nil)
        let journeys = try #require(summary["journeys"] as? [String: [String: Any]])
        #expect(Set(journeys.keys) == ["*", "first.work", "second.work"])
        #expect(journeys["*"]?["mean_visits"] as? Double == 2)
        #expect(journeys["*"]?["completed"] as? Int == journeys["second.work"]?["completed"] as? Int)
        #expect((journeys["*"]?["time_in_system"] as? [String: Any])?["p95"] is Double && journeys["*"]?["p95_time_in_system"] == nil)
        // The summary is exactly the run document's (`--format json`), minus the run's identification and stock.
        let run = try Shell.run(["run", "tandem.lua", "--seed", "3", "--format", "json"], in: here)
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        func same(_ key: String) throws -> Bool {
            let a = try JSONSerialization.data(withJSONObject: try #require(document[key]), options: .sortedKeys)
            let b = try JSONSerialization.data(withJSONObject: try #require(summary[key]), options: .sortedKeys)
            return a == b
        }
        #expect(try same("stations") && same("journeys"))
        #expect(document["mean_in_system"] as? Double == summary["mean_in_system"] as? Double)
        let histograms = try #require(report["wait_histograms"] as? [String: Any])
        #expect(Set(histograms.keys) == ["first.work", "second.work"])

        let html = try Shell.run(["run", "tandem.lua", "--seed", "3", "--report", "r.html"], in: here)
        #expect(html.status == 0, "\(html.stderr)")
        let page = try String(contentsOf: here.appendingPathComponent("r.html"), encoding: .utf8)
        // The tables show the summary's figures: the second station's mean wait, all journeys' mean time.
        let waits = try #require((stations["second"]?["wait"] as? [String: Any])?["mean"] as? Double)
        let times = try #require((journeys["*"]?["time_in_system"] as? [String: Any])?["mean"] as? Double)
        #expect(page.contains(String(format: "<td>%.3f</td>", waits)) && page.contains(String(format: "<td>%.3f</td>", times)))
        for heading in ["<h2>Stations</h2>", "<h2>Journeys (end to end)</h2>",
                        "Queue length over time: station first", "Queue length over time: station second"] {
            #expect(page.contains(heading), "missing \(heading)")
        }
    }

    @Test func test_report_ofOneStation_hasNoNetwork() throws {
        let folder = try TemporaryFolder()
        folder.write("one.lua", """
            local c = shopfloor.counter "bank"
            c:task { name = "work", service = shopfloor.exponential(1) }
            c:tellers { skill = "work" }
            c:arrivals { rate = 0.5, mix = { work = 1 } }
            shopfloor.stop { time = 500 }

            """)
        let here = URL(fileURLWithPath: folder.path)
        let r = try Shell.run(["run", "one.lua", "--report", "r.json"], in: here)
        #expect(r.status == 0, "\(r.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: here.appendingPathComponent("r.json"))) as? [String: Any])
        #expect(report["network"] == nil && report["schema"] as? Int == 2)
        #expect((report["summary"] as? [String: Any])?["stations"] == nil && (report["summary"] as? [String: Any])?["journeys"] == nil)
    }
}
