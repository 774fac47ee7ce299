import Foundation
import Testing

/// `shopfloor.on("end", fn)`, the idle loop with background work, and a warm-up longer than the run.
@Suite("The end of a run")
struct RunEndTests {
    static let endHook = """
        shopfloor.on("end", function(s) print("end", s.served, s.end_time, shopfloor.now()) end)
        counter:on("close", function() print("close") end)
        """

    @Test(arguments: [
        ([String](), "", "close\nend\t3\t30.0\t30.0\n"),                                   // nothing left to do
        (["--until", "15"], "", "end\t1\t15.0\t15.0\n"),                                   // --until
        ([], "shopfloor.stop { served = 2 }", "end\t2\t20.0\t20.0\n"),                     // a stop rule
        ([], "shopfloor.stop { time = 25 }", "end\t2\t25.0\t25.0\n"),
    ])
    func test_endFiresOnce_afterTheLastEvent_withTheSummary(arguments: [String], stop: String, expected: String) throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 3, Self.endHook + "\n" + stop), arguments)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix(expected), "\(r.stdout)")
    }

    /// A run stopped by time whose counter empties before that time reports `close` when the last customer leaves,
    /// as the same run without the limit does. It used to be reported only by the idle stop rule: `--until` past
    /// the day's end, or `stop { time = T }`, silently dropped the scenario's closing line (scripts/bank.lua's).
    @Test(arguments: [(["--until", "100"], ""), ([], "shopfloor.stop { time = 100 }"), ([], "counter:run { [\"until\"] = 100 }")])
    func test_close_isReportedWhenTheCounterEmpties_beforeATimeStop(arguments: [String], stop: String) throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 3, """
            counter:on("close", function(day) print("close", day.served, day.end_time, shopfloor.now()) end)
            shopfloor.on("end", function(s) print("end", s.served, s.end_time) end)
            \(stop)
            """), arguments)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("close\t3\t30.0\t30.0\nend\t3\t100.0\n"), "\(r.stdout)")
    }

    /// Nobody left inside but a one-shot timer still to come: not closed yet (the timer may bring customers);
    /// closed once it has fired and nothing else is pending, as without the limit.
    @Test func test_close_waitsForATimerThatKeepsTheRunAlive_underATimeStop() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, """
            counter:on("close", function(day) print("close", day.served, shopfloor.now()) end)
            shopfloor.at(50, function() counter:arrive "deposit" end)
            """), ["--until", "100"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("close\t2\t60.0\n\n"), "\(r.stdout)")
    }

    @Test func test_endDoesNotFire_afterAnError() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 3, Self.endHook + """

            counter:on("finish", function(c) if c.number == 2 then error("printer on fire") end end)
            """))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:7: printer on fire"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
    }

    /// A script that ran the world itself (a console scenario) gets its end after the script.
    @Test func test_endFires_afterAScriptThatRanTheWorld() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 2, Self.endHook + "\ncounter:run()\nprint(\"script done\")"))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("close\nscript done\nend\t2\t20.0\t20.0\n"), "\(r.stdout)")
    }

    @Test func test_anEndHookError_isAnErrorWithItsLine() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, """
            shopfloor.on("end", function(s)
              error("no summary for you")
            end)
            """))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:6: no summary for you"), "\(r.stderr)")
    }

    @Test func test_anUnknownEvent_suggestsEnd() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, "shopfloor.on(\"ends\", function() end)"))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:5: unknown event 'ends' (events: arrive, start, finish, balk, renege, fail, close, end; did you mean 'end'?)"), "\(r.stderr)")
    }

    /// The REPL never reports the end (a session can always run on).
    @Test func test_theRepl_doesNotFireEnd() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", TimeScenario.bank(customers: 2, Self.endHook))
        let r = try Shell.run(["repl", "s.lua"], stdin: ":run idle\n", in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("close"), "\(r.stdout)")
        #expect(!r.stdout.contains("end\t"), "\(r.stdout)")
    }

    /// Customers stuck (no teller present) and a background sampler pending: the run ends, instead of the idle
    /// loop going round for ever because an event is still scheduled (docs/time.md).
    @Test func test_stuckCustomers_andABackgroundTimer_endTheRun() throws {
        let r = try TimeScenario.run("""
            local counter = shopfloor.counter "bank"
            counter:task { name = "deposit", service = 10 }
            counter:tellers { skill = "deposit", count = 1, schedule = { { at = 0, count = 0 } } }
            counter:arrive "deposit"
            shopfloor.every(60, function() end)
            """, ["--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"in_system\":1"), "\(r.stdout)")
    }

    /// #17's silent wrong answer: a warm-up ending after the last event made the statistics reset keep the run
    /// going, reporting 0 served at end_time = warm-up. Now an error naming both times.
    @Test func test_aWarmupLongerThanTheRun_isAnError() throws {
        let r = try Shell.run(["run", "scripts/bank.lua", "--warmup", "30", "--format", "json"])
        #expect(r.status == 1)
        // (bank.lua's own lines go to stderr with --format json, before the error.)
        #expect(r.stderr.contains("\nerror: the warm-up (--warmup 30.0) outlasted the run, which ended at 5."), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "\(r.stdout)")
        let stop = try TimeScenario.run(TimeScenario.bank(customers: 3, "shopfloor.stop { time = 50 }"), ["--warmup", "60"])
        #expect(stop.status == 1)
        #expect(stop.stderr.hasPrefix("error: the warm-up (--warmup 60.0) outlasted the run, which ended at 50.0 s"), "\(stop.stderr)")
    }

    @Test func test_aWarmupWithinTheRun_stillMeasuresAfterIt() throws {
        let json = try TimeScenario.json(TimeScenario.bank(customers: 0, """
            for i = 0, 9 do shopfloor.at(i * 10, function() counter:arrive "deposit" end) end
            """), ["--warmup", "35"])
        #expect(json["start_time"] as? Double == 35)
        #expect(json["served"] as? Int == 6)
        #expect(json["end_time"] as? Double == 100)
    }
}
