import Foundation
import Testing

/// A fruit a short order leaves untouched is still reordered (docs/lua-api.md, `stock:rule`).
///
/// A stock rule is called after a change of a fruit's count, and only below its declared `below` level. A short
/// order changes no count, so a fruit that stopped above the reorder point but below a recipe's need (reorder
/// point 1, a recipe needing 3, 2 left), or that opened below the point and was never taken, was never reordered:
/// every later order of that juice failed, and nothing said why. The core now asks every rule once per short
/// fruit, with the units the order needed, and the shipped rules order then.
@Suite("Stock rules are asked when an order is short")
struct ReorderOnShortageTests {
    /// One maker, kiwis for one juice and a bit, ten orders 10 s apart; the rule from `--use` and `--set`.
    static let bar = """
        local bar = shopfloor.counter "bar"
        local stock = shopfloor.stock "bar"
        stock:item { name = "kiwi", count = 5, capacity = 50 }
        stock:recipes { shopfloor.recipe "kiwi juice" { kiwi = 3 } }
        stock:makers { count = 1, prep = 1 }
        shopfloor.use("stock_rule", "reorder_point", stock)
        for i = 1, 10 do shopfloor.at(i * 10, function() bar:arrive "kiwi juice" end) end
        """

    func run(_ scenario: String, _ arguments: [String]) throws -> [String: Any] {
        let folder = try JuiceScenarioTests.scriptsCopy()
        folder.write("bar.lua", scenario)
        let r = try Shell.run(["run", "bar.lua", "--format", "json", "--wall-limit", "60"] + arguments, in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        return try JuiceScenarioTests.json(r.stdout)
    }

    @Test func test_reorderPointBelowARecipesNeed_reordersWhenAnOrderIsShort() throws {
        let json = try run(Self.bar, ["--set", "reorder_point=1", "--set", "order_up_to=20", "--set", "lead_time=2"])
        let kiwi = try #require((json["stock"] as? [String: [String: Any]])?["kiwi"])
        let orders = try #require((json["orders"] as? [String: [String: Any]])?["kiwi juice"])
        // Before: one juice made, 2 kiwis left for ever, nothing delivered, 9 orders failed.
        #expect((kiwi["delivered"] as? Int ?? 0) > 0, "\(kiwi)")
        #expect(orders["made"] as? Int == 8, "\(orders)")
        #expect(orders["failed"] as? Int == 2, "\(orders)")
    }

    @Test(arguments: [("reorder_point", ["--set", "reorder_point=10", "--set", "order_up_to=20"]), ("demand_forecast", [])])
    func test_aFruitOpeningShortAndNeverTaken_isReordered(rule: String, settings: [String]) throws {
        // 2 kiwis at opening (below the reorder point), 3 per juice: no order ever takes a kiwi, so no count changes.
        let scenario = Self.bar.replacingOccurrences(of: "count = 5", with: "count = 2")
            .replacingOccurrences(of: "\"reorder_point\"", with: "\"\(rule)\"")
        let json = try run(scenario, settings + ["--set", "lead_time=2"])
        let kiwi = try #require((json["stock"] as? [String: [String: Any]])?["kiwi"])
        let orders = try #require((json["orders"] as? [String: [String: Any]])?["kiwi juice"])
        #expect((kiwi["delivered"] as? Int ?? 0) > 0, "\(rule): \(kiwi)")
        #expect((orders["made"] as? Int ?? 0) >= 8, "\(rule): \(orders)")
    }

    @Test func test_aRule_isAskedWithTheNeed_onlyWhenShort_whateverItsLevel() throws {
        let folder = try TemporaryFolder()
        folder.write("rule.lua", """
            local stock = shopfloor.stock "bar"
            stock:item { name = "kiwi", count = 5 }
            stock:recipes { shopfloor.recipe "kiwi juice" { kiwi = 3 } }
            stock:rule(function(fruit, count, pending, need)
              print(fruit, count, pending, need)
            end, { below = 1 })
            print(stock:order "kiwi juice")
            print(stock:order "kiwi juice")
            """)
        let r = try Shell.run(["run", "rule.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        // The made order leaves 2 (not below 1: no call); the short one asks with need 3.
        #expect(r.stdout.hasPrefix("true\nkiwi\t2\t0\t3\nfalse\tkiwi: need 3, have 2\n"), "\(r.stdout)")
    }
}
