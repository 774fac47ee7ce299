import Foundation
import Testing

/// A zero-time loop of a timer or a process is named at the function's definition, as a customer generator's is:
/// the error said only "no progress: 1000000 events at simulated time 0 …", with no place in the scripts.
@Suite("A timer or process that never lets the clock move is named")
struct TimerZeroTimeLoopTests {
    @Test(arguments: [
        ("shopfloor.process(function()\n  while true do shopfloor.wait(0) end\nend)", "s.lua:5: process: no progress: 1000 events at simulated time 0"),
        ("local function again() shopfloor.at(shopfloor.now(), again) end\nshopfloor.at(1, again)", "s.lua:5: timer: no progress: 1000 events at simulated time 1"),
    ])
    func test_aZeroTimeLoop_namesTheTimerOrProcess(body: String, message: String) throws {
        let r = try TimeScenario.run(TimeScenario.bank(body), ["--max-events-per-instant", "1000"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: " + message), "\(r.stderr)")
    }
}
