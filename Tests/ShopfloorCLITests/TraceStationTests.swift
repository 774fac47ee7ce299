import Foundation
import ShopfloorCore
@testable import ShopfloorScripting
import Testing

/// The trace's `station` field (trace version 2): every counter record names the station of the task it
/// happened at, so a routed customer's records change station as they move and keep their number.
@Suite struct TraceStationTests {
    /// Reception (1 s, pool "desk") → tellers (2 s, pool "tellers"): one customer, built through the core's
    /// station API as the Lua API will build it.
    static func routedWorld() throws -> World {
        let world = try World()
        let sim = world.simulation
        let front = try sim.station(named: "reception"), back = try sim.station(named: "tellers")
        let welcome = try sim.addTask(TaskClass(name: "welcome", service: .fixed(1)), station: front)
        let deposit = try sim.addTask(TaskClass(name: "deposit", service: .fixed(2)), station: back)
        try sim.addTellers(1, skills: [welcome], name: "desk")
        try sim.addTellers(1, skills: [deposit], name: "tellers")
        try sim.setRoute(.next(task: deposit), forTask: welcome)
        return world
    }

    /// The trace of `world` when one customer arrives at its first task, run until nothing is left to do.
    static func trace(_ world: World, format: String) throws -> String {
        let folder = try TemporaryFolder()
        let path = folder.path + "/t." + format
        let writer = try TraceWriter(path: path)
        world.eventSinks.append { event, world in writer.write(event, in: world) }
        try world.simulation.open()
        try world.simulation.arrive(CustomerSpec(task: 0))
        _ = try world.simulation.runUntilIdle()
        try writer.close()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    @Test func test_jsonLines_aRoutedCustomer_changesStation_andKeepsTheirNumber() throws {
        let text = try Self.trace(Self.routedWorld(), format: "jsonl")
        #expect(text == """
            {"customer":1,"event":"arrive","station":"reception","t":0,"task":"welcome"}
            {"customer":1,"event":"start","pool":"desk","station":"reception","t":0,"task":"welcome","teller":1}
            {"customer":1,"event":"finish","pool":"desk","station":"reception","t":1,"task":"welcome","teller":1}
            {"customer":1,"event":"arrive","station":"tellers","t":1,"task":"deposit"}
            {"customer":1,"event":"start","pool":"tellers","station":"tellers","t":1,"task":"deposit","teller":2}
            {"customer":1,"event":"finish","pool":"tellers","station":"tellers","t":3,"task":"deposit","teller":2}

            """)
    }

    @Test func test_csv_aRoutedCustomer_changesStation_inTheLastColumn() throws {
        let text = try Self.trace(Self.routedWorld(), format: "csv")
        #expect(text == """
            t,event,customer,task,teller,pool,station
            0,arrive,1,welcome,,,reception
            0,start,1,welcome,1,desk,reception
            1,finish,1,welcome,1,desk,reception
            1,arrive,1,deposit,,,tellers
            1,start,1,deposit,2,tellers,tellers
            3,finish,1,deposit,2,tellers,tellers

            """)
    }

    /// Station 0 is named by the scenario's first `shopfloor.counter "name"`; a world that never named it
    /// writes `counter` (what `shopfloor.counter()` names it).
    @Test func test_stationZero_isNamedByTheFirstCounter_orCalledCounter() throws {
        let named = try World()
        _ = try named.lua.evaluate("""
            local c = shopfloor.counter "post, office"
            c:task { name = "letters", service = shopfloor.fixed(1) }
            c:tellers { skills = { "letters" }, count = 1 }
            """, chunkName: "=test")
        #expect(named.stationNames == ["post, office"])
        let csv = try Self.trace(named, format: "csv")
        #expect(csv.split(separator: "\n").dropFirst().allSatisfy { $0.hasSuffix(",\"post, office\"") }, "\(csv)")

        let unnamed = try World()
        let task = try unnamed.simulation.addTask(TaskClass(name: "letters", service: .fixed(1)))
        try unnamed.simulation.addTellers(1, skills: [task])
        #expect(unnamed.stationNames == [World.unnamedStation] && World.unnamedStation == "counter")
        let jsonl = try Self.trace(unnamed, format: "jsonl")
        #expect(jsonl.hasPrefix(#"{"customer":1,"event":"arrive","station":"counter","t":0,"task":"letters"}"#), "\(jsonl)")
    }
}
