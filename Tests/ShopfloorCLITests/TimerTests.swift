import Foundation
import Testing

/// `shopfloor.at(t, fn)` and `shopfloor.every(dt, fn [, { from =, to = }])` through the built binary.
@Suite("Lua timers: shopfloor.at and shopfloor.every")
struct TimerTests {
    @Test func test_at_and_every_fireAtTheirTimes_inEventOrder() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 2, """
            shopfloor.at(15, function(now) print("at", now, #counter:line "deposit") end)
            shopfloor.every(10, function(now) print("every", now) end, { from = 0, to = 30 })
            counter:on("finish", function(c) print("finish", shopfloor.now()) end)
            """))
        #expect(r.status == 0, "\(r.stderr)")
        // At 10 the finish was scheduled at setup's open (before the timer's next firing, set when it fired at 0).
        #expect(r.stdout.hasPrefix("every\t0.0\nfinish\t10.0\nevery\t10.0\nat\t15.0\t0\nfinish\t20.0\nevery\t20.0\nevery\t30.0\n"), "\(r.stdout)")
    }

    @Test func test_aHandle_cancels_andSaysWhetherItWasActive() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, """
            local tick = shopfloor.every(1, function(now) print("tick", now) end, { to = 100 })
            shopfloor.at(2.5, function() print(tick:cancel(), tick:cancel(), tick:active(), tostring(tick)) end)
            """))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("tick\t1.0\ntick\t2.0\ntrue\tfalse\tfalse\ttimer (ended)\n\n"), "\(r.stdout)")
    }

    /// "Up to and including `to`" holds for steps that are not whole in binary: 3 × 0.1 is 0.30000000000000004,
    /// which used to pass `to = 0.3` and silently drop the last call (0.1 + 6 × 0.1 likewise passes 0.7).
    @Test func test_every_firesAtTo_whenTheStepsReachItOnlyUpToRounding() throws {
        let r = try TimeScenario.run(TimeScenario.bank("""
            shopfloor.every(0.1, function(now) print("a", now) end, { from = 0, to = 0.3 })
            shopfloor.every(0.1, function(now) print("b", now) end, { from = 0.1, to = 0.7 })
            shopfloor.every(0.25, function(now) print("c", now) end, { from = 0, to = 0.6 })
            """))
        #expect(r.status == 0, "\(r.stderr)")
        let a = r.stdout.split(separator: "\n").filter { $0.hasPrefix("a\t") }
        let b = r.stdout.split(separator: "\n").filter { $0.hasPrefix("b\t") }
        let c = r.stdout.split(separator: "\n").filter { $0.hasPrefix("c\t") }
        #expect(a == ["a\t0.0", "a\t0.1", "a\t0.2", "a\t0.3"], "\(r.stdout)")
        #expect(b.count == 7 && b.last == "b\t0.7", "\(r.stdout)")
        #expect(c == ["c\t0.0", "c\t0.25", "c\t0.5"], "\(r.stdout)")   // 0.75 is well past 0.6: no extra call
    }

    /// A background `every` (no `to`) never keeps the idle run going, nor stretches its end.
    @Test func test_everyWithoutTo_doesNotKeepAnIdleRunAlive() throws {
        let plain = try TimeScenario.json(TimeScenario.bank(customers: 3, ""))
        let sampled = try TimeScenario.json(TimeScenario.bank(customers: 3, "shopfloor.every(7, function() end)"))
        #expect(plain["end_time"] as? Double == 30)
        #expect(sampled["end_time"] as? Double == 30)
    }

    @Test(arguments: [
        ("shopfloor.at(-1, function() end)", "s.lua:5: shopfloor.at: 't' must be a finite number of seconds >= 0, got -1"),
        ("shopfloor.at(0/0, function() end)", "s.lua:5: shopfloor.at: 't' must be a finite number of seconds >= 0, got "),
        ("shopfloor.at(math.huge, function() end)", "s.lua:5: shopfloor.at: 't' must be a finite number of seconds >= 0, got inf"),
        ("shopfloor.at('x', function() end)", "s.lua:5: shopfloor.at: 't' must be a finite number of seconds >= 0, got 'x'"),
        ("shopfloor.at(5, 7)", "s.lua:5: bad argument #2 to 'at' (function expected, got number)"),
        ("shopfloor.every(0, function() end)", "s.lua:5: shopfloor.every: 'dt' must be a finite number of seconds > 0, got 0"),
        ("shopfloor.every(-2, function() end)", "s.lua:5: shopfloor.every: 'dt' must be a finite number of seconds > 0, got -2"),
        ("shopfloor.every(0/0, function() end)", "s.lua:5: shopfloor.every: 'dt' must be a finite number of seconds > 0, got "),
        // Finer than the clock there: it fired ~19,000 times at each instant the clock can tell apart, 10^10 in all.
        ("shopfloor.every(1e-10, function() end, { from = 1e10, to = 1e10 + 1 })",
         "s.lua:5: timer: 'every' (1e-10) is finer than the clock at 10000000001 s, which tells apart only 1.9073486328125e-06 s there"),
        ("shopfloor.every(1, function() end, { form = 3 })", "s.lua:5: shopfloor.every: unknown key 'form' (accepted: from, to; did you mean 'from'?)"),
        ("shopfloor.every(1, function() end, { from = 10, to = 5 })", "s.lua:5: shopfloor.every: 'to' (5.0) is before the first call (10.0)"),
        ("shopfloor.every(1, function() end, { to = 0/0 })", "s.lua:5: shopfloor.every: 'to' must be"),
    ])
    func test_badArguments_areErrorsNamingTheLineAndValue(line: String, message: String) throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, line))
        #expect(r.status == 1)
        #expect(r.stderr.contains("error: " + message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    /// A callback's error stops the run with its file:line; no end is reported after it.
    @Test func test_aFailingCallback_stopsTheRunWithItsLine() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 5, """
            shopfloor.at(25, function()
              error("the vault is stuck")
            end)
            shopfloor.on("end", function() print("end") end)
            """))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:6: the vault is stuck"), "\(r.stderr)")
        #expect(!r.stdout.contains("end"), "\(r.stdout)")
    }

    @Test func test_sameSeed_sameOutput() throws {
        let scenario = TimeScenario.bank(tellers: 2, service: "shopfloor.exponential(30)", """
            counter:arrivals { rate = 1 / 20, mix = { deposit = 1 } }
            shopfloor.stop { time = 5000 }
            shopfloor.every(600, function() if #counter:line "deposit" > 3 then counter:arrive "deposit" end end)
            shopfloor.process(function()
              while true do
                shopfloor.wait(900)
                counter:set_tellers("deposit", 1)
                shopfloor.wait(300)
                counter:set_tellers("deposit", 2)
              end
            end, { background = true })
            """)
        let a = try TimeScenario.run(scenario, ["--format", "json", "--seed", "4"])
        let b = try TimeScenario.run(scenario, ["--format", "json", "--seed", "4"])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stdout == b.stdout)
        let c = try TimeScenario.run(scenario, ["--format", "json", "--seed", "5"])
        #expect(a.stdout != c.stdout)
    }
}
