import Foundation
import Testing

/// A process that cancels itself (`handle:cancel()` from its own code) is never resumed, and the wait it begins
/// after that is not set up: a `wait(1000)` there kept the idle run going 1000 s with nothing happening (end_time
/// 1001 for a day over at 10, the teller "1.0 %" busy). A `wait_until` there is not watched either.
@Suite("A process cancelled from inside itself")
struct ProcessSelfCancelTests {
    @Test func test_aWaitAfterCancellingItself_neitherRunsNorKeepsTheRunAlive() throws {
        let o = try TimeScenario.json(TimeScenario.bank(customers: 1, """
            local h, g
            h = shopfloor.process(function() shopfloor.wait(1); h:cancel(); shopfloor.wait(1000); print("resumed") end)
            local checks = 0
            g = shopfloor.process(function()
              shopfloor.wait(2); g:cancel()
              shopfloor.wait_until(function() checks = checks + 1; return false end)
            end)
            shopfloor.on("end", function() print("checks", checks, h:active(), g:active()) end)
            """))
        #expect(o["end_time"] as? Double == 10)
        let pool = try #require((o["pools"] as? [String: [String: Any]])?["deposit"])
        #expect(pool["utilization"] as? Double == 1)
    }

    @Test func test_itsOwnLinesAfterTheCancel_stillRun_untilItsWait() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, """
            local h
            h = shopfloor.process(function()
              shopfloor.wait(1); print("cancel", h:cancel(), h:active())
              shopfloor.wait(5); print("resumed")
            end)
            local checks = 0
            local g
            g = shopfloor.process(function()
              shopfloor.wait(2); g:cancel()
              shopfloor.wait_until(function() checks = checks + 1; return false end)
            end)
            shopfloor.on("end", function(s) print("end", s.end_time, checks) end)
            """))
        #expect(r.status == 0, "\(r.stderr)")
        // One check: the one wait_until makes itself before waiting; none after the events that follow.
        #expect(r.stdout.hasPrefix("cancel\ttrue\tfalse\nend\t10.0\t1\n"), "\(r.stdout)")
    }
}
