import Foundation
import ShopfloorCore
@testable import ShopfloorCLI
@testable import ShopfloorScripting
import Testing

/// The live view with several stations (``StationPanel``): every station's pools, figures and lines, in 60
/// columns and in a short screen; a single-station world keeps the view it had.
@Suite struct StationPanelTests {
    /// Reception (1 s) → tellers (deposit 5 s, loan 8 s; 2 tellers) → office (loans only, 20 s), customers
    /// arriving every second: lines build up at the tellers, the office teller blocks nobody (no capacity).
    static func bank() throws -> World {
        let world = try World()
        let sim = world.simulation
        let front = try sim.station(named: "reception"), tellers = try sim.station(named: "tellers")
        let office = try sim.station(named: "manager's office")
        let welcome = try sim.addTask(TaskClass(name: "welcome", service: .fixed(1)), station: front)
        let deposit = try sim.addTask(TaskClass(name: "deposit", service: .fixed(5)), station: tellers)
        let loan = try sim.addTask(TaskClass(name: "loan", service: .fixed(8)), station: tellers)
        let review = try sim.addTask(TaskClass(name: "loan", service: .fixed(20)), station: office)
        try sim.addTellers(1, skills: [welcome], name: "desk")
        try sim.addTellers(2, skills: [deposit, loan], name: "tellers")
        try sim.addTellers(1, skills: [review], name: "manager")
        try sim.setRoute(.choice([(deposit, 0.5), (loan, 0.5)]), forTask: welcome)
        try sim.setRoute(.next(task: review), forTask: loan)
        try sim.addArrivals(.poisson(rate: 1, mix: TaskMix([(welcome, 1)])))
        try sim.startArrivals()
        try sim.open()
        try sim.run(until: 60)
        return world
    }

    /// Display width after dropping ANSI styles (what a terminal shows).
    static func shown(_ row: String) -> String {
        row.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test func test_everyStation_itsPoolsFiguresAndLines_fitSixtyColumns() throws {
        let world = try Self.bank()
        let stations = StationPanel.stations(of: world)
        #expect(stations.map(\.name) == ["reception", "tellers", "manager's office"])
        #expect(stations.map { $0.lines.map(\.task) } == [["welcome"], ["deposit", "loan"], ["loan"]])
        #expect(stations[1].pools == [StationPanel.PoolNow(name: "tellers", tellers: 2, busy: 2, blocked: 0, away: 0)])
        // The figures are the simulation's own.
        let sim = world.simulation
        #expect(stations.map(\.served) == sim.stations.map { $0.tasks.reduce(0) { $0 + sim.taskStatistics[$1].served } })
        #expect(stations[1].waiting == sim.length(ofLine: 1) + sim.length(ofLine: 2) && stations[1].waiting > 0)

        let rows = StationPanel.render(stations, width: 60, height: 40, words: .english, viewWords: .english).map(Self.shown)
        for row in rows { #expect(DisplayWidth.of(row) <= 60, "\(row)") }
        let text = rows.joined(separator: "\n")
        for station in stations {
            #expect(rows.contains { $0.hasPrefix(station.name + " · ") }, "\(text)")
            for line in station.lines { #expect(rows.contains("  \(line.task): \(line.waiting) waiting"), "\(text)") }
            #expect(text.contains("\(station.served) served"))
        }
        #expect(text.contains("tellers 2/2 busy"))
        #expect(text.contains(String(format: "mean wait %.2f s", stations[1].meanWait)))
        // Figures too wide for one row go on a second, whole; never cut mid-figure.
        let narrow = StationPanel.render(stations, width: 30, height: 40, words: .english, viewWords: .english).map(Self.shown)
        for row in narrow { #expect(DisplayWidth.of(row) <= 30, "\(row)") }
        #expect(narrow.contains { $0.hasPrefix("  ") && $0.contains("served") }, "\(narrow)")
        for station in stations {
            #expect(narrow.contains { $0.contains("\(station.served) served") }, "\(narrow)")
            #expect(narrow.contains { $0.contains(String(format: "mean wait %.2f s", station.meanWait)) }, "\(narrow)")
        }
    }

    @Test func test_aShortScreen_givesEachStationOneRow_thenMore() throws {
        let stations = StationPanel.stations(of: try Self.bank())
        let compact = StationPanel.render(stations, width: 60, height: 3, words: .english, viewWords: .english).map(Self.shown)
        #expect(compact.count == 3)
        #expect(compact[1].hasPrefix("tellers: \(stations[1].waiting) waiting · 2/2 busy · \(stations[1].served) served"), "\(compact)")
        let cut = StationPanel.render(stations, width: 60, height: 2, words: .english, viewWords: .english).map(Self.shown)
        #expect(cut == [Self.shown(compact[0]), "+2 more"])
        for row in StationPanel.render(stations, width: 60, height: 3, words: .korean, viewWords: .korean).map(Self.shown) {
            #expect(DisplayWidth.of(row) <= 60, "\(row)")
        }
    }

    @Test func test_blockedAndAwayTellers_areCounted() throws {
        let (sim, world) = try { () throws -> (Simulation, World) in
            let world = try World()
            let sim = world.simulation
            let a = try sim.addTask(TaskClass(name: "first", service: .fixed(1)), station: try sim.station(named: "a"))
            let b = try sim.addTask(TaskClass(name: "second", service: .fixed(30), capacity: 1), station: try sim.station(named: "b"))
            try sim.addTellers(1, skills: [a])
            try sim.addTellers(1, skills: [b])
            try sim.setRoute(.next(task: b, whenFull: .wait), forTask: a)
            try sim.open()
            try sim.arrive([CustomerSpec(task: a), CustomerSpec(task: a), CustomerSpec(task: a)])
            try sim.run(until: 5)
            return (sim, world)
        }()
        #expect(sim.blockedTellers.count == 1)
        let first = try #require(StationPanel.stations(of: world).first)
        #expect(first.pools[0].blocked == 1 && first.pools[0].busy == 1)
        let rows = StationPanel.render(StationPanel.stations(of: world), width: 60, height: 20, words: .english, viewWords: .english)
        #expect(rows.map(Self.shown).contains { $0.contains("first 1/1 busy, 1 blocked") }, "\(rows)")
    }

    /// One station: the view's default lines are the ones it always drew (clock, then each line).
    @Test func test_aSingleStationWorld_keepsItsDefaultView() throws {
        let world = try World()
        _ = try world.lua.evaluate("""
            local c = shopfloor.counter "bank"
            c:task { name = "deposit", service = shopfloor.fixed(2) }
            c:tellers { skills = { "deposit" }, count = 1 }
            """, chunkName: "=test")
        try world.simulation.open()
        try world.simulation.arrive([CustomerSpec(task: 0), CustomerSpec(task: 0)])
        let rows = LiveView.defaultView(world: world, clock: 1, width: 60, height: 20, words: .english)
        #expect(rows == ["clock 1.00 s · 0 served", "deposit: 1 waiting"])
        let several = try Self.bank()
        let multi = LiveView.defaultView(world: several, clock: 60, width: 60, height: 20, words: .english).map(Self.shown)
        #expect(multi.first == "clock 60.00 s · \(several.simulation.completedTotal) served" && multi[1] == "")
        #expect(multi.contains { $0.hasPrefix("manager's office · ") })
    }
}
