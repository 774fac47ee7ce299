import Foundation
import ShopfloorCore
@testable import ShopfloorCLI
@testable import ShopfloorScripting
import Testing

/// The report of a world with several stations (``NetworkReport``, `HTMLReport+Network.swift`): every station's
/// figures and charts and the journeys end to end; a single-station report has none of it.
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

    /// Two stations with a task called `work` each (the keys must not collide), feedback from the second.
    static func tandem() throws -> World {
        let world = try World()
        let sim = world.simulation
        let one = try sim.station(named: "cutting"), two = try sim.station(named: "sewing")
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

    @Test func test_severalStations_reportEveryStation_andTheJourneys() throws {
        let world = try Self.tandem()
        let document = try Self.report(world, until: 2000)
        let summary = world.simulation.summary()
        let network = try #require(document["network"])
        let stations = try #require(network["stations"]?.arrayValue)
        #expect(stations.map { $0["name"]?.stringValue } == ["cutting", "sewing"])
        #expect(stations.map { $0["served"]?.doubleValue.map { Int($0) } } == summary.stations.map(\.served))
        #expect(stations[1]["mean_in_station"]?.doubleValue == summary.stations[1].meanInStation)
        let journeys = try #require(network["journeys"]?.objectValue)
        #expect(Set(journeys.keys) == ["cutting.work", "sewing.work", "*"])
        let all = try #require(journeys["*"])
        let allSummary = try #require(summary.journeys.last)
        #expect(all["completed"]?.doubleValue == Double(allSummary.completed) && allSummary.completed > 1000)
        #expect(all["mean_visits"]?.doubleValue == allSummary.meanVisits && allSummary.meanVisits > 2)
        #expect(all["mean_time_in_system"]?.doubleValue == allSummary.timeInSystem.mean)
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
        #expect(document["network"] == nil)
        #expect(document["wait_histograms"]?.objectValue?.keys.sorted() == ["deposit"])
        let html = HTMLReport.render(document)
        #expect(!html.contains("Stations") && !html.contains("Journeys") && html.contains("Queue length over time, per line"))
    }
}
