import Foundation
import Testing

/// Huge durations and stock counts (issue 13 items 4 and 5): handled or refused with a message, never a trap.
@Suite("Hostile: huge durations and stock counts")
struct HostileHugeNumberTests {
    static let counter = """
        local c = shopfloor.counter "bank"
        c:tellers { skill = "a", count = 1 }
        for _ = 1, 3 do c:arrive { task = "a" } end

        """

    @Test("services past the histogram's range run to a summary", arguments: [
        "shopfloor.fixed(2e10)", "shopfloor.exponential(1e12)",
    ])
    func hugeServiceDistributions(service: String) throws {
        let folder = try TemporaryFolder()
        folder.write("huge.lua", "local c = shopfloor.counter 'bank'\nc:task { name = 'a', service = \(service) }\n"
                     + "c:tellers { skill = 'a', count = 1 }\nfor _ = 1, 3 do c:arrive { task = 'a' } end\n")
        let before = try FolderState(folder)
        let r = try Shell.run(["run", "huge.lua", "--format", "json"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        let object = try FiguresScenarioTests.json(r.stdout)
        #expect(object["served"] as? Int == 3)
        let a = (object["classes"] as! [String: [String: Any]])["a"]!
        #expect((a["p99_wait"] as! Double) == (a["max_wait"] as! Double))
        #expect(try FolderState(folder) == before)
    }

    @Test("a service-time hook answering huge numbers: handled, or refused naming the value and the limit",
          arguments: [("1e10", 0), ("2^53", 0), ("1e308", 1)])
    func hugeServiceHook(answer: String, status: Int32) throws {
        let folder = try TemporaryFolder()
        folder.write("hook.lua", """
            local c = shopfloor.counter "bank"
            c:task { name = "a", service = 1 }
            c:tellers { skill = "a", count = 1 }
            c:service_time(function(customer, teller) return \(answer) end)
            for _ = 1, 3 do c:arrive { task = "a" } end
            """)
        let r = try Shell.run(["run", "hook.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == status, "\(r.stderr)")
        if status == 0 {
            #expect(r.stdout.contains("3 served in"))
        } else {
            // The answer is refused after the hook returned: the hook's definition names it (item 24).
            #expect(r.stderr.hasPrefix("error: hook.lua:4: service time 1e+308 s from simulated time 1e+308 s ends past the largest time the clock can hold"), "\(r.stderr)")
        }
    }

    @Test("stock counts at the largest a script may ask for (10^15): makers, a recipe needing it all ordered twice, a rule ordering it; math.maxinteger refused")
    func hugeStock() throws {
        let folder = try TemporaryFolder()
        folder.write("stock.lua", """
            local c = shopfloor.counter "bar"
            local stock = shopfloor.stock "bar"
            local max = 1000000000000000
            stock:item { name = "kiwi", count = max }
            stock:item { name = "fig", count = 0 }
            stock:recipe("all kiwi", { kiwi = max })
            stock:recipe("fig juice", { fig = 1 })
            stock:makers { count = 1, prep = 1 }
            local ordered = false
            stock:rule(function(fruit, count, pending)
              if fruit == "fig" and pending == 0 and not ordered then ordered = true; return max, 1 end
            end)
            for _ = 1, 3 do c:arrive { task = "all kiwi" } end
            for _ = 1, 3 do c:arrive { task = "fig juice" } end
            """)
        folder.write("maxint.lua", """
            local stock = shopfloor.stock "bar"
            stock:item { name = "kiwi", count = math.maxinteger }
            """)
        let before = try FolderState(folder)
        let r = try Shell.run(["run", "stock.lua", "--format", "json"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        let object = try FiguresScenarioTests.json(r.stdout)
        let kiwi = (object["stock"] as! [String: [String: Any]])["kiwi"]!
        // One order takes it all; the two after it are short by the whole recipe each.
        #expect(kiwi["consumed"] as? Int == 1_000_000_000_000_000)
        #expect(kiwi["lost"] as? Int == 2_000_000_000_000_000)
        #expect(kiwi["min"] as? Int == 0)
        let refused = try Shell.run(["run", "maxint.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: maxint.lua:2: item 'kiwi': 'count' must be an integer from 0 to 1000000000000000, got 9223372036854775807"), "\(refused.stderr)")
        #expect(try FolderState(folder) == before)
    }
}
