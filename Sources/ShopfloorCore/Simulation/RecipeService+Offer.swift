/// The makers' rule (``ServiceRule/makers(_:)``): how the juice bar's makers take work, installed on the counter by
/// ``Simulation/serveRecipes(_:)`` as the strategy its `offer` runs — not a branch inside the counter's own rules.
extension RecipeService {
    /// A free maker takes the oldest order across its lines, if any: what ``serveRecipes(_:)``'s hooks would do,
    /// without calling them — the policy's choice (``Simulation/oldestHead(forTeller:)``), then `take(.head)` with
    /// the service-time hook (``decide(task:number:teller:in:)``): the same checks, the same draws, the same order.
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
        let duration = try sim.callDecisionHook("service-time hook") {
            try decide(task: task, number: bestNumber, teller: t, in: sim)
        }
        try CoreError.require(duration.isFinite && duration >= 0,
                              "service-time hook: duration must be a finite number >= 0, got \(quoted(duration))")
        try sim.checkServiceEnd(duration)
        _ = sim.popHead(line: Int(sim.tellerSkills[bestSkill]))
        try sim.startService(t, slot: bestSlot, duration: duration)
    }

    /// The take at service start for maker `t` and the customer numbered `number` of task `task`: the prep time
    /// if made, 0 if short (the maker then turns the customer away). A task that is no recipe is served with its
    /// (or the pool's) own service time.
    @inline(__always)
    func decide(task: Int, number: Int, teller t: Int, in sim: Simulation) throws -> Double {
        let r = task < recipeIndex.count ? recipeIndex[task] : -1
        guard r >= 0 else {
            let pool = sim.poolStore[Int(sim.tellerStates[t].pool)]
            return (pool.service ?? sim.counter.tasks[task].service).sampleDuration(using: &sim.counter.serviceRNG)
        }
        if lastCustomer == number {
            sim.tellerStates[t].turningAway = lastFailed
            return lastDuration
        }
        let shortage = try sim.stockState.stock.take(r, at: sim.now)
        let duration = shortage == nil ? sim.counter.tasks[task].service.sampleDuration(using: &sim.counter.serviceRNG) : 0
        lastCustomer = number
        lastDuration = duration
        lastFailed = shortage != nil
        sim.tellerStates[t].turningAway = shortage != nil
        decided &+= 1
        try onDecision?(r, shortage)
        return duration
    }
}
