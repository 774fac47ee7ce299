import Foundation
import ShopfloorExperiment
import Testing

/// A juice nobody ordered in a run prints `fill_rate` 1 there (made ÷ (made + failed) with no order at all): a
/// figure with no observation behind it, like the wait of a class nobody of which came (ExperimentUndefinedFigureTests).
/// Averaged over replications those ones pulled a rare juice's fill rate up: here 0.5 for a juice that always fails.
@Suite("experiment: the fill rate of a juice nobody ordered")
struct ExperimentUndefinedFillRateTests {
    /// A kiwi juice ordered in every run, always made; a mango juice, half the time, always short.
    static let scenario = """
        local stock = shopfloor.stock "bar"
        stock:item { name = "kiwi", count = 10 }
        stock:item { name = "mango", count = 0 }
        stock:recipe("kiwi juice", { kiwi = 1 })
        stock:recipe("mango juice", { mango = 1 })
        local bar = shopfloor.counter "bar"
        stock:makers { count = 1, prep = 1 }
        bar:arrive "kiwi juice"
        if math.random() < 0.5 then bar:arrive "mango juice" end
        """

    @Test func test_aJuiceNobodyOrdered_hasNoFillRateInThatCell() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", Self.scenario)
        let file = folder.write("e.lua", """
            return shopfloor.experiment {
              scenario = "s.lua",
              replications = 10,
              measure = { "orders.*.fill_rate", "orders.mango juice.failed", "fill_rate" },
            }
            """)
        let out = folder.path("o.jsonl")
        let r = try Shell.run(["experiment", file, "--jobs", "1", "--out", out, "--format", "json"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        let cells = try ShardFile.read(path: out, dropsCutLine: false).cells
        let ordered = cells.filter { $0.measures?["orders.mango juice.failed"] == 1 }
        #expect(ordered.count > 0 && ordered.count < 10, "the seed gives both kinds of cell")
        for cell in cells {
            let failed = try #require(cell.measures?["orders.mango juice.failed"])
            #expect((cell.measures?["orders.mango juice.fill_rate"] == nil) == (failed == 0), "cell \(cell.index)")
            #expect(cell.measures?["orders.kiwi juice.fill_rate"] == 1)
        }
        let result = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        let group = try #require((result?["groups"] as? [[String: Any]])?.first)
        let mango = try #require((group["measures"] as? [String: Any])?["orders.mango juice.fill_rate"] as? [String: Any])
        #expect(mango["n"] as? Int == ordered.count)
        #expect(mango["mean"] as? Double == 0)
    }

    /// No order at all in a run: the total fill rate has no observation either.
    @Test func test_noOrderAtAll_hasNoTotalFillRate() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", """
            local stock = shopfloor.stock "bar"
            stock:item { name = "kiwi", count = 10 }
            stock:recipe("kiwi juice", { kiwi = 1 })
            stock:makers { count = 1, prep = 1 }
            """)
        let file = folder.write("e.lua", """
            return shopfloor.experiment { scenario = "s.lua", replications = 2, measure = { "fill_rate", "orders.kiwi juice.made" } }
            """)
        let out = folder.path("o.jsonl")
        let r = try Shell.run(["experiment", file, "--jobs", "1", "--out", out, "--format", "json"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        let cells = try ShardFile.read(path: out, dropsCutLine: false).cells
        #expect(cells.count == 2 && cells.allSatisfy { $0.measures?["fill_rate"] == nil && $0.measures?["orders.kiwi juice.made"] == 0 }, "\(cells)")
    }
}
