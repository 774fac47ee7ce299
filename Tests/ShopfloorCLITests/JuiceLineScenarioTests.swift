import Foundation
import Testing

/// `scripts/juice_line.lua` end to end through the built binary: orders blended from stock (makers), routed to a
/// packing station, and a breakdown process that takes the blenders away now and then.
@Suite("The juice line end to end")
struct JuiceLineScenarioTests {
    static let scenario = "scripts/juice_line.lua"

    static func json(_ arguments: [String] = []) throws -> [String: Any] {
        let r = try Shell.run(["run", scenario, "--format", "json"] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    /// Seconds the blenders were there: busy time over utilisation (utilisation counts present time only).
    static func blendersPresent(_ o: [String: Any]) throws -> Double {
        let pool = try #require((o["pools"] as? [String: [String: Any]])?["blending.blenders"])
        return (pool["busy_time"] as! Double) / (pool["utilization"] as! Double)
    }

    @Test func test_run_and_check_exitZero() throws {
        let r = try Shell.run(["run", Self.scenario, "--set", "orders=200"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("blending.blenders"))
        #expect(r.stdout.contains("packing.packers"))
        #expect(r.stdout.contains(" failed: fill rate "), "the stock's summary follows the stations'")
        let check = try Shell.run(["check", Self.scenario])
        #expect(check.status == 0, "\(check.stderr)")
        let verbose = try Shell.run(["run", Self.scenario, "--set", "orders=300", "--set", "verbose=true"])
        #expect(verbose.stdout.contains("the blenders break down"))
        #expect(verbose.stdout.contains("the blenders are repaired"))
    }

    /// Orders are decided at blending, each blended juice is packed, the JSON has both stations and the stock.
    @Test func test_json_stationsJourneysAndStock() throws {
        let o = try Self.json()
        let stations = try #require(o["stations"] as? [String: [String: Any]])
        #expect(Set(stations.keys) == ["blending", "packing"])
        let orders = try #require(o["orders"] as? [String: [String: Any]])
        let made = orders.values.reduce(0) { $0 + ($1["made"] as! Int) }
        let failed = orders.values.reduce(0) { $0 + ($1["failed"] as! Int) }
        #expect(made + failed == 1000)
        let packed = stations["packing"]!["served"] as! Int
        #expect(packed > 0 && packed <= made)
        let journeys = try #require(o["journeys"] as? [String: [String: Any]])
        #expect(journeys["packing.pack"]!["completed"] as? Int == packed)
        let stock = try #require(o["stock"] as? [String: [String: Any]])
        #expect(stock.count == 5)
        for (fruit, figures) in stock { #expect((figures["min"] as! Int) >= 0, "\(fruit)") }
    }

    /// The breakdowns show: the blenders are away part of the run (their present time is short of the run), orders
    /// wait longer at blending than on the same line without breakdowns, and packing is not where the waits grow.
    @Test func test_breakdowns_changeTheBlendingFigures() throws {
        let broken = try Self.json()
        let sound = try Self.json(["--set", "breakdowns=false"])
        func span(_ o: [String: Any]) -> Double { (o["end_time"] as! Double) - (o["start_time"] as! Double) }
        func wait(_ o: [String: Any], _ station: String) -> Double {
            ((o["stations"] as! [String: [String: Any]])[station]!["wait"] as! [String: Any])["mean"] as! Double
        }
        #expect(abs(try Self.blendersPresent(sound) - span(sound)) < 1e-6 * span(sound))
        #expect(try Self.blendersPresent(broken) < 0.98 * span(broken), "the blenders were away some of the time")
        #expect(wait(broken, "blending") > 2 * wait(sound, "blending"), "\(wait(broken, "blending")) vs \(wait(sound, "blending"))")
    }

    /// Stock is never negative in the trace, every made juice's recipe is taken whole, and every record names a
    /// station but the stock's own (the world's stock has none).
    @Test func test_trace_stockNeverNegativeAndStationNames() throws {
        let folder = try TemporaryFolder()
        let trace = folder.path + "/line.jsonl"
        let r = try Shell.run(["run", Self.scenario, "--set", "orders=400", "--set", "initial_stock=40", "--trace", trace])
        #expect(r.status == 0, "\(r.stderr)")
        var stations = Set<String>(), made = 0, failed = 0
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let station = record["station"] as? String { stations.insert(station) }
            switch record["event"] as? String {
            case "made":
                made += 1
                let left = try #require(record["left"] as? [String: Int])
                let taken = try #require(record["taken"] as? [String: Int])
                #expect(Set(left.keys) == Set(taken.keys), "the whole recipe is taken: \(line)")
                for (fruit, count) in left { #expect(count >= 0, "\(fruit) below 0: \(line)") }
            case "failed": failed += 1
            case "delivered": #expect((record["count"] as! Int) >= 0)
            default: break
            }
        }
        #expect(stations == ["blending", "packing"])
        #expect(made + failed == 400)
    }

    @Test func test_sameSeed_sameOutput() throws {
        let a = try Shell.run(["run", Self.scenario, "--seed", "3", "--set", "orders=300", "--format", "json"])
        let b = try Shell.run(["run", Self.scenario, "--seed", "3", "--set", "orders=300", "--format", "json"])
        let c = try Shell.run(["run", Self.scenario, "--seed", "4", "--set", "orders=300", "--format", "json"])
        #expect(a.status == 0 && a.stdout == b.stdout && a.stderr == b.stderr)
        #expect(a.stdout != c.stdout)
    }
}
