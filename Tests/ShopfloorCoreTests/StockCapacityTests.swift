import Testing
@testable import ShopfloorCore

/// A shelf's capacity changed in a living stock (a reload of an edited `capacity`): never below the count on hand.
@Suite("Stock capacity changes")
struct StockCapacityTests {
    @Test("a capacity at or above the count takes effect; nil is unlimited")
    func changesCapacity() throws {
        let sim = Simulation(seed: 1)
        try sim.defineItem("kiwi", count: 30, capacity: 400)
        try sim.setCapacity(ofItem: "kiwi", to: 30)
        #expect(sim.stock.items[0].capacity == 30)
        #expect(throws: CoreError.self) { try sim.addStock("kiwi", 1) }
        try sim.setCapacity(ofItem: "kiwi", to: nil)
        try sim.addStock("kiwi", 1_000)
        #expect(sim.stock.count(of: "kiwi") == 1_030)
    }

    @Test("a capacity below the count is refused and nothing changes")
    func refusesBelowCount() throws {
        let sim = Simulation(seed: 1)
        try sim.defineItem("kiwi", count: 30, capacity: 400)
        do { try sim.setCapacity(ofItem: "kiwi", to: 29); Issue.record("accepted 29") } catch {
            #expect("\(error)" == "stock: capacity of 'kiwi' must be >= its count 30, got 29")
        }
        #expect(sim.stock.items[0].capacity == 400)
        #expect(throws: CoreError.self) { try sim.setCapacity(ofItem: "kiwi", to: -1) }
        #expect(throws: CoreError.self) { try sim.setCapacity(ofItem: "durian", to: 5) }
    }
}
