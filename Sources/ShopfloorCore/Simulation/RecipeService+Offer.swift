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
        let duration = try decide(task: task, number: bestNumber, teller: t, in: sim) {
            let pool = sim.poolStore[Int(sim.tellerStates[t].pool)]
            return (pool.service ?? sim.counter.tasks[task].service).sampleDuration(using: &sim.counter.serviceRNG)
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
    /// taken all or nothing, then the duration — `prep()` (the task's prep time, or a service-time hook's answer)
    /// if made, 0 if short (the teller then turns the customer away) — then the decision reported to
    /// ``onDecision`` (where stock rules run). A task that is no recipe is served for `prep()`.
    ///
    /// Asked again for the same customer (a retry after `prep` or the report threw) it never takes twice: it
    /// finishes what was left (the duration, the report) and answers as before.
    @inline(__always)
    func decide(task: Int, number: Int, teller t: Int, in sim: Simulation, prep: () throws -> Double) throws -> Double {
        let r = task < recipeIndex.count ? recipeIndex[task] : -1
        guard r >= 0 else { return try prep() }
        if lastCustomer != number {
            let shortage = try sim.callDecisionHook("service-time hook") { try sim.stockState.stock.take(r, at: sim.now) }
            lastCustomer = number
            lastFailed = shortage != nil
            lastShortage = shortage
            lastDuration = .nan
            reportPending = true
            decided &+= 1
        }
        sim.tellerStates[t].turningAway = lastFailed
        if lastDuration.isNaN { lastDuration = lastFailed ? 0 : try prep() }
        if reportPending {
            reportPending = false
            try sim.callDecisionHook("service-time hook") { try onDecision?(r, lastShortage) }
        }
        return lastDuration
    }
}
