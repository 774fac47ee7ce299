/// Core timers: callbacks at simulated times, once or repeating, in the one deterministic event order.
///
/// ```swift
/// let lunch = try sim.addTimer(at: 12 * 3600) { sim, _ in try sim.setPoolSize(0, to: 1) }
/// try sim.addTimer(every: 60, to: 8 * 3600) { sim, _ in samples.append(sim.inSystem) }
/// sim.cancelTimer(lunch)
/// ```
///
/// ## Order at one instant
/// A timer's event is scheduled like any other (an arrival, a finish): events at the same time fire in the order
/// they were scheduled. A timer set at setup for t = 3600 fires before an arrival at 3600 drawn later; a repeating
/// timer schedules its next firing when the current one fires, **before** its action runs (so the action can
/// cancel it), hence after everything scheduled before that moment.
///
/// ## Which timers keep a run alive
/// ``runUntilIdle(maxEvents:)`` (the idle stop rule) — and every run method that ends when nothing is left to do:
/// ``run(untilServed:)``, ``run(untilMeasuredServed:)``, ``runEvents(through:stoppingWhen:)`` without a time —
/// stops when no event that keeps the run alive is pending:
/// arrivals, finishes, live reneges, deliveries, a statistics reset, and timers with `keepsRunAlive`. Background
/// timers — by default a repeating timer without `to` — fire in order while such work remains, but never keep the
/// run going on their own, and the clock is not moved to them when the run stops: a sampler `every(60)` cannot
/// make the idle rule never fire, nor stretch the end of the run. Pool schedule steps and the door closing are
/// background too, with one exception: a schedule step keeps the run alive while customers are inside (they may
/// be waiting for tellers coming back from a break).
extension Simulation {
    /// Calls `action` once at time `time`.
    /// - Parameter keepsRunAlive: whether the idle stop rule waits for it (default `true`); see above.
    /// - Throws: if `time` is not a finite time at or after now.
    @discardableResult
    public func addTimer(at time: Double, keepsRunAlive: Bool = true, _ action: @escaping TimerAction) throws -> TimerID {
        try checkMutable(.addTimer)
        try CoreError.require(time.isFinite && time >= now, "timer: 'at' must be a finite time >= now (\(quoted(now))), got \(quoted(time))")
        return insertTimer(TimerEntry(first: time, interval: 0, to: time, keepsRunAlive: keepsRunAlive, action: action))
    }

    /// Calls `action` every `interval` seconds: at `from` (default now + interval), `from + interval`, … up to and
    /// including `to` (default: for ever).
    /// - Parameter keepsRunAlive: default `true` when `to` is given (a bounded series), `false` without (a series
    ///   without end must not keep an idle run going for ever); see above.
    /// - Throws: if `interval` is not finite and > 0, `from` is before now, or `to` is before `from`.
    @discardableResult
    public func addTimer(every interval: Double, from: Double? = nil, to: Double? = nil, keepsRunAlive: Bool? = nil,
                         _ action: @escaping TimerAction) throws -> TimerID {
        try checkMutable(.addTimer)
        try CoreError.require(interval.isFinite && interval > 0, "timer: 'every' must be a finite number > 0, got \(quoted(interval))")
        let first = from ?? now + interval
        try CoreError.require(first.isFinite && first >= now, "timer: 'from' must be a finite time >= now (\(quoted(now))), got \(quoted(first))")
        let last = to ?? .infinity
        try CoreError.require(!last.isNaN && last >= first, "timer: 'to' must be >= 'from' (\(quoted(first))), got \(quoted(last))")
        // An interval finer than the clock where the series runs gives firings the clock cannot tell apart: several
        // at one instant, or, past the first, none that moves it (every(1e-10) from 1e10 fired ~19,000 times at each
        // representable instant, ten billion in all, until the wall-clock limit).
        let span = last.isFinite ? last : first
        try CoreError.require(interval >= span.magnitude.ulp,
                              "timer: 'every' (\(quoted(interval))) is finer than the clock at \(quoted(span)) s, which tells apart only \(quoted(span.magnitude.ulp)) s there")
        let entry = TimerEntry(first: first, interval: interval, to: last, keepsRunAlive: keepsRunAlive ?? (to != nil), action: action)
        return insertTimer(entry)
    }

    /// Cancels a timer: it fires no more. Returns `false` if it had already ended (or was cancelled).
    /// - Complexity: O(1) (its pending event is dropped lazily, without moving the clock).
    @discardableResult
    public func cancelTimer(_ id: TimerID) -> Bool {
        guard isLive(id) else { return false }
        freeTimer(Int(id.slot))
        return true
    }

    /// Whether timer `id` will still fire.
    public func isLive(_ id: TimerID) -> Bool {
        let s = Int(id.slot)
        return s >= 0 && s < runState.clock.timers.count && runState.clock.timers[s] != nil
            && runState.clock.timerGenerations[s] == id.generation
    }

    /// Timers still to fire.
    public var liveTimerCount: Int { runState.clock.timers.count - runState.clock.freeTimers.count }

    func insertTimer(_ entry: TimerEntry) -> TimerID {
        let slot: Int32
        if let free = runState.clock.freeTimers.popLast() {
            slot = free
            runState.clock.timers[Int(slot)] = entry
        } else {
            slot = Int32(runState.clock.timers.count)
            runState.clock.timers.append(entry)
            runState.clock.timerGenerations.append(0)
        }
        let id = TimerID(slot: slot, generation: runState.clock.timerGenerations[Int(slot)])
        scheduleFiring(of: id, at: entry.first, keepsRunAlive: entry.keepsRunAlive)
        return id
    }

    func scheduleFiring(of id: TimerID, at time: Double, keepsRunAlive: Bool) {
        if keepsRunAlive {
            runState.scheduler.unsafeSchedule(.timedCall, payload: id.payload, at: time)
        } else {
            runState.scheduler.scheduleBackground(.backgroundCall, payload: id.payload, at: time)
        }
    }

    func freeTimer(_ slot: Int) {
        runState.clock.timers[slot] = nil
        runState.clock.timerGenerations[slot] &+= 1
        runState.clock.freeTimers.append(Int32(slot))
    }

    /// Whether a timer event is stale (its timer was cancelled, or the slot reused).
    func isCancelledTimer(_ payload: UInt64) -> Bool {
        !isLive(TimerID(payload: payload))
    }

    /// A timer event: the next firing is scheduled (or the timer ends), then the action runs.
    func handleTimedCall(_ payload: UInt64) throws {
        let id = TimerID(payload: payload)
        guard isLive(id), var entry = runState.clock.timers[Int(id.slot)] else { return }
        entry.fired += 1
        let next = TimerEntry.firing(entry.fired, first: entry.first, interval: entry.interval, to: entry.to)
        // A repeat too fine for the clock (next == now) is scheduled anyway: the progress guard then names it.
        if entry.interval > 0 && next <= entry.to && next.isFinite {
            runState.clock.timers[Int(id.slot)] = entry
            scheduleFiring(of: id, at: next, keepsRunAlive: entry.keepsRunAlive)
        } else {
            freeTimer(Int(id.slot))
        }
        do { try entry.action(self, id) } catch { throw CoreError.hookFailed(hook: "\(id)", underlying: error) }
    }

    // MARK: Work that keeps a run alive

    /// Whether background events are pending and nothing else that keeps a run alive: the run methods that end
    /// when nothing is left to do (`runUntilIdle`, `run(untilServed:)`, …) stop here instead of firing them.
    // Performance: one `isEmpty` test per event when no background event is pending (bank-open, scripts/bench/bank-open).
    @inline(__always)
    func onlyBackgroundLeft() -> Bool {
        runState.scheduler.hasBackground && !hasWorkKeepingRunAlive
    }

    /// Whether anything is pending that keeps an idle run going: a live event of the main queue, or a pool schedule
    /// step while customers are inside. Cancelled events at the head are dropped on the way (without moving the
    /// clock). Background timers do not count.
    /// - Complexity: O(log events) per cancelled event dropped.
    public var hasWorkKeepingRunAlive: Bool {
        if runState.clock.pendingPoolChanges > 0 && table.inUseCount > 0 { return true }
        while let head = runState.scheduler.queue.min {
            if !isCancelled(head) { return true }
            runState.scheduler.dropMainHead()
        }
        return false
    }
}
