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

    /// A recipe needing more of a fruit than its shelf holds could never be made: every order failed, restocks and
    /// all (a delivery stops at the capacity), and nothing said why. Refused both ways round, nothing changed.
    @Test("a recipe needing more than a capacity, or a capacity below a recipe's need, is refused")
    func refusesARecipeThatCouldNeverBeMade() throws {
        let sim = Simulation(seed: 1)
        try sim.defineItem("kiwi", count: 5, capacity: 10)
        do { try sim.register(Recipe(name: "kiwi juice", ingredients: ["kiwi": 11])); Issue.record("accepted 11") } catch {
            #expect("\(error)" == "recipe 'kiwi juice': count of 'kiwi' must be <= its capacity 10, got 11 (the recipe could never be made)")
        }
        #expect(sim.stock.recipes.isEmpty)
        try sim.register(Recipe(name: "kiwi juice", ingredients: ["kiwi": 10]))
        do { try sim.setCapacity(ofItem: "kiwi", to: 9); Issue.record("accepted 9") } catch {
            #expect("\(error)" == "stock: capacity of 'kiwi' must be >= 10, which recipe 'kiwi juice' needs, got 9 (the recipe could never be made)")
        }
        #expect(sim.stock.items[0].capacity == 10)
        try sim.setCapacity(ofItem: "kiwi", to: nil)
        try sim.register(Recipe(name: "kiwi juice", ingredients: ["kiwi": 1_000]))
        #expect(sim.stock.recipes[0].recipe.ingredients.first?.count == 1_000)
    }
}
