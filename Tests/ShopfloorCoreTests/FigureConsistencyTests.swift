import Testing
@testable import ShopfloorCore

/// One definition per figure, equal wherever it is read (issue 12 items 3 and 5, issue 13 item 17): customers
/// add up, a class's turned-away equals its recipe's failed orders, stock min ≤ final, waits are those of the
/// customers served, and a warm-up measures one population.
@Suite("Figures agree with each other")
struct FigureConsistencyTests {
    @Test("the juice bar's figures add up over seeds, stopped right after any decision")
    func juiceFiguresAddUp() throws {
        for seed in UInt64(1)...40 {
            for orders in [10, 200] {
                let (sim, service) = try StockMakersTests().juiceBar(seed: seed, initial: Int(seed % 3) * 10)
                try sim.run(untilDecided: orders, by: service)
                let summary = sim.summary()
                let stock = sim.stock.summary(at: sim.now)
                // Customers: served + turned away + still inside = arrived (no balks or reneges here).
                let failed = summary.tasks.reduce(0) { $0 + $1.failed }
                #expect(summary.served + failed + summary.inSystem == summary.arrived)
                // Turned away = failed orders, class by class, also at the stop instant.
                #expect(failed == stock.failed)
                for (task, r) in service.recipeOfTask.enumerated() where r >= 0 {
                    #expect(summary.tasks[task].failed == stock.recipes[r].failed)
                    // Made counts at the take, served at the hand-over: made − served juices are in preparation.
                    #expect(stock.recipes[r].made >= summary.tasks[task].served)
                    // Waits are those of the customers whose juice was made (none for the turned away).
                    #expect(summary.tasks[task].wait.count == stock.recipes[r].made)
                }
                let inPreparation = sim.tellerStates.array.filter { $0.busy && !$0.turningAway }.count
                #expect(stock.made - summary.served == inPreparation)
                for item in stock.items { #expect(item.minLevel <= item.count, "seed \(seed): \(item.name)") }
            }
        }
    }

    @Test("after a warm-up every customer figure covers the customers who arrived after it")
    func warmUpPopulation() throws {
        let sim = Simulation(seed: 5)
        sim.checksInvariantsAfterEachEvent = false
        let a = try sim.addTask(TaskClass(name: "a", service: .exponential(mean: 0.9)))
        try sim.addTellers(1, skills: [a])
        try sim.addArrivals(.poisson(rate: 1, mix: TaskMix([(a, 1)])))
        try sim.resetStatistics(at: 100)
        try sim.startArrivals()
        var arrivedAfter = Set<Int>(), servedAfter = 0, startedAfter = 0
        sim.observers.onArrive = { if $0.time >= 100 { arrivedAfter.insert($0.customer.number) } }
        sim.observers.onStart = { if arrivedAfter.contains($0.customer.number) { startedAfter += 1 } }
        sim.observers.onFinish = { if arrivedAfter.contains($0.customer.number) { servedAfter += 1 } }
        try sim.run(untilMeasuredServed: 500)
        let s = sim.summary()
        #expect(s.served == 500 && servedAfter == 500)
        #expect(s.arrived == arrivedAfter.count)
        #expect(s.tasks[0].wait.count == startedAfter)
        #expect(s.tasks[0].timeInSystem.count == 500)
        #expect(s.served + s.inSystem == s.arrived)
        #expect(sim.servedTotal > 500)  // the warm-up's customers were served too, outside the figures
    }
}
