import Foundation
@testable import ShopfloorScripting
import Testing

/// The report's time series (`series.queue_length`, `series.utilization`) say what the summary's figures say,
/// interval by interval: a point is the time-weighted mean since the point before it. Three ways they did not:
/// the interval holding the end of a warm-up read negative (the statistics' area restarted inside it), a pool on a
/// break was charted against its full size (two of two present and busy read 50 %, the summary 100 %), and once the
/// series thinned each kept point covered only its own last slice.
@Suite("The report's time series")
struct ReportSeriesTests {
    private func series(_ script: String, _ arguments: [String]) throws -> [String: Any] {
        let folder = try TemporaryFolder()
        try script.write(toFile: folder.path + "/s.lua", atomically: true, encoding: .utf8)
        let path = folder.path + "/report.json"
        let r = try Shell.run(["run", folder.path + "/s.lua", "--report", path] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return try #require(object["series"] as? [String: Any])
    }

    private func values(_ series: [String: Any], _ name: String, _ key: String) throws -> [Double] {
        let s = try #require(series[name] as? [String: Any])
        let values = try #require(s["values"] as? [String: [Double]])
        return try #require(values[key])
    }

    /// Ten customers at 0, one teller, 10 s each: the line is 9, 8, … 0, never below.
    @Test func test_warmup_endingInsideAnInterval_neverChartsANegativeLength() throws {
        let s = try series("""
            local c = shopfloor.counter "c"
            c:task { name = "t", service = 10 }
            c:tellers { skill = "t" }
            for i = 1, 10 do c:arrive "t" end
            """, ["--warmup", "25.05", "--until", "100"])
        let length = try values(s, "queue_length", "t"), busy = try values(s, "utilization", "t")
        // (Within rounding: a point is a difference of two areas over a tenth of a second.)
        #expect(length.allSatisfy { $0 > -1e-9 && $0 < 9 + 1e-9 }, "\(length.filter { $0 <= -1e-9 || $0 >= 9 + 1e-9 })")
        #expect(busy.allSatisfy { $0 > -1e-9 && $0 < 1 + 1e-9 }, "\(busy.filter { $0 <= -1e-9 || $0 >= 1 + 1e-9 })")
    }

    /// Two tellers, one away from 50 s on, always someone waiting: whoever is present is busy, 100 % throughout.
    @Test func test_poolOnABreak_isChartedAgainstTheTellersPresent() throws {
        let s = try series("""
            local c = shopfloor.counter "c"
            c:task { name = "t", service = 1 }
            c:tellers { skill = "t", count = 2, schedule = { { at = 0, count = 2 }, { at = 50, count = 1 } } }
            for i = 1, 400 do c:arrive "t" end
            """, ["--until", "100"])
        let busy = try values(s, "utilization", "t")
        #expect(busy.count > 100)
        #expect(busy.allSatisfy { abs($0 - 1) < 1e-9 }, "\(busy.filter { abs($0 - 1) >= 1e-9 }.prefix(5))")
    }

    /// A run that ends when nobody is left (its length unknown beforehand) is charted in more than one point, and
    /// the points tile it: their time-weighted mean is the summary's mean length.
    @Test func test_runEndingWhenEmpty_isChartedInManyPoints_thatTileIt() throws {
        let folder = try TemporaryFolder()
        try """
            local c = shopfloor.counter "c"
            c:task { name = "t", service = 1 }
            c:tellers { skill = "t" }
            for i = 1, 300 do c:arrive "t" end
            """.write(toFile: folder.path + "/s.lua", atomically: true, encoding: .utf8)
        let path = folder.path + "/report.json"
        let r = try Shell.run(["run", folder.path + "/s.lua", "--report", path])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let series = try #require(object["series"] as? [String: Any])
        let queue = try #require(series["queue_length"] as? [String: Any])
        let times = try #require(queue["t"] as? [Double])
        let length = try values(series, "queue_length", "t")
        #expect(times.count >= 5, "\(times.count) points for 600 events")
        var area = 0.0, before = 0.0
        for (t, v) in zip(times, length) {
            area += v * (t - before)
            before = t
        }
        let summary = try #require(object["summary"] as? [String: Any])
        let lines = try #require(summary["lines"] as? [String: [String: Any]])
        let mean = try #require(lines["t"]?["mean_length"] as? Double)
        #expect(times.last == summary["end_time"] as? Double)
        #expect(abs(area / times.last! - mean) < 1e-9, "charted \(area / times.last!), summary \(mean)")
    }

    /// A series that thinned (more samples offered than it keeps) still tiles the time: as the recorder measures
    /// each kept point over the time since the last kept one, the series' time-weighted mean is the quantity's.
    @Test func test_thinnedSeries_keepsTheTimeWeightedMean() {
        var series = SampledSeries(capacity: 8, kind: .intervalMean)
        series.begin(at: 0)
        var area = 0.0, last = 0.0, keptArea = 0.0, keptTime = 0.0
        var areaAt: [Double: Double] = [:]
        for i in 1...37 {
            let t = Double(i) * 1.5
            area += Double(i % 5) * (t - last)
            last = t
            areaAt[t] = area
            guard series.keepsNextOffer else { series.offer(time: t) { [:] }; continue }
            let mean = (area - keptArea) / (t - keptTime)
            keptArea = area
            keptTime = t
            series.offer(time: t) { ["x": mean] }
        }
        let times = series.times, values = series.values["x"]!
        var charted = 0.0, before = 0.0
        for (t, v) in zip(times, values) {
            charted += v * (t - before)
            before = t
        }
        #expect(series.stride > 1, "it thinned")
        #expect(abs(charted - areaAt[times.last!]!) < 1e-9, "charted \(charted), the quantity's \(areaAt[times.last!]!)")
    }
}
