/// Makers: tellers whose task is a recipe (the juice bar).
///
/// A task can stand for a recipe: when a teller takes a customer of that task, the recipe is taken from stock
/// all or nothing. Made: the service lasts the task's own service time (the prep time), or a service-time hook's
/// answer. Short: nothing is taken and the service lasts 0 s — the order fails at once and the maker takes the
/// next customer. Either way the decision is reported to ``RecipeService/onDecision`` right after the take (before
/// the duration is drawn), where a stock rule may restock.
///
/// ```swift
/// let juice = try sim.register(Recipe(name: "banana juice", ingredients: ["banana": 2]))
/// let task = try sim.addTask(TaskClass(name: "banana juice", service: .exponential(mean: 1.5)))
/// try sim.addTellers(2, skills: [task])
/// let service = try sim.serveRecipes([task: juice])
/// service.onDecision = { recipe, shortage in print(shortage?.description ?? "made") }
/// ```
public final class RecipeService {
    // Performance: `@exclusivity(unchecked)` as in `Simulation` (no runtime access check per order; juice-bar
    // benchmark). Safe: not Sendable, one simulation per thread, no access held across a hook call.
    /// Recipe index per task index (-1: an ordinary task).
    @exclusivity(unchecked) public internal(set) var recipeOfTask: [Int]
    /// Called after each take (made: `shortage == nil`), with the recipe's index.
    @exclusivity(unchecked) public var onDecision: ((_ recipe: Int, _ shortage: Shortage?) throws -> Void)?
    /// Orders decided (made or failed) since the service was installed or the statistics were last reset (a
    /// warm-up): what `stop { orders = N }` counts, the summary's made + failed.
    @exclusivity(unchecked) public internal(set) var decided = 0
    /// The last decision, so a retry after a throwing observer never takes the same customer's order twice.
    @exclusivity(unchecked) var lastCustomer = -1
    /// NaN while the last decision's duration is still to be drawn.
    @exclusivity(unchecked) var lastDuration = 0.0
    @exclusivity(unchecked) var lastFailed = false

    /// `recipeOfTask` for the per-order path: no array retain or copy-on-write check (juice-bar benchmark).
    let recipeIndex: UnsafeList<Int>

    init(recipeOfTask: [Int]) {
        self.recipeOfTask = recipeOfTask
        self.recipeIndex = UnsafeList(recipeOfTask)
    }
}

extension Simulation {
    // MARK: Makers (tellers serving recipes)

    /// Makes the tasks in `recipes` (task index → recipe index) recipe tasks: every service of one takes its recipe
    /// at the start, all or nothing (``recipes``), whatever teller policy or service-time hook is installed later.
    /// Tellers serve them FIFO across all their lines (oldest order first, the installed teller policy). The counter
    /// then serves by the makers' rule (``ServiceRule/makers(_:)``: the same steps as that policy and the take,
    /// without calling them) until a policy or service-time hook is installed.
    /// - Returns: the service; set its `onDecision` to hear of each take.
    /// - Throws: for an unknown task or recipe.
    @discardableResult
    public func serveRecipes(_ recipes: [Int: Int]) throws -> RecipeService {
        try checkMutable(.serveRecipes)
        var map = [Int](repeating: -1, count: counter.tasks.count)
        for (task, recipe) in recipes {
            try checkTask(task)
            try CoreError.require(stockState.stock.recipes.indices.contains(recipe), "makers: 'recipe' must be a recipe index 0..<\(stockState.stock.recipes.count), got \(recipe)")
            map[task] = recipe
        }
        let service = RecipeService(recipeOfTask: map)
        tellerPolicy = { teller, simulation in simulation.oldestHead(forTeller: teller) }
        self.recipes = service
        makers = service  // after the policy: setting a policy or a service-time hook clears it
        return service
    }

    /// FIFO across the teller's lines: the head that has waited longest (lowest number), or idle.
    /// - Complexity: O(skills).
    public func oldestHead(forTeller t: Int) -> TellerChoice {
        let start = Int(tellerStates[t].skillStart)
        let end = start &+ Int(tellerStates[t].skillCount)
        var best = -1, bestNumber = Int.max
        var k = start
        while k < end {
            let line = Int(tellerSkills[k])
            if lineStore[line].count > 0, let slot = peekHead(line: line) {
                let number = table.records[Int(slot)].number
                if number < bestNumber { bestNumber = number; best = line }
            }
            k &+= 1
        }
        return best >= 0 ? .head(line: best) : .stayIdle
    }

    /// Runs until `service` has decided `count` orders in all (or nothing is left to do); a statistics reset on the
    /// way (a warm-up) starts the count again.
    public func run(untilDecided count: Int, by service: RecipeService) throws {
        try beginRun(.run)
        defer { isRunning = false }
        while service.decided < count {
            // Alive events only, as every run that ends when nothing is left to do: a background sampler
            // (`every` without `to`) must not carry a run whose arrivals ended short of the goal on for ever.
            if !(try stepOne(aliveOnly: true)) { break }
        }
        try reportCloseIfIdle()
    }

    // MARK: Stock operations allowed anywhere

    // These touch only the stock and the restock schedule, never lines, tellers or the clock, so they are safe from
    // any hook — including the stock rules a maker's take triggers inside the service-time hook — except once the
    // end of the run is being reported (``checkNotEnded(_:)``).

    /// Refuses a stock change while the end of the run is reported: the summary the end-of-run observer reads is
    /// final. (A count changed there showed in the printed stock figures and in none of the others, and a restock
    /// placed there never came.)
    func checkNotEnded(_ operation: Refusal.Operation) throws {
        if reportingEnd { throw CoreError.refused(Refusal(operation, .runEnded)) }
    }

    /// Takes recipe `r` now, all or nothing (no observer is called: the caller reports it).
    @discardableResult
    public func takeRecipe(_ r: Int) throws -> Shortage? {
        try checkNotEnded(.order)
        return try stockState.stock.take(r, at: now)
    }

    /// Changes item `item`'s count by `amount` now; refuses below 0 or above capacity.
    public func adjustStock(item: Int, by amount: Int) throws {
        try checkNotEnded(.addStock)
        try stockState.stock.add(item, amount, at: now)
    }

    /// Sets item `item`'s count now; refuses below 0 or above capacity.
    public func setStock(item: Int, to count: Int) throws {
        try checkNotEnded(.setStock)
        try stockState.stock.set(item, count, at: now)
    }

    /// Orders `amount` units of item `item`, delivered after `leadTime` seconds (capped at capacity on delivery).
    @discardableResult
    public func restock(item: Int, amount: Int, leadTime: Double) throws -> RestockOrder {
        try checkNotEnded(.placeRestock)
        try stockState.stock.checkItem(item)
        try CoreError.require(amount > 0, "restock: 'amount' must be > 0, got \(amount)")
        try CoreError.require(leadTime.isFinite && leadTime >= 0, "restock: 'lead_time' must be >= 0, got \(quoted(leadTime))")
        try CoreError.require((now + leadTime).isFinite,
                              "restock: 'lead_time' \(quoted(leadTime)) from simulated time \(quoted(now)) is past the largest time (\(Double.greatestFiniteMagnitude))")
        let pending = pendingUnits(item: item)
        try CoreError.require(pending <= Int.max - amount,
                              "restock: 'amount' \(amount) of '\(stockState.stock.items[item].name)' with \(pending) on their way exceeds the most units that can be on their way (\(Int.max))")
        let id = stockState.freeRestocks.popLast() ?? stockState.restocks.count
        let order = RestockOrder(id: id, item: item, amount: amount, placedAt: now, dueAt: now + leadTime)
        if id == stockState.restocks.count { stockState.restocks.append(order) } else { stockState.restocks[id] = order }
        while pendingByItem.count <= item { pendingByItem.append(0) }
        pendingByItem[item] &+= amount
        runState.scheduler.unsafeSchedule(.delivery, payload: UInt64(id), at: order.dueAt)
        return order
    }

    /// Units of item `item` on hand (no copy of the stock: the per-order path reads it).
    @inline(__always)
    public func count(ofItem item: Int) -> Int { stockState.stock.items[item].count }

    /// Units of item `item` ordered and not yet delivered.
    /// - Complexity: O(1).
    @inline(__always)
    public func pendingUnits(item: Int) -> Int {
        UInt(bitPattern: item) < UInt(pendingByItem.count) ? pendingByItem[item] : 0
    }
}
