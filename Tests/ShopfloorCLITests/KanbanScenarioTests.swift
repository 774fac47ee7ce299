import Foundation
import Testing

/// `scripts/kanban.lua` end to end through the built binary: TODO → DOING under the board's own rule
/// (scripts/board_rules.lua, read by `shopfloor.use("board_rule", …)`) → review → DONE.
@Suite("The kanban board simulated end to end")
struct KanbanScenarioTests {
    static let scenario = "scripts/kanban.lua"

    /// The most cards in DOING at once, from the trace: a card enters when a developer starts its "todo" (the
    /// pull) and leaves when its merge finishes. Also the station names the records carry.
    static func traceFigures(_ arguments: [String] = [], in directory: URL = Shell.repository,
                             scenario: String = scenario) throws -> (mostDoing: Int, done: Int, stations: Set<String>) {
        let folder = try TemporaryFolder()
        let trace = folder.path + "/board.jsonl"
        let r = try Shell.run(["run", scenario, "--trace", trace] + arguments, in: directory)
        #expect(r.status == 0, "\(r.stderr)")
        var doing = 0, most = 0, done = 0, stations = Set<String>()
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n") {
            let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let station = record["station"] as? String { stations.insert(station) }
            guard record["station"] as? String == "team" else { continue }
            switch (record["event"] as? String, record["task"] as? String) {
            case ("start", "todo"): doing += 1; most = max(most, doing)
            case ("finish", "merge"): doing -= 1; done += 1
            default: break
            }
        }
        return (most, done, stations)
    }

    @Test func test_run_reportsLeadTimeAndThroughput() throws {
        let r = try Shell.run(["run", Self.scenario])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Board after 120 working days: "))
        #expect(r.stdout.contains("  throughput "))
        #expect(r.stdout.contains("most cards in DOING at once: 3;"))
        #expect(r.stdout.contains("  lead time (TODO to DONE): mean "))
        #expect(r.stdout.contains("  cycle time (DOING to DONE): mean "))
        let check = try Shell.run(["check", Self.scenario])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("board_rule=wip_limit"))
    }

    @Test func test_json_journeysAndStations() throws {
        let r = try Shell.run(["run", Self.scenario, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(Set((o["stations"] as! [String: Any]).keys) == ["team", "review"])
        let all = try #require((o["journeys"] as? [String: [String: Any]])?["*"])
        #expect((all["completed"] as! Int) > 100)
        #expect((all["mean_visits"] as! Double) >= 3, "todo, review, merge at least")
        #expect((o["params"] as? [String: Any])?["max_doing"] as? Int == 3, "the rule's parameter is the run's")
    }

    /// DOING never holds more cards than the rule allows, and reaches it; the rule's own parameter moves the limit.
    @Test(arguments: [(nil as Int?, 3), (2, 2), (5, 5)])
    func test_trace_doingNeverExceedsTheRulesLimit(maxDoing: Int?, limit: Int) throws {
        let figures = try Self.traceFigures(maxDoing.map { ["--set", "max_doing=\($0)"] } ?? [])
        #expect(figures.mostDoing == limit)
        #expect(figures.done > 50)
        #expect(figures.stations == ["team", "review"])
    }

    /// The limit comes from the rule, not from the scenario: a rule that never refuses a move to DOING lets DOING
    /// grow past 3, and a `wip_limit` on the plugin path replaces the rules file's, as it does for the board.
    @Test func test_theRuleDecides() throws {
        let open = try Self.traceFigures(["--use", "board_rule=done_needs_body"])
        #expect(open.mostDoing > 3)
        let folder = try TemporaryFolder()
        folder.write("strict.lua", """
            shopfloor.plugin { kind = "board_rule", name = "wip_limit", description = "one at a time",
              build = function() return function(change, board)
                if change.to == "doing" and board.counts.doing >= 1 then return "one at a time" end
              end end }
            """)
        let strict = try Self.traceFigures(["--plugins", folder.path])
        #expect(strict.mostDoing == 1)
    }

    /// A scenario with no rules file anywhere names the missing plugin.
    @Test func test_noRulesFile_isAClearError() throws {
        let folder = try TemporaryFolder()
        folder.write("k.lua", "local rule = shopfloor.use(\"board_rule\", \"wip_limit\")\n")
        let r = try Shell.run(["run", "k.lua"], in: URL(fileURLWithPath: folder.path),
                              environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/config"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("board_rule 'wip_limit': no such plugin"), "\(r.stderr)")
    }

    @Test func test_sameSeed_sameOutput() throws {
        let a = try Shell.run(["run", Self.scenario, "--seed", "9", "--format", "json"])
        let b = try Shell.run(["run", Self.scenario, "--seed", "9", "--format", "json"])
        let c = try Shell.run(["run", Self.scenario, "--seed", "10", "--format", "json"])
        #expect(a.status == 0 && a.stdout == b.stdout && a.stderr == b.stderr)
        #expect(a.stdout != c.stdout)
    }
}
