import Foundation
import Testing

/// `--plan` of a large design (300,000 cells) prints every cell a row at a time, in a few megabytes of
/// memory: under a 150 MB address-space limit it finishes. It used to build the whole table first
/// (440 MB for 1,000,000 cells, 4 GB and three minutes for the 10,000,000 a design may have) and died.
@Suite("experiment plan size")
struct ExperimentPlanSizeTests {
    @Test(arguments: ["text", "json"])
    func test_planOfManyCells_runsInLittleMemory(_ format: String) throws {
        let folder = try TemporaryFolder()
        // 300 × 100 grid points × 10 replications = 300,000 cells.
        let file = folder.write("e.lua", """
            return shopfloor.experiment {
              scenario = "\(ExperimentSupport.bankOpen)",
              params = { customers = shopfloor.range(100, 399, 1), deposit_tellers = shopfloor.range(1, 100, 1) },
              replications = 10,
              measure = "classes.deposit.mean_wait",
            }
            """)
        let r = try Shell.capture(URL(fileURLWithPath: "/bin/bash"),
                                  ["-c", "ulimit -v 150000 && exec \"$0\" \"$@\"", Shell.executable.path,
                                   "experiment", file, "--plan", "--format", format])
        #expect(r.status == 0, "\(r.stderr.prefix(300))")
        if format == "json" {
            let plan = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
            let cells = try #require(plan["cells"] as? [[String: Any]])
            #expect(cells.count == 300_000)
            #expect(cells.last?["index"] as? Int == 299_999 && cells.last?["replication"] as? Int == 9)
            #expect((plan["groups"] as? [Any])?.count == 30_000)
        } else {
            let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.contains("30000 groups × 10 replications = 300000 cells (index = replication × 30000 + group)"))
            #expect(lines.filter { $0.hasPrefix("29999  ") }.count == 1, "the last group's row")
            #expect(lines.suffix(2).first?.hasPrefix("299999  29999            9  ") == true, "\(lines.suffix(3))")
        }
    }
}
