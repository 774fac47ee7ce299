/// The makers' rule (``ServiceRule/makers(_:)``): how the juice bar's makers take work, installed on the counter by
/// ``Simulation/serveRecipes(_:)`` as the strategy its `offer` runs — not a branch inside the counter's own rules.
extension RecipeService {
    /// A free maker takes the oldest order across its lines, if any: what ``serveRecipes(_:)``'s hooks would do,
    /// without calling them — the policy's choice (``Simulation/oldestHead(forTeller:)``), then `take(.head)` with
    /// the recipe's take (``take(recipe:number:teller:in:)``) and the prep drawn after it, as
    /// ``Simulation/drawServiceTime(teller:slot:skillSlot:)`` does: the same checks, the same draws, the same order.
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
        let r = recipe(ofTask: task)
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

    /// The recipe task `task` stands for (its services take it from stock), or -1 for an ordinary task.
    @inline(__always)
    func recipe(ofTask task: Int) -> Int { task < recipeIndex.count ? recipeIndex[task] : -1 }

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
