import Foundation
import Testing

/// Zero-time loops (issue 13 item 11): the clock never moves, so only a limit on events per instant stops
/// them; the error names the hook's file:line. `--until` is a hard stop; `--wall-limit` bounds the whole run.
@Suite("Hostile: zero-time loops and run limits")
struct HostileZeroTimeLoopTests {
    static let counter = """
        local c = shopfloor.counter "bank"
        c:task { name = "a", service = 1 }
        c:tellers { skill = "a", count = 1 }

        """
    static let bar = """
        local c = shopfloor.counter "bar"
        local stock = shopfloor.stock "bar"
        stock:item { name = "kiwi", count = 5, capacity = 10 }
        stock:recipe("kiwi juice", { kiwi = 1 })
        stock:makers { count = 1, prep = 1 }

        """

    @Test("each loop stops with exit 1 and names the line to look at", arguments: [
        (counter + "c:generate(function(rng) return 0, 'a' end)\n", "loop.lua:4: customer generator: no progress: 2000 events at simulated time 0"),
        (counter + "c:generate(function(rng, gaps, tasks, n)\n  for i = 1, n do gaps[i] = 0; tasks[i] = 'a' end\n  return n\nend, { batch = 64 })\n",
         "loop.lua:4: customer generator: no progress: 2000 events at simulated time 0"),
        // A shelf without a limit: a full one refuses a delivery whole, which asks no rule, and the loop would end.
        (bar.replacingOccurrences(of: ", capacity = 10", with: "") + "stock:rule(function(fruit, count, pending) return 1, 0 end)\nc:arrive { task = 'kiwi juice' }\n",
         "loop.lua:6: stock rule: no progress: 2000 events at simulated time 0"),
        (bar + "stock:on('delivered', function(fruit) stock:restock(fruit, 1, 0) end)\nstock:restock('kiwi', 1, 0)\n",
         "loop.lua:6: stock:restock: no progress: 2000 events at simulated time 0"),
    ])
    func loopsStop(script: String, message: String) throws {
        let folder = try TemporaryFolder()
        let file = folder.write("loop.lua", script)
        let before = try FolderState(folder)
        for until in [[], ["--until", "10"]] {
            let r = try Shell.run(["run", "loop.lua", "--max-events-per-instant", "2000"] + until, in: URL(fileURLWithPath: folder.path))
            #expect(r.status == 1, "\(r.stderr)")
            #expect(r.stderr.hasPrefix("error: " + message), "\(r.stderr)")
            #expect(r.stderr.contains("(--max-events-per-instant 2000: raise it if so many events at one instant are intended)"))
        }
        #expect(try FolderState(folder) == before)
        _ = file
    }

    @Test("--until stops a run the script starts itself")
    func untilIsAHardStop() throws {
        let folder = try TemporaryFolder()
        folder.write("self.lua", Self.counter + """
            c:generate(function(rng) return 1, 'a' end)
            print("clock", c:run { ["until"] = 1e6 })
            """)
        let r = try Shell.run(["run", "self.lua", "--until", "5", "--format", "json"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "clock\t5.0\n")
        #expect(r.stdout.contains("\"end_time\":5"))
    }

    @Test("--wall-limit ends an endless run with exit 1 and a message")
    func wallLimit() throws {
        let folder = try TemporaryFolder()
        folder.write("long.lua", Self.counter + "c:arrivals { rate = 1, mix = { a = 1 } }\nshopfloor.stop { time = 1e15 }\n")
        let before = try FolderState(folder)
        let r = try Shell.run(["run", "long.lua", "--wall-limit", "0.2"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: the run used up its wall-clock limit of 0.2 s (stopped at simulated time "), "\(r.stderr)")
        #expect(try FolderState(folder) == before)
    }

    @Test("the limits' values are range-checked (exit 64)", arguments: [
        (["--max-events-per-instant", "0"], "--max-events-per-instant must be from 1 to 1e15 (got 0)"),
        (["--wall-limit", "0"], "--wall-limit must be from 0.001 to 1e9 seconds (got 0.0)"),
        (["--wall-limit", "inf"], "--wall-limit must be from 0.001 to 1e9 seconds (got inf)"),
    ])
    func badLimits(arguments: [String], message: String) throws {
        let r = try Shell.run(["run", "scripts/bank.lua"] + arguments)
        #expect(r.status == 64)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }
}
