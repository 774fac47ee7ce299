import Foundation
import Testing

/// The run's figures end to end: a run ends at its last real event, the juice bar's figures agree wherever
/// they are printed, group arrivals keep event order, normal means are the clamped ones, a warm-up measures
/// one population (issue 12 items 1, 3–6; issue 13 items 16–18).
@Suite("Figures end to end")
struct FiguresScenarioTests {
    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("a served customer's patience does not keep the day open: close at the last finish")
    func patienceDoesNotKeepTheDayOpen() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("patience.lua", """
            local c = shopfloor.counter "bank"
            c:task { name = "a", service = 1, patience = shopfloor.fixed(1000) }
            c:tellers { skill = "a", count = 1 }
            for _ = 1, 3 do c:arrive { task = "a" } end
            shopfloor.on("close", function(s) print("close at " .. s.end_time) end)
            """)
        let r = try Shell.run(["run", file])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("close at 3.0\n"))
        #expect(r.stdout.contains("a           1      100.0 %"))
        #expect(r.stdout.contains("3 served in 3.00 s of simulated time\n"))
    }

    @Test("the docs' loan example closes at its last event")
    func loanExampleClosesAtItsLastEvent() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("loan.lua", """
            local bank = shopfloor.counter "bank"
            bank:task { name = "deposit", service = shopfloor.exponential(0.7) }
            bank:task { name = "loan", service = shopfloor.exponential(1.1), capacity = 20, patience = shopfloor.uniform(60, 300) }
            bank:tellers { skill = "deposit", count = 2 }
            bank:tellers { skills = { "loan", "deposit" }, count = 1, name = "loan" }
            local rng = shopfloor.rng "customers"
            for _ = 1, 20 do bank:arrive(rng:pick { "deposit", "loan" }) end
            """)
        let trace = folder.path + "/trace.jsonl"
        let r = try Shell.run(["run", file, "--format", "json", "--trace", trace])
        #expect(r.status == 0, "\(r.stderr)")
        let end = try #require(try Self.json(r.stdout)["end_time"] as? Double)
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
        let last = try #require(try Self.json(String(lines.last!))["t"] as? Double)
        #expect(end == last)
        #expect(end < 60)
    }

    @Test("the juice bar's figures agree in text, JSON and between classes and orders",
          arguments: [["--set", "initial_stock=10", "--set", "reorder_point=0", "--set", "orders=100"],
                      ["--set", "orders=10"], ["--set", "orders=10", "--seed", "2"], ["--set", "orders=10", "--seed", "3"],
                      ["--set", "orders=200"], ["--set", "orders=200", "--seed", "2"], ["--set", "orders=200", "--seed", "3"]])
    func juiceFiguresAgree(arguments: [String]) throws {
        let r = try Shell.run(["run", "scripts/juice.lua", "--format", "json"] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        let object = try Self.json(r.stdout)
        let classes = try #require(object["classes"] as? [String: [String: Any]])
        let orders = try #require(object["orders"] as? [String: [String: Any]])
        var failed = 0, made = 0
        for (juice, c) in classes {
            let o = try #require(orders[juice])
            #expect(c["failed"] as? Int == o["failed"] as? Int, "\(juice)")
            #expect((o["made"] as! Int) >= (c["served"] as! Int), "\(juice)")
            failed += c["failed"] as! Int
            made += o["made"] as! Int
        }
        let arrived = object["arrived"] as! Int, served = object["served"] as! Int, inside = object["in_system"] as! Int
        #expect(served + failed + inside == arrived)
        #expect(made + failed == (arguments.contains("orders=100") ? 100 : arguments.contains("orders=10") ? 10 : 200))
        for (fruit, s) in object["stock"] as! [String: [String: Any]] {
            #expect((s["min"] as! Int) <= (s["final"] as! Int), "\(fruit) \(arguments)")
        }
        // The text says the same.
        let text = try Shell.run(["run", "scripts/juice.lua"] + arguments)
        let closing = "\(served) served in"
        #expect(text.stdout.contains(closing))
        if failed > 0 { #expect(text.stdout.contains(", \(failed) turned away (order short)")) }
        #expect(text.stdout.contains("\(made) made, \(failed) failed"))
    }

    @Test("a Lua generator returning groups: every arrival is traced before its start")
    func groupsKeepEventOrder() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("groups.lua", """
            local c = shopfloor.counter "bank"
            c:task { name = "a", service = shopfloor.exponential(1) }
            c:tellers { skill = "a", count = 3 }
            local n = 0
            c:generate(function(rng)
              n = n + 1
              if n > 30 then return nil end
              return rng:exp(2), { "a", "a", "a" }
            end)
            c:on("start", function(x) if not arrived[x.number] then error("customer " .. x.number .. " started without arriving") end end)
            c:on("arrive", function(x) arrived[x.number] = true end)
            arrived = {}
            """)
        let trace = folder.path + "/trace.csv"
        let r = try Shell.run(["run", file, "--trace", trace])
        #expect(r.status == 0, "\(r.stderr)")
        var seen = Set<String>()
        for line in try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            if line.contains(",arrive,") { seen.insert(fields[2]) }
            if line.contains(",start,") { #expect(seen.contains(fields[2]), "start before arrive: \(line)") }
        }
        #expect(r.stdout.contains("90 served"))
    }

    @Test("normal durations: :mean() and service_means() are the clamped means, and the clamp is warned about")
    func clampedNormalMeans() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("normal.lua", """
            local c = shopfloor.counter "bank"
            c:task { name = "short", service = shopfloor.normal(0.5, 1) }
            c:task { name = "long", service = shopfloor.normal(10, 1) }
            print(("%.6f %.6f"):format(shopfloor.normal(0.5, 1):mean(), c:service_means().short))
            print(c:service_means().long)
            """)
        _ = file
        let r = try Shell.run(["run", "normal.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("0.697797 0.697797\n10.0\n"))
        #expect(r.stderr == """
            normal.lua:2: warning: normal(0.5, 1) draws durations, and a negative draw counts as 0: its mean as a duration is 0.6978, not 0.5
            normal.lua:4: warning: normal(0.5, 1) draws durations, and a negative draw counts as 0: its mean as a duration is 0.6978, not 0.5

            """)
    }

    @Test("with a warm-up, stop { served = N } counts the summary's served")
    func warmUpServedStop() throws {
        let r = try Shell.run(["run", "scripts/bank_open.lua", "--set", "customers=2000", "--warmup", "300", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try Self.json(r.stdout)
        #expect(object["served"] as? Int == 2000)
        #expect(object["start_time"] as? Double == 300)
    }
}
