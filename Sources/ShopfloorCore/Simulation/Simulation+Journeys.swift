extension Simulation {
    // MARK: Customers moving on (routing after service, blocking)

    /// A finish event once journeys are tracked (``tracksJourneys``): the visit is counted as in `handleFinish`,
    /// then the customer leaves, moves on by their task's ``Route``, or — their next line full on a
    /// ``WhenFull/wait`` route — stays blocked at the teller.
    ///
    /// Order of what observers see: `finish` (visit n), then the teller's next `start`, then the customer's
    /// `arrive` at the next task and their `start` there: the teller calls their next customer before the one
    /// just served has walked to the next line. The direct start below (no line) is the outcome the line would
    /// give, as for arrivals (`arriveOne`).
    // Kept out of `handleFinish` (the single-station path), which only tests the flag and calls it.
    @inline(never)
    func handleJourneyFinish(_ t: Int) throws {
        let now = runState.scheduler.now
        let slot = tellerStates[t].slot
        let i = Int(slot)
        precondition(tellerStates[t].busy && table.records[i].state == .inService, "finish without a customer in service")
        let task = Int(table.records[i].task)
        let turnedAway = tellerStates[t].turningAway
        var next = (task: -1, priority: table.records[i].priority, whenFull: WhenFull.wait)
        if !turnedAway {
            do { next = try nextStep(fromTask: task, slot: slot) } catch {
                // Nothing has changed: the finish happens again at the next step (the routing function is asked
                // again), so the customer is not left with their teller for ever.
                runState.scheduler.unsafeSchedule(.finish, payload: UInt64(t), at: now)
                throw error
            }
        }
        // The visit's figures, exactly as `handleFinish` counts them.
        countFinish(t, record: i, task: task, turnedAway: turnedAway, now: now)
        let target = next.task
        if target >= 0 && next.whenFull == .wait && !hasRoom(forLine: target) {
            // Blocking after service: the teller keeps the customer until the line has room (`releaseBlocked`).
            table.records[i].state = .blocked
            network.blocked.append(BlockedTeller(teller: Int32(t), task: Int32(target), priority: next.priority))
            changeBlocked(pool: Int(tellerStates[t].pool), by: 1)
            if observesCustomers { try reportFinish(t, slot: slot, turnedAway: false, releasing: false) }
            return
        }
        freeTeller(t)
        if target < 0 {
            if !turnedAway { recordJourneyEnd(slot: slot, task: task) }
            if observesCustomers { try reportFinish(t, slot: slot, turnedAway: turnedAway, releasing: true) } else { table.release(slot) }
            try offer(t)
            return
        }
        if !hasRoom(forLine: target) {
            // A `.leave` route to a full line: the customer leaves, a balk at that task (a lost journey).
            var balk: Customer?
            if observers.onBalk != nil { balk = visitSnapshot(slot, task: target, priority: next.priority, state: .balked) }
            statisticsStore[target].arrived &+= 1
            statisticsStore[target].balked &+= 1
            if observesCustomers { try reportFinish(t, slot: slot, turnedAway: false, releasing: true) } else { table.release(slot) }
            if let balk, let onBalk = observers.onBalk {
                try notify("balk", onBalk, CounterEvent(kind: .balk, time: now, customer: balk, teller: nil))
            }
            try offer(t)
            return
        }
        try moveOn(slot, from: t, to: target, priority: next.priority, reportsFinish: observesCustomers)
    }

    /// The served customer in `slot` (their teller `t` already free) moves on to `task`: the finish is reported,
    /// the teller offered work, then the customer arrives at the task. A throw on the way leaves them in the
    /// task's line (their arrival untold, as after any throwing observer); recovery offers the work.
    @inline(__always)
    func moveOn(_ slot: Int32, from t: Int, to task: Int, priority: Int32, reportsFinish: Bool) throws {
        table.records[Int(slot)].state = .served  // walking to the next line: in no line, with no teller
        do {
            if reportsFinish { try reportFinish(t, slot: slot, turnedAway: false, releasing: false) }
            try offer(t)
        } catch {
            enterLine(slot, task: task, priority: priority, announced: true)
            throw error
        }
        try arriveMoved(slot, task: task, priority: priority)
    }

    /// A moved customer arrives at `task`, as `arriveOne` does for a new one: straight to the first idle teller
    /// when nothing could tell the difference, else into the line, announced, the line's tellers offered it.
    @inline(__always)
    func arriveMoved(_ slot: Int32, task: Int, priority: Int32) throws {
        if servesDirectly && lineStore[task].count == 0, let teller = firstIdleTeller(forLine: task) {
            let duration = tellerService[skillSlot(teller: teller, line: task)].sampleDuration(using: &counter.serviceRNG)
            do { try checkServiceEnd(duration) } catch {
                enterLine(slot, task: task, priority: priority, announced: true)
                throw error
            }
            beginVisit(slot, task: task, priority: priority)
            try startService(teller, slot: slot, duration: duration)
            return
        }
        enterLine(slot, task: task, priority: priority, announced: false)
        try announce(slot)
        try dispatchAdmitted(task: Int32(task), priority: priority)
    }

    /// The customer's next visit begins at `task`: same number, first arrival and attributes; a new visit arrival,
    /// the visit counted, waiting. Old line tickets and renege events go stale (the slot's generation moves on).
    /// Patience: drawn from the task's patience distribution if it has one, else the customer's own is kept.
    @inline(__always)
    func beginVisit(_ slot: Int32, task: Int, priority: Int32) {
        let i = Int(slot)
        table.records[i].generation &+= 1
        table.records[i].task = Int32(task)
        table.records[i].priority = priority
        table.records[i].arrivalTime = runState.scheduler.now
        table.records[i].serviceStart = .nan
        table.records[i].teller = -1
        table.records[i].visits &+= 1
        table.records[i].state = .waiting
        table.records[i].announced = true
        if taskHasPatience[task], let distribution = counter.tasks[task].patience {
            table.records[i].patience = distribution.sampleDuration(using: &counter.patienceRNG)
        }
        statisticsStore[task].arrived &+= 1
    }

    /// Begins the visit and puts the customer at the back of their class in `task`'s line (renege scheduled).
    func enterLine(_ slot: Int32, task: Int, priority: Int32, announced: Bool) {
        beginVisit(slot, task: task, priority: priority)
        let i = Int(slot)
        table.records[i].announced = announced
        let now = runState.scheduler.now
        let ticket = table.ticket(slot)
        lineStore[task].append(ticket, priority: priority, at: now)
        publishLength(task)
        let patience = table.records[i].patience
        if patience < .infinity, (now + patience).isFinite {
            runState.scheduler.unsafeSchedule(.renege, payload: ticket, at: now + patience)
        }
    }

    /// Whether a customer arriving at `line` now would find room: a place in the line or an idle teller for it.
    @inline(__always)
    func hasRoom(forLine line: Int) -> Bool {
        lineStore[line].count < lineStore[line].capacity || hasIdleTeller(forLine: line)
    }

    /// A journey ends after a service at `task` (the customer's class as they leave).
    @inline(__always)
    func recordJourneyEnd(slot: Int32, task: Int) {
        let r = table.records[Int(slot)]
        if r.firstArrival >= runState.statisticsStart {
            journeyStatistics[task].record(timeInSystem: runState.scheduler.now - r.firstArrival, visits: Int(r.visits))
            network.completedSinceStatistics &+= 1
        }
        network.completedTotal &+= 1
    }

    func changeBlocked(pool p: Int, by delta: Int) {
        let value = network.poolBlocked[p].value + Double(delta)
        network.poolBlocked[p].set(value, at: runState.scheduler.now)
    }

    /// The customer in `slot` as of a visit to `task` that begins now (for a balk report).
    func visitSnapshot(_ slot: Int32, task: Int, priority: Int32, state: CustomerState) -> Customer {
        var c = customer(slot)
        c.task = task
        c.priority = Int(priority)
        c.visitArrival = now
        c.visits += 1
        c.serviceStart = nil
        c.teller = nil
        c.state = state
        return c
    }

    // MARK: Blocked tellers

    /// Moves on every blocked customer whose next line has room, earliest blocked first (after each move, from
    /// the first again: a freed teller may have made room for an earlier one). Called after each event and after
    /// a public call or recovery that may have made room, only while someone is blocked.
    /// - Complexity: O(blocked²) in the worst case; O(blocked) when nobody can move.
    @inline(never)
    func releaseBlocked() throws {
        var k = 0
        while k < network.blocked.count {
            let entry = network.blocked[k]
            let task = Int(entry.task)
            guard hasRoom(forLine: task) else { k &+= 1; continue }
            network.blocked.remove(at: k)
            let t = Int(entry.teller)
            let slot = tellerStates[t].slot
            changeBlocked(pool: Int(tellerStates[t].pool), by: -1)
            freeTeller(t)
            try moveOn(slot, from: t, to: task, priority: entry.priority, reportsFinish: false)
            k = 0
        }
    }

    /// After an event of a world with routes or an event watcher: tellers blocked after service move on if they
    /// can, then the watcher hears of the event. Kept out of `stepOne`, which tests one flag and calls it.
    @inline(never)
    func afterEvent(_ event: Event) throws {
        try releaseBlockedIfAny()
        if watchesEvents { try notifyEventDone(event) }
    }

    /// Recomputes ``afterEventWork`` after either of its parts changed.
    func updateAfterEventWork() {
        afterEventWork = network.tracksJourneys || watchesEvents
    }

    /// ``releaseBlocked()`` when journeys are tracked and someone is blocked (one flag test otherwise).
    @inline(__always)
    func releaseBlockedIfAny() throws {
        if network.tracksJourneys && !network.blocked.isEmpty { try releaseBlocked() }
    }

    /// Tellers now blocked after service, in the order they were blocked.
    public var blockedTellers: [Int] { network.blocked.map { Int($0.teller) } }

    // MARK: Finish reports

    /// Tells the finish observer about teller `t`'s customer in `slot`, as `handleFinish` does: the record still
    /// holds the visit that just ended (task, teller, service start; the state reported as served). A customer
    /// turned away was reported as `fail` when the order was decided: nothing more is said.
    /// With `releasing`, the slot is freed after the event is built and before the observer runs.
    // Performance: built only where reported, never carried across the finish (a carried enum holding a full
    // `CounterEvent` cost two 145-byte copies per routed finish; NetworkBenchmark, shopfloor-bench network).
    func reportFinish(_ t: Int, slot: Int32, turnedAway: Bool, releasing: Bool) throws {
        let now = runState.scheduler.now
        if turnedAway {
            // Heard of as `fail` when the order was decided (startService): no finish without a service.
            if releasing { table.release(slot) }
        } else if let onFinish = observers.onFinish {
            var snapshot = customer(slot)
            snapshot.state = .served
            if releasing { table.release(slot) }
            try notify("finish", onFinish, CounterEvent(kind: .finish, time: now, customer: snapshot, teller: t))
        } else if let onFinishView = observers.onFinishView {
            let r = table.records[Int(slot)]
            let view = CounterEventView(kind: .finish, time: now, record: r, teller: t,
                                        attributes: r.hasAttributes ? table.attributes[slot] : nil)
            if releasing { table.release(slot) }
            try notify("finish", onFinishView, view)
        } else if releasing {
            table.release(slot)
        }
    }
}
