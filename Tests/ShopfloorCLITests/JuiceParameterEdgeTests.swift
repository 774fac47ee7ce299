import Foundation
import Testing

/// `scripts/juice.lua`'s parameters at the edges they declare: a value `--set` accepts must either run or be
/// refused at load naming the parameters — not fail later in a generator or a stock rule.
@Suite("juice.lua at its parameters' edges")
struct JuiceParameterEdgeTests {
    /// `arrival_rate` is declared `min = 0`; 0 used to fail in the generator with `gap 1 must be a finite number
    /// >= 0, got inf`. No customers: no order decided, nothing made.
    @Test func test_arrivalRateZero_runsWithNoCustomers() throws {
        let r = try Shell.run(["run", "scripts/juice.lua", "--set", "arrival_rate=0", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(json["arrived"] as? Int == 0)
    }

    /// `prep_mean` is declared `min = 0`; 0 used to fail with `exponential: 'mean' must be > 0, got 0`. 0 s prep:
    /// every juice is made at once, so nobody waits for a maker.
    @Test func test_prepMeanZero_makesEveryJuiceAtOnce() throws {
        let r = try Shell.run(["run", "scripts/juice.lua", "--set", "prep_mean=0", "--set", "orders=50", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let classes = try #require(json["classes"] as? [String: [String: Any]])
        #expect(classes.values.allSatisfy { $0["max_wait"] as? Double == 0 }, "\(classes)")
    }

    /// An order-up-to level below the reorder point used to load, then stop the run at the first restock with
    /// `stock_rules.lua:19: restock: 'amount' must be > 0, got -42`.
    @Test func test_orderUpToBelowReorderPoint_isRefusedAtLoad() throws {
        let r = try Shell.run(["run", "scripts/juice.lua", "--set", "order_up_to=50", "--set", "verbose=true"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        // Named at the scenario's line that uses the plugin (it named none).
        #expect(r.stderr.hasPrefix("error: scripts/juice.lua:43: stock_rule/reorder_point: order_up_to (50) must not be less than reorder_point (100)\n"), "\(r.stderr)")
    }
}
