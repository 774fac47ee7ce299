/// Pools whose size changes over time: breaks, shifts. A pool is created with its largest size (every teller it
/// will ever have); ``setPoolSize(_:to:leaving:)`` and ``setPoolSchedule(_:_:leaving:)`` send tellers away and
/// bring them back.
///
/// ```swift
/// let tellers = try sim.addTellers(3, skills: [deposit])
/// try sim.setPoolSchedule(tellers, [(0, 3), (12 * 3600, 2), (13 * 3600, 3)])   // one teller's lunch break
/// ```
///
/// Who leaves: idle tellers first (the highest-numbered first), then busy ones, who finish the customer in service
/// first (``TellerLeaving/afterService``) or hand them back to their line (``TellerLeaving/handBack``): as the call
/// says, else as the pool was created with (``TellerPool/leaving``, given to ``addTellers(_:skills:name:service:leaving:)``;
/// after service unless it said otherwise).
/// Who comes back: a teller still due to leave stays instead, then the lowest-numbered away ones; they take waiting
/// customers at once. Utilisation is busy time ÷ time present (``TellerPool/utilisation(until:)``). A schedule
/// that never changes the size — `[(0, n)]` for a pool of n — changes nothing: same events, same figures.
extension Simulation {
    /// Sets how many of pool `pool`'s tellers are at the counter from now on.
    /// - Throws: if `pool` is unknown or `count` is outside 0...tellers in the pool; if a hook throws while a
    ///   returning teller takes work (the rest is redone on the next step).
    ///   `leaving` nil: as the pool was created with (``TellerPool/leaving``).
    public func setPoolSize(_ pool: Int, to count: Int, leaving: TellerLeaving? = nil) throws {
        try checkMutable(.setPoolSize)
        try checkPool(pool, count: count)
        let leaving = leaving ?? poolStore[pool].leaving
        try guarded { try applyPoolSize(pool, count, leaving) }
    }

    /// Makes pool `pool` follow `steps` — `(at, count)` in increasing time, each at or after now — replacing any
    /// schedule it had. A step at the current time applies at once. `leaving` nil: as the pool was created with.
    public func setPoolSchedule(_ pool: Int, _ steps: [(at: Double, count: Int)], leaving: TellerLeaving? = nil) throws {
        try checkMutable(.setPoolSchedule)
        try CoreError.require(poolStore.indices.contains(pool), "schedule: 'pool' must be a pool index 0..<\(poolStore.count), got \(pool)")
        let leaving = leaving ?? poolStore[pool].leaving
        var last = now
        for step in steps {
            try CoreError.require(step.at.isFinite && step.at >= last,
                                  "schedule: 'at' must be finite, >= now and increasing, got \(quoted(step.at)) after \(quoted(last))")
            try checkPool(pool, count: step.count)
            last = step.at
        }
        while runState.clock.schedules.count <= pool { runState.clock.schedules.append(nil) }
        let old = runState.clock.schedules[pool]
        if let old { runState.clock.pendingPoolChanges -= old.steps.count - old.next }
        let generation = (old?.generation ?? 0) &+ 1
        runState.clock.schedules[pool] = PoolSchedule(steps: steps, leaving: leaving, generation: generation)
        runState.clock.pendingPoolChanges += steps.count
        // Steps now apply at once, in order; the first later one is scheduled.
        try guarded { try applyDueSteps(pool) }
    }

    func checkPool(_ pool: Int, count: Int) throws {
        try CoreError.require(poolStore.indices.contains(pool), "pool size: 'pool' must be a pool index 0..<\(poolStore.count), got \(pool)")
        let size = poolStore[pool].tellers.count
        try CoreError.require((0...size).contains(count),
                              "pool '\(poolStore[pool].name)': 'count' must be 0...\(size) (the tellers it was created with), got \(count)")
    }

    /// Applies the schedule's steps due now, then schedules the next one (a background event).
    func applyDueSteps(_ pool: Int) throws {
        while var schedule = runState.clock.schedules[pool], schedule.next < schedule.steps.count {
            let step = schedule.steps[schedule.next]
            guard step.at <= now else {
                runState.scheduler.scheduleBackground(.poolChange, payload: UInt64(pool) << 32 | UInt64(schedule.generation), at: step.at)
                return
            }
            schedule.next += 1
            runState.clock.schedules[pool] = schedule
            runState.clock.pendingPoolChanges -= 1
            try applyPoolSize(pool, step.count, schedule.leaving)
        }
    }

    /// A schedule step event.
    func handlePoolChange(_ payload: UInt64) throws {
        let pool = Int(payload >> 32)
        guard !isStalePoolChange(payload) else { return }
        try applyDueSteps(pool)
    }

    /// Whether a schedule step event belongs to a schedule since replaced.
    func isStalePoolChange(_ payload: UInt64) -> Bool {
        let pool = Int(payload >> 32)
        guard pool < runState.clock.schedules.count, let schedule = runState.clock.schedules[pool] else { return true }
        return schedule.generation != UInt32(truncatingIfNeeded: payload) || schedule.next >= schedule.steps.count
    }

    /// Sends tellers away or brings them back until `count` of the pool are (or will be) present.
    func applyPoolSize(_ pool: Int, _ count: Int, _ leaving: TellerLeaving) throws {
        let tellers = poolStore[pool].tellers
        var staying = tellers.filter { !tellerStates[$0].away && !tellerStates[$0].leaving }.count
        if staying > count {
            // Idle ones first, highest-numbered first; then busy ones.
            for t in tellers.reversed() where staying > count && !tellerStates[t].busy {
                leave(t)
                staying -= 1
            }
            for t in tellers.reversed() where staying > count && tellerStates[t].busy && !tellerStates[t].away && !tellerStates[t].leaving {
                staying -= 1
                if leaving == .handBack { try handBack(teller: t) } else { tellerStates[t].leaving = true }
            }
        } else if staying < count {
            for t in tellers where staying < count && tellerStates[t].leaving {
                tellerStates[t].leaving = false
                staying += 1
            }
            var returning: [Int] = []
            for t in tellers where staying < count && tellerStates[t].away {
                tellerStates[t].away = false
                tellerStates[t].busy = false
                returning.append(t)
                staying += 1
                notePresence(pool, +1)
            }
            for t in returning { try offer(t) }
        }
    }

    /// Teller `t`, idle (or just done), goes away. ``offer(_:)`` calls it for a free teller marked `leaving`, so
    /// every way a teller becomes free (a finish, a routed finish, a customer gone) honours a break.
    // Kept out of `offer`, inlined on the single-station path, which only tests the teller's flag.
    @inline(never)
    func leave(_ t: Int) {
        precondition(tellerStates[t].slot == -1, "teller \(t) would leave a customer in service")
        tellerStates[t].leaving = false
        tellerStates[t].away = true
        tellerStates[t].busy = true  // an away teller is never free: see TellerState.away
        notePresence(Int(tellerStates[t].pool), -1)
    }

    /// Updates a pool's present count and its time-weighted record (started on the first change).
    func notePresence(_ pool: Int, _ delta: Int) {
        let now = self.now
        if poolStore[pool].present == nil {
            // Every teller was present until now: since the busy record's origin too (a report's series).
            let busy = poolStore[pool].busy, count = Double(poolStore[pool].presentCount)
            var present = TimeWeighted(start: busy.start, value: count, origin: busy.origin,
                                       areaBeforeStart: count * (busy.start - busy.origin))
            present.set(Double(poolStore[pool].presentCount), at: now)
            poolStore[pool].present = present
        }
        poolStore[pool].presentCount += delta
        poolStore[pool].present!.set(Double(poolStore[pool].presentCount), at: now)
    }

    /// Teller `t` leaves at once: its customer goes back to their line ahead of everyone who came after them, the
    /// finish event is removed, the customer's patience keeps running from their arrival.
    func handBack(teller t: Int) throws {
        let slot = tellerStates[t].slot
        let i = Int(slot)
        precondition(tellerStates[t].busy && slot >= 0 && table.records[i].state == .inService, "hand back without a customer")
        if tellerStates[t].turningAway {
            // A failed juice order's 0 s departure: nothing to hand back; the maker leaves right after it.
            tellerStates[t].leaving = true
            return
        }
        _ = runState.scheduler.removeEvents { $0.kind == .finish && $0.payload == UInt64(t) }
        counter.handedBack = true
        let now = self.now
        let p = Int(tellerStates[t].pool)
        tellerStates[t].busy = false
        tellerStates[t].slot = -1
        poolStore[p].busyCount -= 1
        poolStore[p].busy.set(Double(poolStore[p].busyCount), at: now)
        leave(t)
        let task = Int(table.records[i].task)
        table.records[i].state = .waiting
        table.records[i].teller = -1
        let ticket = table.ticket(slot)
        lineStore[task].insertByNumber(ticket, priority: table.records[i].priority, at: now) { self.table.records[Int($0 >> 32)].number }
        publishLength(task)
        // Patience: if their renege event already passed (dropped while they were in service), it is due now.
        let deadline = table.records[i].arrivalTime + table.records[i].patience
        if deadline.isFinite, !runState.scheduler.queue.unordered.contains(where: { $0.kind == .renege && $0.payload == ticket }) {
            runState.scheduler.unsafeSchedule(.renege, payload: ticket, at: max(deadline, now))
        }
        try dispatch(line: task)
    }
}
