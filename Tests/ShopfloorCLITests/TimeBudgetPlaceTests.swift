import Foundation
import Testing

/// A script stopped by the time budget is named at the line of its loop. The budget's hook named its caller's line
/// (Lua's `luaL_error` level), so a loop inside a called function was reported at the call, and a loop in a timer,
/// a hook, a `wait_until` condition or a main chunk (whose caller is C) at no place at all: `error: script exceeded
/// its time budget`.
@Suite("The time budget names the loop's line")
struct TimeBudgetPlaceTests {
    @Test(arguments: [
        // (body from line 5 of s.lua, the line of the loop)
        ("shopfloor.at(5, function()\n  while true do end\nend)", 6),
        ("counter:on(\"finish\", function()\n  while true do end\nend)", 6),
        ("shopfloor.every(5, function()\n  while true do end\nend)\nshopfloor.at(20, function() end)", 6),
        ("shopfloor.process(function()\n  shopfloor.wait_until(function()\n    while shopfloor.now() > 5 do end\n  end)\nend)", 7),
        ("local function spin()\n  while true do end\nend\nshopfloor.process(function() shopfloor.wait(1); spin() end)", 6),
        ("local function spin()\n  while true do end\nend\nshopfloor.at(1, function() spin() end)", 6),
        ("local function spin()\n  while true do end\nend\nspin()", 6),
        ("shopfloor.process(function()\n  shopfloor.wait(1)\n  while true do end\nend)", 7),
    ])
    func test_aRunawayLoop_isNamedAtItsLine(body: String, line: Int) throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 2, body), ["--time-budget", "0.2"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:\(line): script exceeded its time budget (0.2 s per call into Lua)\n"), "\(r.stderr)")
    }

    /// The host's own Lua code is passed over for the script's line calling it: a loop spending its time in the
    /// sandbox's wrapper of `io.open` was named there (`shopfloor.sandbox:146: script exceeded …`) four runs in five
    /// (wherever the stop lands, the script's line is line 5). Five runs, so that the old place would show.
    @Test func test_aStopInsideTheSandboxsWrapper_isNamedAtTheScriptsLine() throws {
        for _ in 1...5 {
            let r = try TimeScenario.run(TimeScenario.bank("while true do io.open(\"/dev/null\"):close() end"),
                                         ["--time-budget", "0.2", "--allow-io"])
            #expect(r.status == 1)
            #expect(r.stderr.hasPrefix("error: s.lua:5: script exceeded its time budget (0.2 s per call into Lua)\n"), "\(r.stderr)")
        }
    }
}
