import Foundation
import Testing

/// A reorder level the shelf cannot reach (docs/lua-api.md, `stock:rule`): a rule that orders whenever a fruit is
/// below 100, on a shelf of 50, found the fruit below 100 after every delivery and ordered again; each delivery
/// after the first was refused whole, and a run without a stop rule never ended. A delivery refused whole changes
/// no count, so it now asks no rule; and the shipped `reorder_point` plugin refuses such a level outright.
@Suite("A reorder level above the shelf's capacity")
struct ReorderAboveCapacityTests {
    /// 40 kiwis on a shelf of 50, a rule ordering up to 400 below 100 (5 s lead time), an order at 100, 200, 300.
    static let scenario = """
        local stock = shopfloor.stock()
        stock:item { name = "kiwi", count = 40, capacity = 50 }
        stock:recipe("kiwi juice", { kiwi = 3 })
        stock:rule(function(fruit, count, pending)
          if count < 100 and pending == 0 then return 400 - count, 5 end
        end)
        for i = 1, 3 do shopfloor.at(i * 100, function() stock:order("kiwi juice") end) end
        """

    @Test func test_aRunWithoutAStopRule_ends_afterTwoDeliveriesPerOrder() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", Self.scenario)
        let r = try Shell.run(["run", "s.lua", "--format", "json", "--wall-limit", "60"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try JuiceScenarioTests.json(r.stdout)
        let kiwi = try #require((json["stock"] as? [String: [String: Any]])?["kiwi"])
        // Each order takes 3 and asks for 400 - 47: the delivery fills the shelf (3 of 353 accepted, the first
        // time 13 of 363), the rule asks again, that delivery is refused whole, and no rule is asked after it.
        #expect(kiwi["deliveries"] as? Int == 6, "\(kiwi)")
        #expect(kiwi["delivered"] as? Int == 13 + 3 + 3, "\(kiwi)")
        #expect(kiwi["excess"] as? Int == 6 * 350, "\(kiwi)")
        #expect(kiwi["final"] as? Int == 50, "\(kiwi)")
        #expect(json["end_time"] as? Double == 310, "\(json)")
    }

    @Test func test_theReorderPointPlugin_refusesALevelAboveAFruitsCapacity() throws {
        let folder = try JuiceScenarioTests.scriptsCopy()   // the shipped plugins beside the scenario
        folder.write("s.lua", """
            local stock = shopfloor.stock()
            stock:item { name = "kiwi", count = 40, capacity = 500 }
            stock:item { name = "mango", count = 40, capacity = 50 }
            shopfloor.use("stock_rule", "reorder_point", stock)
            """)
        let r = try Shell.run(["run", "s.lua", "--set", "reorder_point=60"], in: folder.url)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: s.lua:4: stock_rule/reorder_point: reorder_point (60) is above the capacity of 'mango' (50): "
            + "its count can never reach it, so every delivery would be followed by another order\n"), "\(r.stderr)")
        #expect(r.stderr.contains("s.lua:4: in main chunk"), "\(r.stderr)")
        // At the capacity it is reachable: a full shelf is not below it.
        #expect(try Shell.run(["run", "s.lua", "--set", "reorder_point=50"], in: folder.url).status == 0)
    }

    /// The same trap from the recipe's side: a recipe needing more kiwis than the shelf holds failed every order for
    /// ever, each with `kiwi: need 60, have 50`. It is refused at its line; a book of recipes is still taken all or
    /// nothing (the good recipe before it is not registered either).
    @Test func test_aRecipeNeedingMoreThanTheShelfHolds_isRefusedAtItsLine() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", """
            local stock = shopfloor.stock()
            stock:item { name = "kiwi", count = 40, capacity = 50 }
            local ok, message = pcall(stock.recipes, stock, {
              shopfloor.recipe "kiwi juice" { kiwi = 3 },
              shopfloor.recipe "kiwi shake" { kiwi = 60 },
            })
            print(ok, message, #stock:recipes())
            stock:recipe("kiwi shake", { kiwi = 60 })
            """)
        let r = try Shell.run(["run", "s.lua"], in: folder.url)
        #expect(r.status == 1)
        #expect(r.stdout == "false\ts.lua:5: recipe 'kiwi shake': count of 'kiwi' must be <= its capacity 50, got 60 (the recipe could never be made)\t0\n")
        #expect(r.stderr.hasPrefix("error: s.lua:8: recipe 'kiwi shake': count of 'kiwi' must be <= its capacity 50, got 60 (the recipe could never be made)\n"), "\(r.stderr)")
    }
}

