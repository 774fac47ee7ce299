import Foundation
import ShopfloorExperiment
import Testing

/// A measure only some groups' runs have (docs/experiments.md, "A measure missing only in a later group's runs").
///
/// `loans = { true, false }` builds a loan desk in group 0 only: `classes.loan.served` is in group 0's runs and in
/// no run of group 1. Each of group 1's cells used to fail on it ("matches nothing"), so the group lost its deposit
/// figures too and the command exited 1. Now those cells record no value for the loan measures and keep the rest.
@Suite("experiment measure missing in some groups")
struct ExperimentMissingMeasureTests {
    static let scenario = """
        local p = shopfloor.params { loans = { default = true, description = "a loan desk too" } }
        local bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = shopfloor.exponential(1) }
        if p.loans then bank:task { name = "loan", service = shopfloor.exponential(2) } end
        bank:tellers { count = 2, skills = p.loans and { "deposit", "loan" } or { "deposit" } }
        local rng = shopfloor.rng "c"
        for i = 1, 50 do
          shopfloor.at(i * 0.5, function() bank:arrive((p.loans and rng:chance(0.3)) and "loan" or "deposit") end)
        end
        """

    static let experiment = """
        return shopfloor.experiment {
          scenario = "scen.lua",
          params = { loans = { true, false } },
          replications = 3,
          measure = { "classes.*.mean_wait", "classes.loan.served" },
        }
        """

    @Test func test_aMeasureMissingInAGroup_isNoValueThere_andTheOtherMeasuresCount() throws {
        let folder = try TemporaryFolder()
        folder.write("scen.lua", Self.scenario)
        let file = folder.write("e.lua", Self.experiment)
        let out = folder.path("o.jsonl")
        let r = try Shell.run(["experiment", file, "--jobs", "1", "--out", out, "--format", "json"])
        #expect(r.status == 0, "no cell failed: \(r.stderr)")
        let cells = try ShardFile.read(path: out, dropsCutLine: false).cells
        #expect(cells.count == 6)
        #expect(cells.allSatisfy { $0.error == nil }, "\(cells.compactMap(\.error))")
        for cell in cells where cell.group == 1 {
            let measures = try #require(cell.measures)
            #expect(Set(measures.keys) == ["classes.deposit.mean_wait"], "group 1 has no loan desk: \(measures)")
        }
        for cell in cells where cell.group == 0 {
            #expect(cell.measures?["classes.loan.served"] != nil)
        }

        let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let groups = try #require(document["groups"] as? [[String: Any]])
        let deposit = (groups[1]["measures"] as? [String: [String: Any]])?["classes.deposit.mean_wait"]
        #expect(deposit?["n"] as? Int == 3, "group 1's deposit figure counts its three cells")
        let loan = (groups[1]["measures"] as? [String: [String: Any]])?["classes.loan.served"]
        #expect(loan?["n"] as? Int == 0, "observed in none of group 1's cells: \(String(describing: loan))")
        #expect((document["failed"] as? [Any])?.isEmpty == true)

        let text = try Shell.run(["merge", out], environment: ["COLUMNS": "200"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("–: no cell of the group that ran has this figure"), "\(text.stdout)")
        #expect(!text.stdout.contains("failed"), "\(text.stdout)")
        let report = folder.path("r.html")
        let html = try Shell.run(["merge", out, "--report", report])
        #expect(html.status == 0, "\(html.stderr)")
        #expect(try String(contentsOfFile: report, encoding: .utf8).contains("<p class=\"note\">–: no cell of the group that ran has this figure"))
    }
}
