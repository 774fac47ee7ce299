extension Simulation {
    // MARK: Running

    /// Processes the next event (first redoing any work a previous throw interrupted).
    /// - Returns: `false` if nothing was scheduled.
    /// - Complexity: O(log events) plus the event's own work.
    @discardableResult
    public func step() throws -> Bool {
        try beginRun(.step)
        defer { isRunning = false }
        return try stepOne()
    }

    /// Processes every event up to and including time `time`, then sets the clock to `time`.
    /// - Throws: if `time` is before now, or a hook throws (the clock then stays at the failing event).
    public func run(until time: Double) throws {
        try beginRun(.run)
        defer { isRunning = false }
        guard time >= now else { throw CoreError.scheduledInThePast(now: now, requested: time) }
        if runState.needsRecovery { try recover() }
        // Performance: each event is taken once, bounded by `time` (no peek at the next event's time first):
        // ~40 instructions per event (MEASURE=instructions scripts/bench/tandem). The close check is two loads
        // unless a `close` observer waits and nobody is inside.
        while try stepOne(through: time) {
            if table.inUseCount == 0 && !counter.closeReported && observers.onClose != nil { try reportCloseIfIdle() }
        }
        try reportCloseIfIdle()
        if time > limits.horizon {
            // A hard stop: the clock goes no further than the horizon, whatever was asked.
            if limits.horizon > now { runState.scheduler.advance(to: limits.horizon) }
            return
        }
        runState.scheduler.advance(to: time)
    }

    /// Processes events until `count` customers in total have been served since the last ``reset()``
    /// (or nothing is left to do).
    public func run(untilServed count: Int) throws {
        try beginRun(.run)
        defer { isRunning = false }
        while runState.servedTotal < count {
            if !(try stepOne(aliveOnly: true)) { break }
        }
        try reportCloseIfIdle()
    }

    /// Processes events until `count` customers who arrived since the statistics start have been served (the
    /// summary's `served`; the same as ``run(untilServed:)`` without a warm-up), or nothing is left to do.
    public func run(untilMeasuredServed count: Int) throws {
        try beginRun(.run)
        defer { isRunning = false }
        while runState.servedSinceStatistics < count {
            if !(try stepOne(aliveOnly: true)) { break }
        }
        try reportCloseIfIdle()
    }

    /// Processes events until nothing is scheduled, then reports `close` if nobody is left inside.
    /// With arrivals flowing this never ends on its own: stop them first, or pass `maxEvents`.
    /// - Returns: whether the simulation became idle (`false` if `maxEvents` ran out first).
    @discardableResult
    public func runUntilIdle(maxEvents: Int = .max) throws -> Bool {
        try beginRun(.run)
        defer { isRunning = false }
        var budget = maxEvents
        while budget > 0 {
            if !(try stepOne(aliveOnly: true)) { break }
            budget -= 1
        }
        if runState.needsRecovery { try recover() }
        guard !hasWorkKeepingRunAlive else { return false }
        try reportCloseIfIdle()
        return table.inUseCount == 0
    }

    /// Reports `close` (once per emptying) if everyone has left and nothing that keeps a run alive is pending: the
    /// moment the idle stop rule would end the run. Every run method checks it when it stops, and a run to a time
    /// after each event too — so a run stopped by time (`stop { time = T }`, `--until T`) whose counter empties
    /// before T reports `close` then, at the last customer's leaving, as the same run without the time limit does.
    func reportCloseIfIdle() throws {
        guard table.inUseCount == 0, !counter.closeReported, let onClose = observers.onClose else { return }
        guard !runState.needsRecovery, !hasWorkKeepingRunAlive else { return }
        counter.closeReported = true
        do { try onClose(self) } catch {
            runState.clock.lastRunFailed = true
            throw CoreError.hookFailed(hook: "close observer", underlying: error)
        }
    }

    func beginRun(_ operation: Refusal.Operation) throws {
        try checkMutable(operation)
        if isRunning || busyDepth > 0 { throw CoreError.refused(Refusal(operation, .running)) }
        isRunning = true
        runState.clock.lastRunFailed = false
    }

    /// One event, with recovery first and the invariants checked after (in debug builds).
    /// With `aliveOnly`, stops (answers `false`) when only background events are left (see Simulation+Timers.swift):
    /// the run loops that end when "nothing is left to do".
    /// With `through`, stops (answers `false`, nothing taken) at an event after that time.
    @inline(__always)
    @discardableResult
    func stepOne(aliveOnly: Bool = false, through bound: Double = .infinity) throws -> Bool {
        // A throw from here on marks the run failed (no end of run is reported): in the catch below, in `recover`'s
        // and at the progress guard's throws — never on the per-event path.
        if runState.needsRecovery { try recover() }
        guard let event = try nextEvent(aliveOnly: aliveOnly, through: bound) else { return false }
        do {
            // Performance: the two kinds of nearly every event first, the rest out of line; and nothing of the event
            // is kept across the handler's call unless something runs after it (bank-open).
            if afterEventWork {
                if watchesEvents { try handleWatchedEvent(event) } else { try handleNetworkEvent(event) }
            } else {
                switch event.kind {
                case .finish: try handleFinish(Int(event.payload))
                case .arrival: try handleArrival(event.payload)
                default: try handleOtherEvent(event)
                }
            }
        } catch {
            runState.needsRecovery = true
            runState.clock.lastRunFailed = true
            throw error
        }
        #if DEBUG
        if checksInvariantsAfterEachEvent { checkInvariants() }
        #endif
        return true
    }

    /// An event of a network or with an event watcher (``afterEventWork``): handled, then ``afterEvent(_:)``.
    @inline(never)
    func handleWatchedEvent(_ event: Event) throws {
        try handleOtherEvent(event)
        try afterEvent(event)
    }

    /// An event of a network without an event watcher: handled, then tellers blocked after service move on if they
    /// can (``afterEvent(_:)`` without the watcher, which alone needs the event after its handler).
    // Performance: finishes and arrivals first, as in `stepOne`, and no second call level (`handleOtherEvent`,
    // `afterEvent`): about 200 instructions per tandem customer (MEASURE=instructions scripts/bench/tandem).
    @inline(never)
    func handleNetworkEvent(_ event: Event) throws {
        switch event.kind {
        case .finish: try handleJourneyFinish(Int(event.payload))  // a network tracks journeys (`afterEventWork`)
        case .arrival: try handleArrival(event.payload)
        default: try handleOtherEvent(event)
        }
        try releaseBlockedIfAny()
    }

    /// Any event (``stepOne(aliveOnly:)`` handles finishes and arrivals itself when nothing runs after them).
    @inline(never)
    func handleOtherEvent(_ event: Event) throws {
        switch event.kind {
        case .finish: try handleFinish(Int(event.payload))
        case .arrival: try handleArrival(event.payload)
        case .renege: try handleRenege(event.payload)
        case .delivery: try handleDelivery(Int(event.payload))
        case .timer: try handleTimer(Int(Int64(bitPattern: event.payload)))
        case .statisticsReset: resetStatistics()
        case .timedCall, .backgroundCall: try handleTimedCall(event.payload)
        case .poolChange: try handlePoolChange(event.payload)
        case .doorClose: try handleDoorClose()
        }
    }

    /// Takes the next event to process and moves the clock to it; nil when nothing is pending up to the horizon.
    /// Cancelled events are dropped on the way **without** moving the clock, so they neither keep a run alive nor
    /// stretch its end. Throws (leaving the event pending) when the progress guard trips; see ``RunLimits``.
    /// - Complexity: O(log events) per event taken or dropped; the guard is O(1).
    // Performance: the event is taken once (no peek, then pop) and finishes — half of all events — skip the
    // cancellation check; the horizon is compared only when the clock moves (bank-open, scripts/bench/bank-open).
    // With background events pending (timers, schedules, the door) the two queues are merged, and `aliveOnly`
    // answers nil when none that keeps the run alive is left; without, one flag test more than a plain pop.
    /// An event after `bound` (or after the horizon) is put back and nil answered, the clock unmoved.
    @inline(__always)
    func nextEvent(aliveOnly: Bool = false, through bound: Double = .infinity) throws -> Event? {
        while true {
            let taken: Event?
            if runState.scheduler.hasBackground {
                if aliveOnly && !hasWorkKeepingRunAlive { return nil }
                taken = runState.scheduler.takeNextMerged()
            } else {
                taken = runState.scheduler.takeNextMain()
            }
            guard let event = taken else { return nil }
            if event.kind != .finish && isCancelled(event) { continue }
            if event.time == progressInstant {
                eventsAtInstant &+= 1
                if eventsAtInstant > limits.maxEventsPerInstant {
                    eventsAtInstant = 0
                    runState.scheduler.putBack(event)
                    runState.clock.lastRunFailed = true
                    throw CoreError.noProgress(time: event.time, events: limits.maxEventsPerInstant, kind: event.kind, payload: event.payload)
                }
            } else {
                // (An event at the current instant is never past either: the clock reached it within both.)
                if event.time > limits.horizon || event.time > bound { runState.scheduler.putBack(event); return nil }
                progressInstant = event.time
                eventsAtInstant = 1
            }
            progressTick &+= 1
            if progressTick & 0xFFF == 0, limits.deadline < .infinity {
                do { try checkWallClock() } catch {
                    runState.scheduler.putBack(event)
                    runState.clock.lastRunFailed = true
                    throw error
                }
            }
            runState.scheduler.moveClock(to: event.time)
            return event
        }
    }

    /// Whether `event` was cancelled after it was scheduled (cancellation is lazy: the event stays in the heap).
    /// A renege of a customer who is no longer waiting (served, balked, gone); an arrival of a source stopped or
    /// restarted since; a delivery of an order no longer on its way.
    // Performance: finishes (never cancelled) and arrivals, the common cases, are tested first; the rest out of
    // line (bank-open; `nextEventTime` looks at every head, finishes included).
    @inline(__always)
    func isCancelled(_ event: Event) -> Bool {
        if event.kind == .finish { return false }
        if event.kind == .arrival {
            let s = Int(event.payload >> 32)
            return !sources[s].active || sources[s].epoch != UInt32(truncatingIfNeeded: event.payload)
        }
        return isCancelledOther(event)
    }

    /// ``isCancelled(_:)`` for every kind but arrivals.
    @inline(never)
    func isCancelledOther(_ event: Event) -> Bool {
        switch event.kind {
        case .finish, .timer, .statisticsReset:
            return false
        case .timedCall, .backgroundCall:
            return isCancelledTimer(event.payload)
        case .poolChange:
            return isStalePoolChange(event.payload)
        case .doorClose:
            return runState.clock.doorClosed || event.time != runState.clock.doorCloseTime
        case .renege:
            return table.slot(of: event.payload, in: .waiting) == nil
        case .arrival:
            let s = Int(event.payload >> 32)
            return !sources[s].active || sources[s].epoch != UInt32(truncatingIfNeeded: event.payload)
        case .delivery:
            let id = Int(event.payload)
            return id >= stockState.restocks.count || stockState.restocks[id] == nil
        }
    }

    @inline(never)
    func checkWallClock() throws {
        if RunLimits.monotonicSeconds() > limits.deadline {
            throw CoreError.wallClockLimit(seconds: limits.deadlineSeconds, time: now)
        }
    }

    /// The time of the next event still to happen (cancelled ones are dropped first), if any.
    public var nextEventTime: Double? {
        while let head = runState.scheduler.nextEvent, isCancelled(head) { runState.scheduler.discardNext() }
        return runState.scheduler.nextTime
    }

    /// Redoes what a throw interrupted: draws owed arrivals, offers work to idle tellers, then balks the newest
    /// arrivals of any line left over capacity (an arrival admitted because a teller was free, whose start the
    /// throw prevented).
    func recover() throws {
        runState.needsRecovery = false
        // Observers called from here (a start as the counter opens, as tellers are added, as arrivals start) may
        // not start a run or reset the world under it: outside a run, nothing else would refuse them.
        busyDepth += 1
        defer { busyDepth -= 1 }
        do {
            for s in sources.indices where sources[s].active && sources[s].needsNext { try drawNext(s) }
            for t in tellerStates.indices where !tellerStates[t].busy { try offer(t) }
            // Before the opening nobody balks: the opening's own recovery does, once its tellers have taken work.
            for l in lineStore.indices where counter.isOpen {
                while lineStore[l].count > lineStore[l].capacity, let slot = removeNewest(line: l) {
                    try balkWaiting(slot, line: l)
                }
            }
            try releaseBlockedIfAny()
        } catch {
            runState.needsRecovery = true
            runState.clock.lastRunFailed = true
            throw error
        }
    }

    // MARK: Timers

    /// Schedules a timer: after `delay` seconds the ``CounterObservers/onTimer`` observer is called with `id`
    /// (the scripting layer maps ids to Lua functions).
    public func setTimer(id: Int, after delay: Double) throws {
        try checkMutable(.setTimer)
        try CoreError.require(delay.isFinite && delay >= 0, "timer: 'delay' must be a finite number >= 0, got \(quoted(delay))")
        try CoreError.require((now + delay).isFinite, Self.pastTheEnd("timer: 'delay'", delay, from: now))
        runState.scheduler.unsafeSchedule(.timer, payload: UInt64(bitPattern: Int64(id)), at: now + delay)
    }

    func handleTimer(_ id: Int) throws {
        guard let onTimer = observers.onTimer else { return }
        do { try onTimer(id, self) } catch { throw CoreError.hookFailed(hook: "timer \(id)", underlying: error) }
    }

    // MARK: Reset

    /// Cancels everything pending and empties the counter: lines, tellers, numbering, clock (back to 0),
    /// arrivals (stopped; ``startArrivals()`` starts them again), restock orders and statistics.
    /// Configuration (tasks, tellers, sources, hooks, observers), random streams and stock counts stay.
    public func reset() throws {
        try checkMutable(.reset)
        if isRunning || busyDepth > 0 { throw CoreError.refused(Refusal(.reset, .running)) }
        runState.scheduler.reset()
        progressInstant = -.infinity  // the clock went back: the next event's time is compared afresh
        table.removeAll()
        for l in lineStore.indices { lineStore[l].removeAll(at: 0); publishLength(l) }
        for t in tellerStates.indices {
            tellerStates[t].busy = false
            tellerStates[t].slot = -1
            tellerStates[t].served = 0
        }
        for p in poolStore.indices { poolStore[p].busyCount = 0 }
        for s in sources.indices { stopSource(s) }
        stockState.restocks.removeAll()
        stockState.freeRestocks.removeAll()
        for i in pendingByItem.indices { pendingByItem[i] = 0 }
        counter.nextNumber = 1
        runState.servedTotal = 0
        runState.needsRecovery = false
        counter.closeReported = false
        resetClock()
        stockState.stock.restartClock(at: 0)
        resetNetworkRun()
        resetStatistics()
    }
}
