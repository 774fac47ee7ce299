import Foundation
import Testing
import LuaKit
@testable import ShopfloorScripting

/// A zero-time loop's hint names an option only where the host has it: every command that runs a world sets
/// `World.eventsPerInstantOption` (EventsPerInstantEverywhereTests); a world a Swift host builds without it gets
/// a message that says which command can raise the limit instead of naming a flag it does not have.
@Suite("The zero-time loop's hint")
struct ZeroTimeLoopHintTests {
    static let routeLoop = """
        local c = shopfloor.counter "bank"
        c:task { name = "a", service = 0, route = "a" }
        c:tellers { skill = "a", count = 1 }
        c:arrive "a"
        """

    @Test func test_aWorldWithoutTheOption_pointsToShopfloorRun() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("loop.lua", Self.routeLoop)
        let world = try Scenario.load(file, options: ScenarioOptions()) { $0.simulation.limits.maxEventsPerInstant = 500 }
        #expect(world.eventsPerInstantOption == nil)
        let error = #expect(throws: (any Error).self) { try Scenario.run(world) }
        let message = "\(error.map(Scenario.userFacing) as Any)"
        #expect(message.contains("route of 'a': no progress: 500 events at simulated time 0"), "\(message)")
        #expect(message.contains("(at most 500 events at one instant: shopfloor run --max-events-per-instant raises the limit if so many are intended)"), "\(message)")
    }
}
