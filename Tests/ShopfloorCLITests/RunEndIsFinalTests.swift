import Foundation
import Testing

/// `shopfloor.on("end")` fires after the last event: nothing can happen in it. Two customers let in there were
/// never served — the printed summary said "2 still inside" (arrived 3) where the hook's own summary said 1 — and a
/// timer or process made there was silently never run. Each change of the world is refused there with its line.
@Suite("Nothing happens after the end of a run")
struct RunEndIsFinalTests {
    @Test(arguments: [
        ("counter:arrive \"deposit\"", "counter:arrive"),
        ("shopfloor.at(shopfloor.now() + 1, function() print(\"late\") end)", "shopfloor.at"),
        ("shopfloor.every(1, function() end)", "shopfloor.every"),
        ("shopfloor.process(function() print(\"late\") end)", "shopfloor.process"),
        ("counter:set_tellers(\"deposit\", 0)", "counter:set_tellers"),
        ("counter:close_door(shopfloor.now())", "counter:close_door"),
        ("counter:run()", "counter:run"),
    ])
    func test_aChangeInAnEndHook_isRefusedWithItsLine(call: String, what: String) throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, """
            shopfloor.on("end", function(s)
              print("end", s.arrived)
              \(call)
            end)
            """), ["--format", "json"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("s.lua:7: '\(what)' cannot be called once the run has ended (from the end of run's observer, shopfloor.on(\"end\")): nothing happens after it"), "\(r.stderr)")
        #expect(!r.stderr.contains("late"), "\(r.stderr)")
    }

    /// Reading is what an end hook is for: the summary, the lines, the clock.
    @Test func test_anEndHook_stillReads() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 2, """
            shopfloor.on("end", function(s)
              print("end", s.served, #counter:line "deposit", counter:stats().served, shopfloor.now(), counter:door_closed())
            end)
            """))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("end\t2\t0\t2\t20.0\tfalse\n"), "\(r.stdout)")
    }
}
