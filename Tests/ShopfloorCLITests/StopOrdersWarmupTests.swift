import Foundation
import Testing

/// `shopfloor.stop { orders = N }` with `--warmup T`: the run stops once N orders are decided after the warm-up,
/// so the summary (whose figures start at T) shows made + failed = N — as `stop { served = N }` counts the served
/// of the summary. It counted the orders before T too, and the summary showed 391 of 500.
@Suite("stop { orders = N } after a warm-up")
struct StopOrdersWarmupTests {
    @Test func test_warmup_ordersCountAfterTheWarmup() throws {
        let r = try Shell.run(["run", "scripts/juice.lua", "--set", "orders=500", "--set", "initial_stock=40", "--warmup", "100",
                               "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let orders = try #require(json["orders"] as? [String: [String: Any]])
        let decided = orders.values.reduce(0) { $0 + ($1["made"] as? Int ?? 0) + ($1["failed"] as? Int ?? 0) }
        #expect(decided == 500, "\(orders)")
        #expect(orders.values.contains { ($0["failed"] as? Int ?? 0) > 0 }, "a run with failures too")
    }
}
