import Foundation
import Testing
import LuaKit
@testable import ShopfloorScripting

/// Ctrl-C between two events (what `shopfloor run` does: its progress watcher throws) is a normal end: the end
/// hooks run, once, with the summary so far; the watcher's error is rethrown as it was.
@Suite("The end of a run stopped between two events")
struct RunEndInterruptTests {
    struct Stop: Error {}

    @Test func test_aWatcherStoppingTheRun_firesTheEndOnce() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("s.lua", TimeScenario.bank(customers: 0, """
            counter:arrivals { rate = 1, mix = { deposit = 1 } }
            shopfloor.stop { time = 1e4 }
            ends = 0
            shopfloor.on("end", function(s) ends = ends + 1; last_served = s.served end)
            """))
        let world = try Scenario.load(file, options: ScenarioOptions())
        var calls = 0
        #expect(throws: Stop.self) {
            try Scenario.run(world, progress: { _ in
                calls += 1
                if calls == 3 { throw Stop() }
            })
        }
        #expect(world.lua.global("ends") == .integer(1))
        #expect(world.lua.global("last_served") == .integer(world.simulation.servedTotal))
        #expect(world.simulation.now < 1e4)
        // Nothing fires it a second time.
        try Scenario.reportEnd(world)
        #expect(world.lua.global("ends") == .integer(1))
    }
}
