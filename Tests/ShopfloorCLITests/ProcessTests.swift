import Foundation
import Testing

/// Processes as Lua coroutines: `shopfloor.process`, `shopfloor.wait`, `shopfloor.wait_until`, through the binary.
@Suite("Lua processes")
struct ProcessTests {
    @Test func test_aProcess_waits_andWaitsUntilALineIsEmpty() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 3, """
            shopfloor.process(function()
              print("start", shopfloor.now())
              shopfloor.wait(5)
              print("waited", shopfloor.now(), #counter:line "deposit")
              shopfloor.wait_until(function() return counter:line("deposit").length == 0 end)
              print("line empty", shopfloor.now())
            end)
            """))
        #expect(r.status == 0, "\(r.stderr)")
        // Three customers of 10 s, one teller: the line empties when the third starts, at 20.
        #expect(r.stdout.hasPrefix("start\t0.0\nwaited\t5.0\t2\nline empty\t20.0\n"), "\(r.stdout)")
    }

    /// A process's `wait` keeps the idle run alive (the run ends after its last wait); a background one does not.
    @Test func test_keepingTheRunAlive_byDefault_notInTheBackground() throws {
        let alive = try TimeScenario.json(TimeScenario.bank(customers: 1, """
            shopfloor.process(function() shopfloor.wait(100); counter:arrive "deposit" end)
            """))
        #expect(alive["end_time"] as? Double == 110)
        #expect(alive["served"] as? Int == 2)
        let background = try TimeScenario.json(TimeScenario.bank(customers: 1, """
            shopfloor.process(function() while true do shopfloor.wait(3) end end, { background = true })
            """))
        #expect(background["end_time"] as? Double == 10)
    }

    @Test func test_waitOutsideAProcess_isAnErrorWithTheLine() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, """
            shopfloor.at(1, function()
              shopfloor.wait(5)
            end)
            """))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:6: shopfloor.wait: only a process can wait (inside shopfloor.process(function() ... end))"), "\(r.stderr)")
    }

    @Test(arguments: [
        ("shopfloor.wait(-1)", "s.lua:7: shopfloor.wait: 'dt' must be a finite number of seconds >= 0, got -1"),
        ("shopfloor.wait(0/0)", "s.lua:7: shopfloor.wait: 'dt' must be a finite number of seconds >= 0, got "),
        ("shopfloor.wait('soon')", "s.lua:7: shopfloor.wait: 'dt' must be a finite number of seconds >= 0, got 'soon'"),
        ("shopfloor.wait_until(3)", "s.lua:7: shopfloor.wait_until: expected a function returning true when the wait is over, got number"),
        ("error('jammed')", "s.lua:7: jammed"),
        ("local x = nil; x.y = 1", "s.lua:7: attempt to index a nil value (local 'x')"),
    ])
    func test_aFailingProcess_stopsTheRunWithItsLine(line: String, message: String) throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 2, """
            shopfloor.process(function()
              shopfloor.wait(3)
              \(line)
            end)
            shopfloor.on("end", function() print("end") end)
            """))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: " + message), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
    }

    @Test func test_aProcessYieldingOnItsOwn_isNamed() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, """
            shopfloor.process(function()
              coroutine.yield(1)
            end)
            """))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:5: process yielded on its own: a process waits with shopfloor.wait(dt) or shopfloor.wait_until(fn), not coroutine.yield"), "\(r.stderr)")
    }

    /// The time budget covers every resume: a process that loops for ever after a wait is stopped.
    @Test func test_theTimeBudget_coversAResume() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, """
            shopfloor.process(function()
              shopfloor.wait(1)
              while true do end
            end)
            """), ["--time-budget", "0.2"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("s.lua:7:"), "\(r.stderr)")
        #expect(r.stderr.contains("time budget"), "\(r.stderr)")
    }

    @Test func test_aCancelledProcess_isNeverResumed() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, """
            local p = shopfloor.process(function() shopfloor.wait(4); print("resumed") end)
            shopfloor.at(2, function() print(p:cancel(), p:active(), tostring(p)) end)
            """))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("true\tfalse\tprocess (ended)\n\n"), "\(r.stdout)")
    }

    /// A machine that breaks down now and then (docs/lua-api.md): a background process, same seed same figures.
    @Test func test_aBreakdownProcess_isDeterministic() throws {
        let scenario = TimeScenario.bank(tellers: 2, service: "shopfloor.exponential(25)", """
            counter:arrivals { rate = 1 / 15, mix = { deposit = 1 } }
            shopfloor.stop { served = 400 }
            local rng = shopfloor.rng "breakdowns"
            shopfloor.process(function()
              while true do
                shopfloor.wait(rng:exp(1800))
                counter:set_tellers("deposit", 1)
                shopfloor.wait(rng:exp(300))
                counter:set_tellers("deposit", 2)
              end
            end, { background = true })
            """)
        let a = try TimeScenario.run(scenario, ["--format", "json"])
        let b = try TimeScenario.run(scenario, ["--format", "json"])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout == b.stdout)
        let plain = try TimeScenario.json(scenario.replacingOccurrences(of: "counter:set_tellers(\"deposit\", 1)", with: ""))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(a.stdout.utf8)) as? [String: Any])
        #expect((json["end_time"] as? Double) != (plain["end_time"] as? Double) || (json["classes"] as? NSDictionary) != (plain["classes"] as? NSDictionary))
    }
}
