import Foundation
import Testing

/// `arrived = served + balked + reneged + failed + in_system` at every level of `shopfloor run --format json`:
/// the top level, the classes and (in a network) the stations, through the binary.
///
/// Where makers serve from stock, a class had `failed` (customers turned away, order short) but the top level did
/// not, so its `served + balked + reneged + in_system` fell short of `arrived` by the customers turned away while
/// every class added up. The top level now has `failed` on the same condition as the classes (docs/lua-api.md,
/// "What the figures mean"); a scenario without stock has neither, and its bytes are unchanged.
@Suite("The run's totals add up")
struct TotalsAddUpTests {
    static let counts = ["served", "balked", "reneged", "failed"]

    /// Scenario arguments and whether makers serve from stock there (so `failed` is written), and whether some
    /// customers are turned away (the case the top level got wrong).
    @Test(arguments: [
        (["scripts/juice.lua", "--set", "initial_stock=5"], true, true),
        (["scripts/juice.lua", "--set", "initial_stock=5", "--seed", "7"], true, true),
        (["scripts/juice.lua"], true, false),
        (["scripts/juice_line.lua", "--set", "initial_stock=5"], true, true),
        (["scripts/bank.lua"], false, false),
        (["scripts/bank_open.lua", "--set", "customers=2000"], false, false),
        (["scripts/bank_reception.lua"], false, false),
        (["scripts/kanban.lua"], false, false),
    ])
    func test_everyLevel_addsUpToTheArrivals(arguments: [String], makers: Bool, turnedAway: Bool) throws {
        let r = try Shell.run(["run"] + arguments + ["--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JuiceScenarioTests.json(r.stdout)
        let inSystem = try #require(json["in_system"] as? Int)
        #expect((json["failed"] != nil) == makers, "top-level failed written exactly where makers serve from stock")
        if turnedAway { #expect((json["failed"] as? Int ?? 0) > 0, "the scenario turns customers away") }

        // What is left of a level's arrivals once served, balked, reneged and failed are taken away.
        func left(_ level: [String: Any]) -> Int {
            (level["arrived"] as? Int ?? 0) - Self.counts.reduce(0) { $0 + (level[$1] as? Int ?? 0) }
        }
        #expect(left(json) == inSystem, "top level: \(arguments)")

        let classes = try #require(json["classes"] as? [String: [String: Any]])
        #expect(classes.values.allSatisfy { left($0) >= 0 })
        #expect(classes.values.reduce(0) { $0 + left($1) } == inSystem, "classes: \(arguments)")
        for key in ["arrived"] + Self.counts {
            #expect(classes.values.reduce(0) { $0 + ($1[key] as? Int ?? 0) } == json[key] as? Int ?? 0, "classes' \(key)")
        }

        guard let stations = json["stations"] as? [String: [String: Any]] else { return }
        #expect(stations.values.reduce(0) { $0 + left($1) } == inSystem, "stations: \(arguments)")
        for (name, station) in stations {
            let tasks = try #require(station["tasks"] as? [String])
            for key in ["arrived"] + Self.counts {
                let ofClasses = tasks.reduce(0) { $0 + (classes["\(name).\($1)"]?[key] as? Int ?? 0) }
                #expect(station[key] as? Int == ofClasses, "station \(name)'s \(key) is its classes'")
            }
        }
    }

    /// The Lua summary (`shopfloor.on("end")` and `counter:stats()`) has the same top-level `failed`, and the text
    /// summary a `failed` column beside balked and reneged.
    @Test func test_luaSummaryAndText_haveTheTopLevelFailed() throws {
        let folder = try JuiceScenarioTests.scriptsCopy()
        folder.write("short_bar.lua", """
            require "juice"
            local bar = shopfloor.counter "juice bar"
            shopfloor.on("end", function(s)
              local t = bar:stats()
              print(("end %d = %d + %d + %d + %d + %d; stats %d"):format(s.arrived, s.served, s.balked, s.reneged,
                s.failed, s.in_system, t.failed))
            end)
            """)
        let r = try Shell.run(["run", "short_bar.lua", "--set", "initial_stock=5", "--format", "json"],
                              in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        // With --format json the scenario's own prints go to stderr (stdout holds the one JSON object).
        let line = try #require(r.stderr.split(separator: "\n").first { $0.hasPrefix("end ") }, "\(r.stderr)")
        let json = try JuiceScenarioTests.json(r.stdout)
        let failed = try #require(json["failed"] as? Int)
        #expect(line == "end \(json["arrived"]!) = \(json["served"]!) + 0 + 0 + \(failed) + \(json["in_system"]!); stats \(failed)")

        let text = try Shell.run(["run", "scripts/juice.lua", "--set", "initial_stock=5"])
        #expect(text.stdout.contains("balked  reneged  failed\n"), "\(text.stdout)")
        #expect(text.stdout.contains("\nbanana juice                147     2.20 s    8.23 s   12.46 s       0        0       1\n"),
                "\(text.stdout)")
        let bank = try Shell.run(["run", "scripts/bank.lua"])
        #expect(bank.stdout.contains("balked  reneged\n"), "no failed column without stock")
    }
}
