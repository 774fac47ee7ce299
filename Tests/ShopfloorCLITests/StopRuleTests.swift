import Foundation
import Testing

/// `shopfloor.stop`: one function, one stop rule. Its documented uses (`served`, `time`, and with
/// makers `orders`) all work in a scenario with both a counter and a stock (the juice bar), and a later
/// call replaces an earlier one whatever their keys.
@Suite("shopfloor.stop with a counter and a stock")
struct StopRuleTests {
    /// Runs `scripts/juice.lua` (a copy) with its stop line replaced by `stop`, as JSON.
    func runJuice(stop: String, _ extra: [String] = []) throws -> [String: Any] {
        let folder = try JuiceScenarioTests.scriptsCopy()
        try JuiceScenarioTests.edit(folder, "juice.lua", replacing: "shopfloor.stop { orders = p.orders }\n", with: stop + "\n")
        let r = try Shell.run(["run", "juice.lua", "--format", "json"] + extra, in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        return try JuiceScenarioTests.json(r.stdout)
    }

    /// Orders decided by the makers: made + failed over every juice.
    func decided(_ json: [String: Any]) throws -> Int {
        let orders = try #require(json["orders"] as? [String: [String: Any]])
        return orders.values.reduce(0) { $0 + (($1["made"] as? Int) ?? 0) + (($1["failed"] as? Int) ?? 0) }
    }

    @Test func test_orders_stopsAtTheNthDecidedOrder() throws {
        #expect(try decided(runJuice(stop: "shopfloor.stop { orders = 300 }")) == 300)
    }

    @Test func test_served_stopsAtTheNthServiceCompletion() throws {
        let json = try runJuice(stop: "shopfloor.stop { served = 200 }")
        #expect(json["served"] as? Int == 200)
    }

    @Test func test_time_stopsAtThatTime() throws {
        let json = try runJuice(stop: "shopfloor.stop { time = 100 }")
        #expect(json["end_time"] as? Double == 100)
    }

    /// Arrivals that end short of `orders = N`, and a background sampler (`every` without `to`): the run ends when
    /// nothing but the sampler is left, as a `served` or idle run does. It used to go on firing the sampler for ever
    /// (a hang, until --wall-limit).
    @Test func test_orders_endsWhenArrivalsEndShort_despiteABackgroundSampler() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", """
            local stock = shopfloor.stock "bar"
            stock:item { name = "apple", count = 100 }
            stock:recipe("apple juice", { apple = 1 })
            local bar = shopfloor.counter "bar"
            stock:makers { count = 1, prep = 1 }
            local n = 0
            bar:generate(function() n = n + 1; if n > 5 then return nil end; return 1, "apple juice" end)
            shopfloor.every(60, function() end)
            shopfloor.stop { orders = 1000 }
            shopfloor.on("end", function(s) print("end", s.served, s.end_time) end)
            """)
        let r = try Shell.run(["run", "s.lua", "--wall-limit", "20"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("end\t5\t6.0\n"), "\(r.stdout)")
    }

    /// Before, an `orders` rule won over any `served` or `time` rule, given before or after it: the
    /// later `served = 200` was silently ignored and the run went on to 1000 orders.
    @Test func test_aLaterServedRule_replacesAnOrdersRule() throws {
        let json = try runJuice(stop: "shopfloor.stop { orders = 1000 }\nshopfloor.stop { served = 200 }")
        #expect(json["served"] as? Int == 200)
        #expect(try decided(json) < 1000)
    }

    @Test func test_aLaterOrdersRule_replacesAServedOrTimeRule() throws {
        #expect(try decided(runJuice(stop: "shopfloor.stop { served = 900 }\nshopfloor.stop { orders = 300 }")) == 300)
        #expect(try decided(runJuice(stop: "shopfloor.stop { time = 1 }\nshopfloor.stop { orders = 300 }")) == 300)
    }
}
