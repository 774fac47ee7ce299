import Foundation
import Testing
import LuaKit
@testable import ShopfloorScripting

/// A timer or process declared while the world runs (from a hook, a timer or a process) is not kept for a
/// reload to match: only the scripts' load declares what a reload meets again. Every one used to be kept for
/// the world's lifetime, a handle per call: a scenario whose arrive hook sets a timer grew by one per customer.
@Suite("Timers declared during a run are not kept")
struct RuntimeTimerDeclarationTests {
    @Test func test_timersFromAHook_areNotKept_theLoadsAre() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("s.lua", TimeScenario.bank(customers: 0, service: "0.5", """
            counter:arrivals { rate = 1, mix = { deposit = 1 } }
            fired = 0
            counter:on("arrive", function() shopfloor.at(shopfloor.now() + 0.5, function() fired = fired + 1 end) end)
            shopfloor.every(10, function() end)
            shopfloor.process(function() shopfloor.wait(1); shopfloor.process(function() end) end)
            shopfloor.stop { served = 500 }
            """))
        let world = try Scenario.load(file, options: ScenarioOptions())
        #expect(world.time.declared.count == 2)  // the load's `every` and `process`
        try Scenario.run(world, progress: { _ in })
        let fired = try #require(world.lua.global("fired").intValue)
        #expect(fired >= 500, "a timer per arrival fired")
        #expect(world.time.declared.count == 2, "the \(fired) timers from the hook and the nested process are not kept")
    }
}
