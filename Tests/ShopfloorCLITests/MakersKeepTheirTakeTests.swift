import Foundation
import Testing

/// The makers' take (a recipe from stock, all or nothing, at each service start) is the core's, whatever comes
/// after `stock:makers`. A service-time function on the makers' counter, or a second counter added after the
/// makers, used to replace it: every order was served, no fruit was taken, `made` read 0 and `fill_rate` 1
/// (236 juices from 25 apples). Now the function only gives a made order's prep time, and a second counter
/// keeps the makers' rule (the oldest order first) on the first one.
@Suite("The makers keep their take")
struct MakersKeepTheirTakeTests {
    /// Two juices from 30 apples and 30 pears, two makers at `bar`; `after` is Lua run after `stock:makers`.
    static func scenario(before: String = "", after: String) -> String {
        """
        local bar = shopfloor.counter "bar"
        \(before)
        local stock = shopfloor.stock()
        stock:item { name = "apple", count = 30 }
        stock:item { name = "pear", count = 30 }
        stock:recipe("apple juice", { apple = 2 })
        stock:recipe("pear juice", { pear = 1 })
        stock:makers { count = 2, prep = shopfloor.exponential(1.5) }
        \(after)
        bar:arrivals { rate = 1.5, mix = { ["apple juice"] = 1, ["pear juice"] = 1 } }
        local order = {}
        bar:on("start", function(c) order[#order + 1] = c.number end)
        bar:on("fail", function(c) order[#order + 1] = c.number end)
        shopfloor.on("end", function()
          local sorted = true
          for i = 2, #order do sorted = sorted and order[i - 1] < order[i] end
          print("bar decisions " .. #order .. (sorted and " oldest first" or " OUT OF ORDER"))
        end)
        shopfloor.stop { time = 200 }
        """
    }

    static let pack = """
        local pack = shopfloor.counter "pack"
        pack:task { name = "wrap", service = shopfloor.exponential(0.3) }
        pack:task { name = "gift", service = shopfloor.exponential(0.3) }
        pack:tellers { skills = { "wrap", "gift" }, count = 1 }
        """

    /// The run's JSON and the line the end hook printed (text mode prints it first on standard output).
    static func run(_ source: String) throws -> (json: [String: Any], decisions: String) {
        let folder = try TemporaryFolder()
        folder.write("bar.lua", source)
        let r = try Shell.run(["run", "bar.lua", "--format", "json"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let text = try Shell.run(["run", "bar.lua"], in: folder.url)
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("bar decisions ") })
        return (json, String(line))
    }

    /// Stock conserved and every order decided by the stock: made = fruit taken, served at the bar = made.
    static func expectTaken(_ json: [String: Any], barClass: (String) -> String) throws {
        let orders = try #require(json["orders"] as? [String: [String: Any]])
        let stock = try #require(json["stock"] as? [String: [String: Any]])
        let classes = try #require(json["classes"] as? [String: [String: Any]])
        let apple = try #require(orders["apple juice"]), pear = try #require(orders["pear juice"])
        let madeApple = try #require(apple["made"] as? Int), madePear = try #require(pear["made"] as? Int)
        #expect(stock["apple"]?["consumed"] as? Int == 2 * madeApple)
        #expect(stock["pear"]?["consumed"] as? Int == madePear)
        #expect(madeApple == 15 && madePear == 30, "30 apples make 15 apple juices, 30 pears 30 pear juices")
        #expect((apple["failed"] as? Int ?? 0) > 50 && (pear["failed"] as? Int ?? 0) > 50, "~150 orders each, most short")
        for juice in ["apple juice", "pear juice"] {
            let c = try #require(classes[barClass(juice)], "\(juice)")
            #expect(c["failed"] as? Int == orders[juice]?["failed"] as? Int)
            #expect((c["served"] as? Int ?? -1) <= (orders[juice]?["made"] as? Int ?? 0))
        }
    }

    @Test func test_serviceTimeFunction_onTheMakersCounter_givesThePrepTime_theTakeStays() throws {
        let (json, decisions) = try Self.run(Self.scenario(after: "bar:service_time(function(c) return 0.25 end)"))
        try Self.expectTaken(json) { $0 }
        #expect(decisions.hasSuffix(" oldest first"), "\(decisions)")
        // Every made juice took the function's 0.25 s: the makers were busy 45 × 0.25 s in all.
        let pools = try #require(json["pools"] as? [String: [String: Any]])
        let busy = try #require(pools["makers"]?["busy_time"] as? Double)
        #expect(abs(busy - 45 * 0.25) < 1e-9, "\(busy)")
    }

    @Test func test_secondCounter_afterTheMakers_keepsTheTakeAndTheOldestFirst() throws {
        let (json, decisions) = try Self.run(Self.scenario(after: Self.pack + "\nbar:route(\"apple juice\", \"pack.gift\")"))
        try Self.expectTaken(json) { "bar." + $0 }
        #expect(decisions.hasSuffix(" oldest first"), "\(decisions)")
        let classes = try #require(json["classes"] as? [String: [String: Any]])
        #expect(classes["pack.gift"]?["arrived"] as? Int == classes["bar.apple juice"]?["served"] as? Int)
    }

    @Test func test_aPolicyOnAnotherCounter_setBeforeTheMakers_staysThatCounters() throws {
        let policy = """
            \(Self.pack)
            local asked = 0
            pack:policy(function(teller, lines) asked = asked + 1; return lines.gift end)
            shopfloor.on("end", function() print("pack policy asked " .. asked) end)
            """
        let source = Self.scenario(before: policy, after: "bar:route(\"apple juice\", \"pack.gift\")")
        let (json, decisions) = try Self.run(source)
        try Self.expectTaken(json) { "bar." + $0 }
        #expect(decisions.hasSuffix(" oldest first"), "\(decisions)")
        let folder = try TemporaryFolder()
        folder.write("bar.lua", source)
        let text = try Shell.run(["run", "bar.lua"], in: folder.url)
        let asked = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("pack policy asked ") })
        #expect(Int(asked.split(separator: " ").last!)! >= 15, "\(asked): asked for every gift at least")
    }
}
