import Foundation
import Testing

/// `counter:generate(fn, { batch = n })` from a scenario, end to end.
@Suite("Batch generators in scenarios")
struct BatchGeneratorScenarioTests {
    /// A bank whose arrivals come from `generate`, drawn from math.random (seeded by the run).
    func scenario(_ generate: String) -> String {
        """
        local bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = shopfloor.exponential(0.7) }
        bank:task { name = "loan", service = shopfloor.exponential(1.1) }
        bank:tellers { skills = { "deposit", "loan" }, count = 2 }
        bank:tellers { skill = "loan", count = 1 }
        local random, log = math.random, math.log
        local function gap() return -log(1 - random()) / 2.0 end
        local function task() return random() < 2 / 3 and "deposit" or "loan" end
        \(generate)
        shopfloor.stop { served = 3000 }
        """
    }

    func run(_ generate: String, _ arguments: [String] = ["--format", "json"]) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("gen.lua", scenario(generate))
        return try Shell.run(["run", "gen.lua"] + arguments, in: URL(fileURLWithPath: folder.path))
    }

    @Test func test_batch_sameOutputAsOneCallPerArrival() throws {
        let single = try run("bank:generate(function() return gap(), task() end)")
        #expect(single.status == 0, "\(single.stderr)")
        for size in [1, 7, 256] {
            let batch = try run("""
                bank:generate(function(_, gaps, tasks, n)
                  for i = 1, n do gaps[i] = gap(); tasks[i] = task() end
                  return n
                end, { batch = \(size), name = "arrivals" })
                """)
            #expect(batch.status == 0, "\(batch.stderr)")
            #expect(batch.stdout == single.stdout, "batch = \(size)")
        }
    }

    @Test func test_batch_manyTasksAndLongNames_sameOutputAsOneCallPerArrival() throws {
        // 20 tasks (more than C recognises by address) and a name too long to be interned by Lua.
        let setup = """
            local names = {}
            for i = 1, 20 do names[i] = "errand " .. i end
            names[21] = string.rep("a very long errand name, longer than forty characters ", 2)
            for i = 1, #names do bank:task { name = names[i], service = 0.1 } end
            bank:tellers { skills = names, count = 3, name = "all" }
            local function pick() return names[math.random(#names)] end
            """
        let single = try run(setup + "\nbank:generate(function() return gap(), pick() end)")
        #expect(single.status == 0, "\(single.stderr)")
        let batch = try run(setup + "\n" + """
            bank:generate(function(_, gaps, tasks, n)
              for i = 1, n do gaps[i] = gap(); tasks[i] = pick() end
              return n
            end, { batch = 64 })
            """)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout == single.stdout)
        #expect(batch.stdout.contains("errand 21") == false && batch.stdout.contains("a very long errand name"))
    }

    @Test func test_batch_fewerThanAsked_endsTheArrivals() throws {
        let r = try run("""
            local calls = 0
            bank:generate(function(_, gaps, tasks, n)
              calls = calls + 1
              local count = calls == 3 and 5 or n
              for i = 1, count do gaps[i] = gap(); tasks[i] = task() end
              return count
            end, { batch = 10 })
            """)
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["arrived"] as? Int == 25)
        #expect(object["served"] as? Int == 25)
    }

    @Test func test_batch_errorsNameTheProblem() throws {
        let badTask = try run("""
            bank:generate(function(_, gaps, tasks, n)
              for i = 1, n do gaps[i] = 1; tasks[i] = i == 2 and "lone" or "loan" end
              return n
            end, { batch = 4 })
            """)
        #expect(badTask.status == 1)
        #expect(badTask.stderr.contains("gen.lua:9: customer generator: unknown task 'lone' at tasks[2] (tasks: deposit, loan; did you mean 'loan'?)"),
                "\(badTask.stderr)")
        let badCount = try run("bank:generate(function(_, gaps, tasks, n) return n + 1 end, { batch = 4 })")
        #expect(badCount.status == 1)
        #expect(badCount.stderr.contains("gen.lua:9: customer generator must return how many arrivals it wrote (0 to 4), got 5"),
                "\(badCount.stderr)")
        let thrown = try run("bank:generate(function() error(\"no more tickets\") end, { batch = 4 })")
        #expect(thrown.status == 1)
        #expect(thrown.stderr.contains("gen.lua:9: no more tickets"), "\(thrown.stderr)")
        let badOption = try run("bank:generate(function() end, { batch = 0 })")
        #expect(badOption.status == 1)
        #expect(badOption.stderr.contains("'batch' must be an integer from 1 to 1048576, got 0"), "\(badOption.stderr)")
    }

    /// A hook's wrong answer is reported at the line where the hook function is defined (the value
    /// it returned has no position of its own).
    @Test func test_hookAnswerErrors_nameWhereTheHookIsDefined() throws {
        let cases = [
            ("bank:generate(function() return \"soon\", \"loan\" end)",
             "gen.lua:9: customer generator must return a gap in seconds (a number) or nil, got string"),
            ("bank:generate(function() return gap(), task() end)\nbank:policy(function() return \"nobody\" end)",
             "gen.lua:10: teller policy returned unknown line 'nobody'"),
            ("bank:generate(function() return gap(), task() end)\nbank:service_time(function() return \"slow\" end)",
             "gen.lua:10: service time must return a number of seconds, got string"),
        ]
        for (generate, message) in cases {
            let r = try run(generate, [])
            #expect(r.status == 1)
            #expect(r.stderr.contains(message), "\(r.stderr)")
        }
    }
}
