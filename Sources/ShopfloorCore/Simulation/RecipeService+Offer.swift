/// The makers' rule (``ServiceRule/makers(_:)``): how the juice bar's makers take work, installed on the counter by
/// ``Simulation/serveRecipes(_:)`` as the strategy its `offer` runs — not a branch inside the counter's own rules.
extension RecipeService {
    /// A free maker takes the oldest order across its lines, if any: what ``serveRecipes(_:)``'s hooks would do,
    /// without calling them — the policy's choice (``Simulation/oldestHead(forTeller:)``), then `take(.head)` with
    /// the recipe's take (``decide(task:number:teller:in:prep:)``): the same checks, the same draws, the same order.
    // Performance: no closure calls, `Customer` snapshot or `TellerChoice` per order, and one scan of the
    // teller's lines instead of three (juice-bar benchmark, scripts/bench/juice-bar).
    @inline(__always)
    func offer(teller t: Int, in sim: Simulation) throws {
        let start = Int(sim.tellerStates[t].skillStart)
        let end = start &+ Int(sim.tellerStates[t].skillCount)
        var bestSkill = -1, bestNumber = Int.max, bestSlot: Int32 = -1
        var k = start
        while k < end {
            let line = Int(sim.tellerSkills[k])
            if sim.lineStore[line].count > 0, let slot = sim.peekHead(line: line) {
                let number = sim.table.records[Int(slot)].number
                if number < bestNumber { bestNumber = number; bestSkill = k; bestSlot = slot }
            }
            k &+= 1
        }
        guard bestSkill >= 0 else { return }
        let task = Int(sim.table.records[Int(bestSlot)].task)
        // Performance: the take and the report around the draw, no closure (juice-bar benchmark: a prep closure
        // passed to `decide` cost ~80 instructions an order).
        let r = task < recipeIndex.count ? recipeIndex[task] : -1
        let duration: Double
        if r >= 0 {
            if try take(recipe: r, number: bestNumber, teller: t, in: sim) {
                lastDuration = sim.counter.tasks[task].service.sampleDuration(using: &sim.counter.serviceRNG)
            }
            duration = lastDuration
        } else {
            let pool = sim.poolStore[Int(sim.tellerStates[t].pool)]
            duration = (pool.service ?? sim.counter.tasks[task].service).sampleDuration(using: &sim.counter.serviceRNG)
        }
        try CoreError.require(duration.isFinite && duration >= 0,
                              "service-time hook: duration must be a finite number >= 0, got \(quoted(duration))")
        try sim.checkServiceEnd(duration)
        _ = sim.popHead(line: Int(sim.tellerSkills[bestSkill]))
        try sim.startService(t, slot: bestSlot, duration: duration)
    }

    /// Whether task `task` stands for a recipe (its services take the recipe from stock).
    @inline(__always)
    func isRecipe(task: Int) -> Bool { task < recipeIndex.count && recipeIndex[task] >= 0 }

    /// The take at service start for teller `t` and the customer numbered `number` of task `task`: the recipe
    /// taken all or nothing and the decision reported to ``onDecision`` (where stock rules run), then the duration:
    /// `prep()` (the task's prep time, or a service-time hook's answer) if made, 0 if short (the teller then turns
    /// the customer away). A task that is no recipe is served for `prep()`.
    ///
    /// Asked again for the same customer (a retry after the report or `prep` threw) it never takes twice: it
    /// draws the duration if that was left, and answers as before.
    @inline(__always)
    func decide(task: Int, number: Int, teller t: Int, in sim: Simulation, prep: () throws -> Double) throws -> Double {
        let r = task < recipeIndex.count ? recipeIndex[task] : -1
        guard r >= 0 else { return try prep() }
        if try take(recipe: r, number: number, teller: t, in: sim) { lastDuration = try prep() }
        return lastDuration
    }

    /// Recipe `r` taken for the customer numbered `number`, all or nothing, and the decision reported — once: asked
    /// again for the same customer it takes and reports nothing. Teller `t` is marked as turning them away if short.
    /// - Returns: whether the duration (``lastDuration``) is still to be drawn: made, and not drawn yet.
    // Performance: the shortage is reported here, not kept for later (an optional `Shortage` stored per order cost
    // its copies and releases; juice-bar benchmark).
    @inline(__always)
    func take(recipe r: Int, number: Int, teller t: Int, in sim: Simulation) throws -> Bool {
        if lastCustomer == number {
            sim.tellerStates[t].turningAway = lastFailed
            return lastDuration.isNaN
        }
        let shortage = try sim.callDecisionHook("service-time hook") { try sim.stockState.stock.take(r, at: sim.now) }
        lastCustomer = number
        lastFailed = shortage != nil
        lastDuration = shortage == nil ? .nan : 0
        sim.tellerStates[t].turningAway = lastFailed
        decided &+= 1
        try sim.callDecisionHook("service-time hook") { try onDecision?(r, shortage) }
        return lastDuration.isNaN
    }
}
