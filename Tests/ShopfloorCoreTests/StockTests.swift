import Testing
@testable import ShopfloorCore

@Suite("Stock")
struct StockTests {
    /// The juice maker seed: five fruits at 10 each, seven recipes.
    func juiceBar() throws -> Simulation {
        let sim = Simulation(seed: 1)
        for fruit in ["strawberry", "banana", "pineapple", "kiwi", "mango"] { try sim.defineItem(fruit, count: 10, capacity: 50) }
        let recipes: [String: [String: Int]] = [
            "strawberry juice": ["strawberry": 16], "banana juice": ["banana": 2], "kiwi juice": ["kiwi": 3],
            "pineapple juice": ["pineapple": 2], "strawberry-banana juice": ["strawberry": 10, "banana": 1],
            "mango juice": ["mango": 3], "mango-kiwi juice": ["mango": 2, "kiwi": 1],
        ]
        for name in recipes.keys.sorted() { try sim.register(Recipe(name: name, ingredients: recipes[name]!)) }
        return sim
    }

    @Test("a failed order takes nothing and says exactly what was short")
    func failedOrderTakesNothing() throws {
        let sim = try juiceBar()
        let shortage = try sim.order("strawberry juice")
        #expect(shortage?.description == "strawberry juice: strawberry: need 16, have 10")
        #expect(sim.stock.count(of: "strawberry") == 10)
        #expect(try sim.order("strawberry-banana juice") == nil)
        #expect(sim.stock.count(of: "strawberry") == 0 && sim.stock.count(of: "banana") == 9)
        try sim.setStock("banana", 0)
        let both = try sim.order("strawberry-banana juice")
        #expect(both?.description == "strawberry-banana juice: banana: need 1, have 0; strawberry: need 10, have 0")
        #expect(throws: CoreError.self) { try sim.order("lemonade") }
    }

    @Test("the stock editor refuses counts below 0 or above capacity")
    func editorLimits() throws {
        let sim = try juiceBar()
        #expect(throws: CoreError.self) { try sim.addStock("kiwi", -11) }
        #expect(throws: CoreError.self) { try sim.setStock("kiwi", 51) }
        #expect(throws: CoreError.self) { try sim.addStock("durian", 1) }
        do { try sim.setStock("kiwi", -1); Issue.record("accepted -1") } catch {
            #expect("\(error)" == "stock: count of 'kiwi' must be >= 0, got -1")
        }
        try sim.addStock("kiwi", 1)
        try sim.addStock("kiwi", -11)
        #expect(sim.stock.count(of: "kiwi") == 0)
    }

    @Test("recipes are validated: empty, non-positive counts, unknown items")
    func recipeValidation() throws {
        #expect(throws: CoreError.self) { try Recipe(name: "air", ingredients: [:]) }
        #expect(throws: CoreError.self) { try Recipe(name: "", ingredients: ["kiwi": 1]) }
        do { _ = try Recipe(name: "odd", ingredients: ["kiwi": 0]); Issue.record("accepted 0") } catch {
            #expect(error.description == "recipe 'odd': count of 'kiwi' must be > 0, got 0")
        }
        let sim = try juiceBar()
        do { try sim.register(Recipe(name: "durian juice", ingredients: ["durian": 1])); Issue.record("accepted") } catch {
            #expect("\(error)" == "unknown item in recipe 'durian juice' 'durian'")
        }
        // Re-registering a recipe (a reload) replaces it and keeps its statistics.
        try sim.order("kiwi juice")
        try sim.register(Recipe(name: "kiwi juice", ingredients: ["kiwi": 4]))
        try sim.order("kiwi juice")
        #expect(sim.stock.count(of: "kiwi") == 3)
        #expect(sim.stock.recipes[sim.stock.recipe(named: "kiwi juice")!].made == 2)
    }

    @Test("restock orders arrive after their lead time, capped at capacity with the excess reported")
    func restock() throws {
        let sim = try juiceBar()
        var deliveries: [Delivery] = []
        sim.observers.onDelivery = { deliveries.append($0) }
        try sim.placeRestock("mango", amount: 45, leadTime: 5)
        try sim.placeRestock("kiwi", amount: 5, leadTime: 2)
        #expect(throws: CoreError.self) { try sim.placeRestock("kiwi", amount: 0, leadTime: 1) }
        #expect(throws: CoreError.self) { try sim.placeRestock("kiwi", amount: 1, leadTime: -1) }
        try sim.run(until: 3)
        #expect(sim.stock.count(of: "kiwi") == 15 && sim.stock.count(of: "mango") == 10)
        try sim.runUntilIdle()
        #expect(sim.now == 5)
        #expect(sim.stock.count(of: "mango") == 50)
        #expect(deliveries.map(\.excess) == [0, 5])
        let summary = try #require(sim.summary().stock)
        #expect(summary.items.first { $0.name == "mango" }?.excessUnits == 5)
    }

    @Test("stock statistics: fill rate, lost units, time out of stock, level over time")
    func statistics() throws {
        let sim = try juiceBar()
        try sim.run(until: 1)
        try sim.order("strawberry-banana juice")     // strawberry 10 → 0 at t = 1
        try sim.run(until: 3)
        try sim.order("strawberry juice")            // fails
        try sim.placeRestock("strawberry", amount: 20, leadTime: 1)
        try sim.run(until: 5)                        // delivered at t = 4
        let s = try #require(sim.summary().stock)
        let strawberry = try #require(s.items.first { $0.name == "strawberry" })
        #expect(s.made == 1 && s.failed == 1 && s.fillRate == 0.5)
        #expect(strawberry.lostUnits == 16 && strawberry.stockouts == 1)
        #expect(strawberry.timeOutOfStock == 3)
        #expect(strawberry.minLevel == 0)
        #expect(abs(strawberry.meanLevel - (10 * 1 + 0 * 3 + 20 * 1) / 5.0) < 1e-12)
    }

    @Test("over 2000 random operation sequences stock never leaves [0, capacity] and is conserved")
    func randomOperations() throws {
        for seed in UInt64(0)..<2000 {
            var rng = Xoshiro256StarStar(seed: seed)
            var stock = Stock()
            let names = ["a", "b", "c", "d"]
            for name in names { _ = try stock.define(name, count: rng.int(0, 10), capacity: rng.uniform() < 0.5 ? 20 : nil, at: 0) }
            for r in 0..<4 {
                var ingredients: [String: Int] = [:]
                for _ in 0..<rng.int(1, 3) { ingredients[rng.pick(names)!] = rng.int(1, 6) }
                try stock.register(Recipe(name: "r\(r)", ingredients: ingredients))
            }
            var time = 0.0
            for _ in 0..<50 {
                time += rng.uniform()
                let before = stock.items.map(\.count)
                switch rng.int(0, 3) {
                case 0:
                    if let shortage = try stock.take(rng.int(0, 3), at: time) {
                        #expect(stock.items.map(\.count) == before, "a failed order changed stock")
                        #expect(!shortage.items.isEmpty)
                        #expect(shortage.items.map(\.item) == shortage.items.map(\.item).sorted())
                    }
                case 1:
                    _ = try stock.deliver(rng.int(0, 3), rng.int(1, 15), at: time)
                case 2:
                    do { try stock.add(rng.int(0, 3), rng.int(-12, 12), at: time) } catch {
                        #expect(stock.items.map(\.count) == before, "a refused edit changed stock")
                    }
                default:
                    do { try stock.set(rng.int(0, 3), rng.int(-2, 25), at: time) } catch {
                        #expect(stock.items.map(\.count) == before)
                    }
                }
                stock.verifyInvariants()
            }
        }
    }
}
