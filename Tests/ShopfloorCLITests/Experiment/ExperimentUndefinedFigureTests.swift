import Foundation
import ShopfloorExperiment
import Testing

/// A class nobody of which came in a run prints `mean_wait` 0 there: a figure with no observation behind it.
/// Averaged over replications those zeros pulled a rare class's wait down (here 0.7 s for a class that always
/// waits 1 s). A cell now records no value for it, the measure's `n` counts the cells that observed it, and
/// the table says `(n=K)` where that is fewer than the group's cells.
@Suite("experiment: figures of a class absent from a run")
struct ExperimentUndefinedFigureTests {
    /// One deposit at time 0; a loan, half the time, at time 0 too: it waits the deposit's 1 s, always.
    static let scenario = """
        local bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = shopfloor.fixed(1) }
        bank:task { name = "loan", service = shopfloor.fixed(1) }
        bank:tellers { skills = { "deposit", "loan" }, count = 1 }
        bank:arrive "deposit"
        if math.random() < 0.5 then bank:arrive "loan" end
        """

    @Test func test_aClassAbsentFromSomeCells_countsOnlyWhereItCame() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", Self.scenario)
        let file = folder.write("e.lua", """
            return shopfloor.experiment {
              scenario = "s.lua",
              replications = 10,
              measure = { "classes.*.mean_wait", "classes.loan.arrived" },
            }
            """)
        let out = folder.path("o.jsonl")
        let r = try Shell.run(["experiment", file, "--jobs", "1", "--out", out, "--format", "json"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        let cells = try ShardFile.read(path: out, dropsCutLine: false).cells
        let came = cells.filter { $0.measures?["classes.loan.arrived"] == 1 }
        #expect(came.count > 0 && came.count < 10, "the seed gives both kinds of cell")
        for cell in cells {
            let arrived = try #require(cell.measures?["classes.loan.arrived"])
            #expect((cell.measures?["classes.loan.mean_wait"] == nil) == (arrived == 0), "cell \(cell.index)")
            #expect(cell.measures?["classes.deposit.mean_wait"] == 0)
        }
        let result = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let group = try #require((result?["groups"] as? [[String: Any]])?.first)
        let loan = try #require((group["measures"] as? [String: Any])?["classes.loan.mean_wait"] as? [String: Any])
        #expect(loan["n"] as? Int == came.count)
        #expect(loan["mean"] as? Double == 1)
        let text = try Shell.run(["experiment", file, "--jobs", "1"], in: folder.url)
        #expect(text.stdout.contains("1 ± 0 (n=\(came.count))"), "\(text.stdout)")
    }
}
