import Testing
@testable import ShopfloorCore

/// Makers (tellers whose task is a recipe): the take at service start, over many seeds.
@Suite("Stock makers")
struct StockMakersTests {
    static let fruits = ["strawberry", "banana", "pineapple", "kiwi", "mango"]
    static let recipes: [(String, [String: Int])] = [
        ("strawberry juice", ["strawberry": 16]), ("banana juice", ["banana": 2]), ("kiwi juice", ["kiwi": 3]),
        ("pineapple juice", ["pineapple": 2]), ("strawberry-banana juice", ["strawberry": 10, "banana": 1]),
        ("mango juice", ["mango": 3]), ("mango-kiwi juice", ["mango": 2, "kiwi": 1]),
    ]

    /// The juice bar with a reorder-point rule in Swift; returns the simulation and its service.
    func juiceBar(seed: UInt64, initial: Int) throws -> (Simulation, RecipeService) {
        let sim = Simulation(seed: seed)
        sim.checksInvariantsAfterEachEvent = false
        for fruit in Self.fruits { try sim.defineItem(fruit, count: initial, capacity: 60) }
        var tasks: [Int: Int] = [:]
        for (name, ingredients) in Self.recipes {
            let r = try sim.register(Recipe(name: name, ingredients: ingredients))
            tasks[try sim.addTask(TaskClass(name: name, service: .exponential(mean: 1.5)))] = r
        }
        try sim.addTellers(2, skills: tasks.keys.sorted(), name: "makers")
        try sim.addArrivals(.poisson(rate: 1, mix: TaskMix(tasks.keys.sorted().map { ($0, 1.0) })))
        let service = try sim.serveRecipes(tasks)
        service.onDecision = { [unowned sim] r, shortage in
            guard shortage == nil else { return }
            for ingredient in sim.stock.recipes[r].recipe.ingredients {
                let item = sim.stock.item(named: ingredient.item)!
                let count = sim.stock.items[item].count
                if count < 20 && sim.pendingUnits(item: item) == 0 {
                    try sim.restock(item: item, amount: 60 - count, leadTime: 5)
                }
            }
        }
        try sim.startArrivals()
        return (sim, service)
    }

    @Test("counts stay in range and conserved, failed orders take no time, exactly N orders are decided")
    func invariantsOverSeeds() throws {
        for seed in UInt64(0)..<300 {
            let (sim, service) = try juiceBar(seed: seed, initial: Int(seed % 30))
            var failures = 0, zeroTimeFinishes = 0
            sim.observers.onFail = { event in
                failures += 1
                #expect(event.kind == .fail && event.teller != nil && event.customer.state == .turnedAway)
            }
            sim.observers.onFinish = { event in
                if let start = event.customer.serviceStart, event.time == start { zeroTimeFinishes += 1 }
            }
            try sim.run(untilDecided: 200, by: service)
            #expect(service.decided == 200)
            let summary = sim.stock.summary(at: sim.now)
            #expect(summary.made + summary.failed == 200)
            sim.stock.verifyInvariants()
            for item in sim.stock.items {
                #expect(item.count >= 0 && item.count <= 60)
                #expect(item.count == item.initial + item.delivered + item.adjusted - item.consumed)
            }
            // A failed order is heard of as `fail` when it is decided (its 0 s "service" only frees the maker), so
            // the count is exact at the 200th decision; no finish is a turned-away customer's.
            #expect(failures == summary.failed)
            #expect(zeroTimeFinishes == 0, "prep times are exponential: a 0 s finish would be a failed order's")
        }
    }

    @Test("a customer whose order was short is turned away, never counted as served")
    func shortOrdersAreTurnedAwayNotServed() throws {
        for seed in UInt64(0)..<60 {
            let (sim, service) = try juiceBar(seed: seed, initial: Int(seed % 12))
            var turnedAwayEvents = 0, servedEvents = 0, turnedAwayStarts = 0
            sim.observers.onFinish = { event in
                if event.customer.state == .turnedAway { turnedAwayEvents += 1000 } else { servedEvents += 1 }
            }
            sim.observers.onFail = { _ in turnedAwayEvents += 1 }
            sim.observers.onStart = { [unowned sim] event in
                if sim.tellerStates[event.teller!].turningAway { turnedAwayStarts += 1 }
            }
            try sim.run(untilDecided: 150, by: service)
            try sim.stopArrivals()
            _ = try sim.runUntilIdle()  // every decided order leaves: made ones after their prep time
            let summary = sim.summary()
            let stock = try #require(summary.stock)
            #expect(summary.inSystem == 0)
            #expect(summary.served == stock.made, "served = orders made (seed \(seed))")
            #expect(summary.tasks.reduce(0) { $0 + $1.failed } == stock.failed, "turned away = orders failed")
            // Heard of as `fail`, never as `finish` (which would add 1000) nor `start`: a hook counting finishes
            // counts the customers served.
            #expect(servedEvents == stock.made && turnedAwayEvents == stock.failed)
            #expect(turnedAwayStarts == 0)
            #expect(summary.tasks.count == stock.recipes.count)
            for task in summary.tasks {
                let recipe = try #require(stock.recipes.first { $0.name == task.name })
                #expect(task.served == recipe.made && task.failed == recipe.failed, "\(task.name)")
                #expect(task.arrived == task.served + task.failed, "\(task.name): everyone decided, no one lost")
            }
        }
    }

    @Test("makers take the oldest order across all juices (FIFO)")
    func fifoAcrossJuices() throws {
        let (sim, service) = try juiceBar(seed: 3, initial: 60)
        var started: [Int] = []  // every decision: a start (made) or a fail (short), in the makers' order
        sim.observers.onStart = { started.append($0.customer.number) }
        sim.observers.onFail = { started.append($0.customer.number) }
        try sim.run(untilDecided: 500, by: service)
        #expect(started == started.sorted())
        #expect(started.count == 500)
    }

    @Test("the makers' inline path decides exactly as the policy and service-time hooks it stands for")
    func inlinePathMatchesHooks() throws {
        for seed in UInt64(0)..<40 {
            let (inline, inlineService) = try juiceBar(seed: seed, initial: Int(seed % 30))
            let (hooked, hookedService) = try juiceBar(seed: seed, initial: Int(seed % 30))
            // Installing the same hooks again takes the closure path (`offer` → policy → take → hook).
            let policy = hooked.tellerPolicy, serviceTime = hooked.serviceTime
            hooked.tellerPolicy = policy
            hooked.serviceTime = serviceTime
            #expect(inline.makers != nil && hooked.makers == nil)
            var inlineStarts: [Int] = [], hookedStarts: [Int] = []
            inline.observers.onStart = { inlineStarts.append($0.customer.number) }
            hooked.observers.onStart = { hookedStarts.append($0.customer.number) }
            try inline.run(untilDecided: 300, by: inlineService)
            try hooked.run(untilDecided: 300, by: hookedService)
            #expect(inlineStarts == hookedStarts)
            #expect(inline.now == hooked.now)
            #expect(inline.summary() == hooked.summary())
            #expect(inline.stock.summary(at: inline.now) == hooked.stock.summary(at: hooked.now))
            #expect(inline.pendingRestocks == hooked.pendingRestocks)
        }
    }

    @Test("pending units follow restock orders and deliveries, and reset clears them")
    func pendingUnits() throws {
        let sim = Simulation(seed: 1)
        let kiwi = try sim.defineItem("kiwi", count: 0, capacity: 10)
        let mango = try sim.defineItem("mango", count: 0)
        #expect(sim.pendingUnits(item: kiwi) == 0 && sim.pendingUnits(item: mango) == 0)
        try sim.restock(item: mango, amount: 7, leadTime: 2)
        try sim.restock(item: mango, amount: 5, leadTime: 4)
        try sim.placeRestock("kiwi", amount: 30, leadTime: 1)
        #expect(sim.pendingUnits(item: mango) == 12 && sim.pendingUnits(item: kiwi) == 30)
        try sim.run(until: 2)
        #expect(sim.pendingUnits(item: mango) == 5 && sim.pendingUnits(item: kiwi) == 0)
        #expect(sim.stock.items[kiwi].count == 10)  // capped at capacity; the excess is not pending
        sim.checkInvariants()
        try sim.reset()
        #expect(sim.pendingUnits(item: mango) == 0 && sim.pendingUnits(item: -1) == 0 && sim.pendingUnits(item: 9) == 0)
    }
}
