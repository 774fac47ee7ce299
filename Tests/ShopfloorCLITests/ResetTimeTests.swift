import Foundation
import Testing

/// `counter:reset()` and the handles of `shopfloor.at`, `every` and `process`: a new day ends every timer and
/// process of the old one, and their handles say so (docs/lua-api.md, `counter:reset()`).
@Suite("Timers and processes across counter:reset()")
struct ResetTimeTests {
    /// A process waiting with `wait`, one waiting with `wait_until`, one not started yet: all ended by the reset,
    /// never resumed in the new day. Before, each said `active() == true`, and the `wait_until` one woke up in
    /// the new day when its condition came true.
    @Test func test_reset_endsEveryProcess_andTheirHandlesSaySo() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 0, """
            local sleeper = shopfloor.process(function() while true do shopfloor.wait(10); print("tick", shopfloor.now()) end end,
                                              { background = true })
            local watcher = shopfloor.process(function()
              shopfloor.wait_until(function() return shopfloor.now() >= 5 end)
              print("watcher woke at", shopfloor.now())
            end)
            counter:run { ["until"] = 4 }
            local late = shopfloor.process(function() print("late ran") end)
            print("before", sleeper:active(), watcher:active(), late:active())
            counter:reset()
            print("after", sleeper:active(), watcher:active(), late:active(), tostring(sleeper), tostring(watcher))
            print("cancel", sleeper:cancel(), watcher:cancel(), late:cancel())
            shopfloor.every(3, function(now) print("new day", now) end, { to = 6 })
            counter:run()
            """))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("""
            before\ttrue\ttrue\ttrue
            after\tfalse\tfalse\tfalse\tprocess (ended)\tprocess (ended)
            cancel\tfalse\tfalse\tfalse
            new day\t3.0
            new day\t6.0

            """), "\(r.stdout)")
        #expect(!r.stdout.contains("watcher woke"))
        #expect(!r.stdout.contains("tick"))
        #expect(!r.stdout.contains("late ran"))
    }

    /// A process asking about its own handle while it runs is active; once its function returned, it is not.
    @Test func test_aRunningProcess_isActive_andEndedOnceItReturns() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, """
            local me
            me = shopfloor.process(function() print("running", me:active()); shopfloor.wait(1); print("again", me:active()) end)
            shopfloor.at(5, function() print("after", me:active(), tostring(me)) end)
            """))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("running\ttrue\nagain\ttrue\nafter\tfalse\tprocess (ended)\n"), "\(r.stdout)")
    }

    /// The reset started the timer slots afresh: the first timer made after it got the id of an old one, so the
    /// old handle said `active()` and its `cancel()` cancelled the new timer.
    @Test func test_anOldTimerHandle_namesNoTimerMadeAfterTheReset() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 0, """
            local old = { shopfloor.every(5, function() print("old") end), shopfloor.at(50, function() print("old at") end) }
            counter:run { ["until"] = 1 }
            counter:reset()
            local new = {}
            for i = 1, 3 do new[i] = shopfloor.every(3, function(now) print("new", i, now) end, { to = 3 }) end
            print("old", old[1]:active(), old[2]:active(), old[1]:cancel(), old[2]:cancel(), tostring(old[1]))
            print("new", new[1]:active(), new[2]:active(), new[3]:active())
            counter:run()
            """))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("""
            old\tfalse\tfalse\tfalse\tfalse\ttimer (ended)
            new\ttrue\ttrue\ttrue
            new\t1\t3.0
            new\t2\t3.0
            new\t3\t3.0

            """), "\(r.stdout)")
    }

    /// A REPL command that resets and then fails is rolled back: the processes and timers are back, active, and
    /// go on as if nothing had happened.
    @Test func test_aRolledBackReset_bringsTheProcessesBack() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", TimeScenario.bank(customers: 0, """
            bank = counter
            sleeper = shopfloor.process(function() shopfloor.wait(10); print("sleeper woke at", shopfloor.now()) end)
            watcher = shopfloor.process(function()
              shopfloor.wait_until(function() return shopfloor.now() >= 5 end)
              print("watcher woke at", shopfloor.now())
            end)
            tick = shopfloor.at(7, function() end)
            """))
        let r = try Shell.run(["repl", "s.lua"], stdin: """
            bank:run { ["until"] = 1 }
            bank:reset(); error("no")
            sleeper:active(), watcher:active(), tick:active()
            bank:run()
            sleeper:active(), watcher:active(), tick:active()

            """, in: folder.url)
        #expect(r.stdout == "1.0\ntrue\ttrue\ttrue\nwatcher woke at\t7.0\nsleeper woke at\t10.0\n10.0\nfalse\tfalse\tfalse\n", "\(r.stdout)")
        #expect(r.stderr.hasPrefix("stdin:1: no\n"), "\(r.stderr)")
    }
}
