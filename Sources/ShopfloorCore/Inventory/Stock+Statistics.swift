extension Stock {
    /// Restarts every stock statistic at `time` (counts and conservation totals stay).
    public mutating func resetStatistics(at time: Double) {
        clock = Swift.max(clock, time)
        for i in items.indices { items[i].resetStatistics(at: clock) }
        for r in recipes.indices { recipes[r].made = 0; recipes[r].failed = 0 }
    }

    /// The stock figures at `time`.
    public func summary(at time: Double, pendingRestocks: Int = 0) -> StockSummary {
        let itemSummaries = items.map { item in
            ItemSummary(name: item.name, count: item.count, capacity: item.capacity == .max ? nil : item.capacity,
                        meanLevel: item.level.mean(until: time), minLevel: item.minimumCount(until: time),
                        timeOutOfStock: item.timeOutOfStock(until: time), consumed: item.consumedUnits,
                        stockouts: item.stockouts, lostUnits: item.lostUnits, deliveries: item.deliveries,
                        deliveredUnits: item.deliveredUnits, excessUnits: item.excessUnits)
        }
        let recipeSummaries = recipes.map {
            RecipeSummary(name: $0.recipe.name, made: $0.made, failed: $0.failed, fillRate: $0.fillRate)
        }
        let made = recipes.reduce(0) { $0 + $1.made }
        let failed = recipes.reduce(0) { $0 + $1.failed }
        return StockSummary(items: itemSummaries, recipes: recipeSummaries, made: made, failed: failed,
                            fillRate: made + failed > 0 ? Double(made) / Double(made + failed) : 1,
                            pendingRestocks: pendingRestocks)
    }

    /// Checks `0 ≤ count ≤ capacity` and conservation for every item (debug builds; tests call it directly).
    /// - Complexity: O(items).
    public func checkInvariants() {
        #if DEBUG
        verifyInvariants()
        #endif
    }

    /// The checks of ``checkInvariants()``, in every build.
    public func verifyInvariants() {
        for item in items {
            precondition(item.count >= 0 && item.count <= item.capacity, "stock '\(item.name)' out of range: \(item.count)")
            // Wrapping arithmetic: the totals may pass Int.max over a long run; the law holds modulo 2⁶⁴.
            precondition(item.count == item.initial &+ item.delivered &+ item.adjusted &- item.consumed,
                         "stock '\(item.name)' not conserved")
        }
    }
}
