import Foundation
import Testing

/// Each counter has its own service-time function and teller policy (Hooks/StationHooks.swift); the first
/// counter's generator may send customers to any counter's task by `station.task`.
@Suite("Per-station hooks in Lua")
struct StationHooksTests {
    static let scenario = """
        local a = shopfloor.counter "a"
        local b = shopfloor.counter "b"
        a:task { name = "deposit", service = 1, route = "b.deposit" }
        b:task { name = "deposit", service = 1 }
        b:task { name = "loan", service = 1 }
        a:tellers { skill = "deposit" }
        b:tellers { skills = { "deposit", "loan" } }
        b:service_time(function(c, t) return 5 end)
        b:policy(function(teller, lines) if lines["b.loan"].length > 0 then return lines["b.loan"] end return lines["b.deposit"] end)
        assert(a:lines().deposit ~= nil and b:line("deposit") ~= nil and b:lines().loan ~= nil and a:lines().loan == nil)
        a:generate(function(rng) if shopfloor.now() < 3 then return 1, "deposit" end end)
        b:arrive "loan"

        """

    func run(_ script: String, _ extra: [String] = ["--format", "json"]) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("s.lua", script)
        return try Shell.run(["run", "s.lua"] + extra, in: URL(fileURLWithPath: folder.path))
    }

    @Test func test_serviceTimeAndPolicy_applyOnlyToTheirCounter() throws {
        let r = try run(Self.scenario)
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let classes = try #require(object["classes"] as? [String: [String: Any]])
        // a keeps its task's 1 s; b's function makes every service there 5 s, and its policy takes the loan first.
        #expect(classes["a.deposit"]?["mean_time_in_system"] as? Double == 1)
        #expect(classes["b.loan"]?["mean_time_in_system"] as? Double == 5)
        #expect(classes["b.deposit"]?["served"] as? Int == 3)
        #expect(object["end_time"] as? Double == 20)
    }

    /// Built-in rules per counter: "fifo" serves only the teller's own (first) skill, "skills" any in order. The
    /// same rule everywhere is the core's own; different rules go through the per-station dispatcher.
    @Test(arguments: [("fifo", "skills", 0, 1), ("fifo", "fifo", 0, 0), ("skills", "skills", 1, 1), ("skills", "fifo", 1, 0)])
    func test_builtInRules_perCounter(ruleA: String, ruleB: String, servedA: Int, servedB: Int) throws {
        let r = try run("""
            local a = shopfloor.counter "a"
            local b = shopfloor.counter "b"
            for _, c in ipairs { a, b } do
              c:task { name = "x", service = 1 }
              c:task { name = "y", service = 1 }
              c:tellers { skills = { "x", "y" } }
            end
            a:policy "\(ruleA)"
            b:policy "\(ruleB)"
            a:arrive "y"
            b:arrive "y"
            shopfloor.stop { time = 10 }

            """)
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let classes = try #require(object["classes"] as? [String: [String: Any]])
        #expect(classes["a.y"]?["served"] as? Int == servedA)
        #expect(classes["b.y"]?["served"] as? Int == servedB)
    }

    @Test func test_secondCounterServiceTime_badAnswer_namesItsFunction() throws {
        let r = try run(Self.scenario.replacingOccurrences(of: "return 5 end", with: "return -1 end"), [])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:8: service time must return a finite number of seconds >= 0, got -1"), "\(r.stderr)")
    }

    @Test func test_generator_sendsToAnotherCountersTask_byPath() throws {
        let r = try run(Self.scenario.replacingOccurrences(of: "return 1, \"deposit\"", with: "return 1, \"b.loan\""))
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let classes = try #require(object["classes"] as? [String: [String: Any]])
        #expect(classes["b.loan"]?["served"] as? Int == 4)
        #expect(classes["a.deposit"]?["served"] as? Int == 0)
    }
}
