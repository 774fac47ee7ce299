import Foundation
import Testing

/// `scripts/bank_reception.lua` end to end through the built binary: three stations, routing by probabilities and
/// by a function, a lunch break on the deposit pool, the door closing at 16:00 (9:00 is t = 0).
@Suite("The bank with a reception desk end to end")
struct BankReceptionScenarioTests {
    static let scenario = "scripts/bank_reception.lua"
    static let closing = 7.0 * 3600   // 16:00

    static func json(_ arguments: [String] = []) throws -> [String: Any] {
        let r = try Shell.run(["run", scenario, "--format", "json"] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test func test_run_printsTheManagersSummaryAndExitsZero() throws {
        let r = try Shell.run(["run", Self.scenario])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("The day: door open 09:00-16:00, the last customer left at 16:"))
        #expect(r.stdout.contains("turned away at the closed door: "))
        for station in ["reception", "tellers", "manager"] { #expect(r.stdout.contains("  \(station) ")) }
        #expect(r.stdout.contains("Time in the bank, door to exit: mean "))
        #expect(r.stdout.contains("refused at the closed door\n"))
        let check = try Shell.run(["check", Self.scenario])
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// Every station, the journeys and the door's refusals are in the JSON, and they add up.
    @Test func test_json_hasStationsJourneysAndRefusals() throws {
        let o = try Self.json()
        let stations = try #require(o["stations"] as? [String: [String: Any]])
        #expect(Set(stations.keys) == ["reception", "tellers", "manager"])
        let journeys = try #require(o["journeys"] as? [String: [String: Any]])
        let all = try #require(journeys["*"])
        let completed = all["completed"] as! Int
        #expect(completed > 100)
        #expect((stations["reception"]!["served"] as! Int) == completed, "everyone starts at the desk")
        #expect((stations["tellers"]!["served"] as! Int) == completed, "everyone sees one teller")
        let managed = stations["manager"]!["served"] as! Int
        let loans = (o["classes"] as! [String: [String: Any]])["tellers.loan"]!["served"] as! Int
        #expect(managed > 0 && managed < loans / 3, "about a tenth of the loans: \(managed) of \(loans)")
        #expect((journeys["manager.review"]!["mean_visits"] as! Double) == 3)
        let refused = try #require(o["refused"] as? Int)
        #expect(refused > 0)
        #expect((o["classes"] as! [String: [String: Any]])["reception.desk"]!["refused"] as? Int == refused)
        #expect((o["end_time"] as! Double) > Self.closing, "those inside at 16:00 are served after it")
        #expect((o["in_system"] as! Int) == 0)
    }

    /// Nobody comes in after the door closed: no arrival at the desk after 16:00 in the trace, and the trace
    /// names the three stations.
    @Test func test_trace_noArrivalAfterClosingAndStationNames() throws {
        let folder = try TemporaryFolder()
        let trace = folder.path + "/day.jsonl"
        let r = try Shell.run(["run", Self.scenario, "--trace", trace])
        #expect(r.status == 0, "\(r.stderr)")
        var stations = Set<String>(), deskArrivals = 0
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let station = record["station"] as? String { stations.insert(station) }
            if record["event"] as? String == "arrive" && record["station"] as? String == "reception" {
                deskArrivals += 1
                #expect((record["t"] as! Double) <= Self.closing, "an arrival after 16:00: \(line)")
            }
        }
        #expect(stations == ["reception", "tellers", "manager"])
        #expect(deskArrivals > 100)
    }

    /// The lunch break is in the deposit pool's figures: utilisation is busy time over the time the tellers were
    /// there, which is an hour short of the whole day for one of them.
    @Test func test_lunchBreak_takesAnHourOffTheDepositTellersPresence() throws {
        for lunch in [true, false] {
            let o = try Self.json(["--set", "lunch=\(lunch)"])
            let pool = try #require((o["pools"] as? [String: [String: Any]])?["tellers.deposit"])
            let present = (pool["busy_time"] as! Double) / (pool["utilization"] as! Double)
            let day = (o["end_time"] as! Double) - (o["start_time"] as! Double)
            let expected = 3 * day - (lunch ? 3600 : 0)
            #expect(abs(present - expected) < 1e-6 * expected, "lunch=\(lunch): present \(present), expected \(expected)")
        }
    }

    /// Latecomers who find the door shut are refused; with none trying, `refused` is not in the output at all.
    @Test func test_refused_onlyWhenSomeoneTriedTheShutDoor() throws {
        let o = try Self.json(["--set", "latecomers_minutes=0"])
        #expect(o["refused"] == nil)
        #expect((o["classes"] as! [String: [String: Any]])["reception.desk"]!["refused"] == nil)
        let text = try Shell.run(["run", Self.scenario, "--set", "latecomers_minutes=0"])
        #expect(!text.stdout.contains("refused at the closed door"))
        #expect(text.stdout.contains("turned away at the closed door: 0."))
    }

    /// "The last customer left at" is the last finish of the day, and the day ends by then or when the latecomers
    /// stop trying (16:30), whichever is later. Seed 1 said 16:32 for a last finish at 16:07: it printed the run's
    /// end, which the street process had moved past 16:30 by waiting once more before it saw the time was up.
    @Test(arguments: ["1", "7"])
    func test_theLastCustomerLeft_atTheLastFinish_andTheDayEndsNoLater(seed: String) throws {
        let folder = try TemporaryFolder()
        let trace = folder.path + "/day.jsonl"
        let r = try Shell.run(["run", Self.scenario, "--seed", seed, "--format", "json", "--trace", trace])
        #expect(r.status == 0, "\(r.stderr)")
        var lastFinish = 0.0
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if record["event"] as? String == "finish" { lastFinish = max(lastFinish, record["t"] as! Double) }
        }
        let minutes = Int((lastFinish / 60).rounded())
        let clock = String(format: "%02d:%02d", 9 + minutes / 60, minutes % 60)
        #expect(r.stderr.hasPrefix("The day: door open 09:00-16:00, the last customer left at \(clock).\n"), "\(r.stderr)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let lastTry = Self.closing + 30 * 60
        #expect((o["end_time"] as! Double) <= max(lastFinish, lastTry), "end \(o["end_time"]!), last finish \(lastFinish)")
    }

    @Test func test_sameSeed_sameOutput_otherSeed_otherDay() throws {
        let a = try Shell.run(["run", Self.scenario, "--seed", "5", "--format", "json"])
        let b = try Shell.run(["run", Self.scenario, "--seed", "5", "--format", "json"])
        let c = try Shell.run(["run", Self.scenario, "--seed", "6", "--format", "json"])
        #expect(a.status == 0 && a.stdout == b.stdout && a.stderr == b.stderr)
        #expect(a.stdout != c.stdout)
    }
}
