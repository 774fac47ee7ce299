#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension Simulation {
    // MARK: Customers arriving now

    /// Adds one customer at the current time ("add a customer" button); returns their number.
    /// After the door closed (``closeDoor(at:)``) the customer is refused instead: counted in the task's
    /// `refused`, given no number; the answer is then 0.
    @discardableResult
    public func arrive(_ spec: CustomerSpec) throws -> Int {
        try checkMutable(.arrive)
        try validate(spec)
        if runState.clock.doorClosed { refuse([spec]); return 0 }
        let number = counter.nextNumber
        try guarded {
            try arriveOne(task: Int32(spec.task), priority: Int32(spec.priority), patience: spec.patience,
                          attributes: spec.attributes)
        }
        return number
    }

    /// Adds customers at the current time, in order ("all present at opening", "add 10 customers").
    /// All are validated first; all enter before any observer is told. Returns their numbers.
    @discardableResult
    public func arrive(_ specs: [CustomerSpec]) throws -> ClosedRange<Int>? {
        try checkMutable(.arrive)
        for spec in specs { try validate(spec) }
        guard !specs.isEmpty else { return nil }
        if runState.clock.doorClosed { refuse(specs); return nil }  // refused, as in arrive(_:) for one
        let first = counter.nextNumber
        try guarded { try arriveBatch(specs) }
        return first...(first + specs.count - 1)
    }

    func validate(_ spec: CustomerSpec) throws {
        try checkTask(spec.task)
        if let patience = spec.patience {
            try CoreError.require(patience >= 0 && !patience.isNaN, "customer: 'patience' must be >= 0, got \(quoted(patience))")
        }
        try CoreError.require(Int32(exactly: spec.priority) != nil, "customer: 'priority' out of range, got \(spec.priority)")
    }

    /// Runs a state-changing body outside `run`; a throw marks follow-up work (dispatch, next arrivals) for
    /// recovery. While it runs, observers may not start a run (the body is not finished).
    func guarded(_ body: () throws -> Void) throws {
        busyDepth += 1
        defer { busyDepth -= 1 }
        do {
            try body()
            try releaseBlockedIfAny()
        } catch { runState.needsRecovery = true; throw error }
    }

    /// One customer enters (or balks), observers hear of it, idle tellers are offered the work.
    @inline(__always)
    func arriveOne(task: Int32, priority: Int32, patience: Double?, attributes: [String: AttributeValue]?) throws {
        let t = Int(task)
        // Fast path (same outcome as joining the line and being dispatched at once): with the default policy
        // and service times, and no arrive observer to call in between, an arrival at an empty line goes
        // straight to the first idle teller able to serve it — the very teller `dispatch(line:)` would pick,
        // since an idle teller's lines are all empty. Saves a deque round trip per such customer.
        if servesDirectly && lineStore[t].count == 0, let teller = firstIdleTeller(forLine: t) {
            // The service draw first (its own stream: the same draws as after numbering the customer), so a
            // service ending past the clock's range is refused before anything changes.
            let skillSlot = skillSlot(teller: teller, line: t)
            let duration = tellerService[skillSlot].sampleDuration(using: &counter.serviceRNG)
            try checkServiceEnd(duration)
            var record = newRecord(task: task, priority: priority, patience: patience)
            record.announced = true  // no arrive observer to tell (servesDirectly)
            let slot = table.insert(record)
            if let attributes { setAttributes(attributes, slot: slot) }
            try startService(teller, slot: slot, duration: duration)
            return
        }
        let admission = admit(task: task, priority: priority, patience: patience, attributes: attributes)
        try afterAdmit(admission, task: task, priority: priority)
    }

    /// Whether the direct-to-teller fast path applies (no hook or arrive observer could see the difference).
    var servesDirectly: Bool { counter.isOpen && servesDirectlyFlag }

    /// The first idle teller (in teller order) who would take a customer of `line` under the built-in rule:
    /// any able to serve it, or with ``BuiltinTellerRule/ownSkillOnly`` only those whose own skill it is.
    @inline(__always)
    func firstIdleTeller(forLine line: Int) -> Int? {
        if ownSkillOnly {
            for k in lineOwnTellerRanges[line] where !tellerStates[Int(lineOwnTellers[k])].busy { return Int(lineOwnTellers[k]) }
            return nil
        }
        for k in lineTellerRanges[line] where !tellerStates[Int(lineTellers[k])].busy { return Int(lineTellers[k]) }
        return nil
    }

    /// Index into `tellerSkills`/`tellerService` of `line` among teller `t`'s skills.
    @inline(__always)
    func skillSlot(teller t: Int, line: Int) -> Int {
        var k = Int(tellerStates[t].skillStart)
        while tellerSkills[k] != Int32(line) { k &+= 1 }
        return k
    }

    /// A numbered record for a new arrival, with patience drawn if the task has a patience distribution.
    @inline(__always)
    func newRecord(task: Int32, priority: Int32, patience: Double?) -> CustomerRecord {
        counter.closeReported = false
        let t = Int(task)
        var givenPatience = patience ?? .infinity
        if patience == nil, taskHasPatience[t], let distribution = counter.tasks[t].patience {
            givenPatience = distribution.sampleDuration(using: &counter.patienceRNG)
        }
        let record = CustomerRecord(number: counter.nextNumber, arrivalTime: runState.scheduler.now, patience: givenPatience,
                                    task: task, priority: priority)
        counter.nextNumber &+= 1
        statisticsStore[t].arrived &+= 1
        return record
    }

    func setAttributes(_ attributes: [String: AttributeValue], slot: Int32) {
        table.records[Int(slot)].hasAttributes = true
        table.attributes[slot] = attributes
    }

    func arriveBatch(_ specs: [CustomerSpec]) throws {
        var admissions: [Int32] = []
        admissions.reserveCapacity(specs.count)
        for spec in specs {
            admissions.append(admit(task: Int32(spec.task), priority: Int32(spec.priority), patience: spec.patience,
                                    attributes: spec.attributes))
        }
        // Every arrival of the group is reported before any of them can start: a teller dispatched for the
        // first would otherwise take the second before its arrival was told (start before arrive).
        for (i, admission) in admissions.enumerated() {
            do { try announce(admission) } catch {
                // The rest of the group is in; their arrivals go untold, like anything after a throwing observer.
                for later in admissions[(i + 1)...] where later >= 0 { table.records[Int(later)].announced = true }
                throw error
            }
        }
        for (admission, spec) in zip(admissions, specs) where admission >= 0 {
            try dispatchAdmitted(task: Int32(spec.task), priority: Int32(spec.priority))
        }
    }

    /// The state change of an arrival: a numbered customer joins their line, or balks if it is full and no
    /// teller is free to take them. Returns the slot, or -1 after a balk (whose snapshot, if a balk observer
    /// is installed, waits in `balkNotices`).
    ///
    /// While the counter is closed (a scenario building its world) nobody balks yet: the opening (``open()``) lets
    /// the idle tellers take the first customers, then the newest of a line still over its capacity balk, as if
    /// they had all come at the opening. Balking on arrival counted no teller, since none takes work before the
    /// opening: a capacity of 0 turned every customer there at opening away, with tellers idle.
    func admit(task: Int32, priority: Int32, patience: Double?, attributes: [String: AttributeValue]?) -> Int32 {
        let t = Int(task)
        let now = runState.scheduler.now
        let record = newRecord(task: task, priority: priority, patience: patience)
        if counter.isOpen && lineStore[t].count >= lineStore[t].capacity && !hasIdleTeller(forLine: t) {
            statisticsStore[t].balked &+= 1
            if observers.onBalk != nil {
                var snapshot = customer(record, attributes: attributes)
                snapshot.state = .balked
                counter.balkNotices.append(snapshot)
            }
            return -1
        }
        let slot = table.insert(record)
        if let attributes { setAttributes(attributes, slot: slot) }
        let ticket = table.ticket(slot)
        lineStore[t].append(ticket, priority: priority, at: now)
        publishLength(t)
        // A patience that runs out past the largest representable time never runs out.
        if record.patience < .infinity, (now + record.patience).isFinite {
            runState.scheduler.unsafeSchedule(.renege, payload: ticket, at: now + record.patience)
        }
        return slot
    }

    /// After the state change: tell observers, offer the work to idle tellers, balk any overflow a policy left.
    @inline(__always)
    func afterAdmit(_ slot: Int32, task: Int32, priority: Int32) throws {
        try announce(slot)
        if slot >= 0 { try dispatchAdmitted(task: task, priority: priority) }
    }

    /// Reports an admission: the balk (slot -1) or the arrival, and marks the customer announced.
    @inline(__always)
    func announce(_ slot: Int32) throws {
        if slot < 0 {
            if !counter.balkNotices.isEmpty, let onBalk = observers.onBalk {
                let snapshot = counter.balkNotices.removeFirst()
                try notify("balk", onBalk, CounterEvent(kind: .balk, time: now, customer: snapshot, teller: nil))
            }
            return
        }
        // Marked first: an observer that throws has still been told (and recovery may then serve the customer).
        table.records[Int(slot)].announced = true
        if observesCustomers, let onArrive = observers.onArrive {
            let event = CounterEvent(kind: .arrive, time: now, customer: customer(slot), teller: nil)
            try notify("arrive", onArrive, event)
        }
    }

    /// Offers an announced arrival's line to idle tellers, then balks the overflow a policy left.
    @inline(__always)
    func dispatchAdmitted(task: Int32, priority: Int32) throws {
        let t = Int(task)
        try dispatch(line: t)
        // Not before the opening, which balks the overflow once its tellers have taken their customers (``admit``).
        guard counter.isOpen else { return }
        // Only a policy that kept tellers idle can leave the line over capacity; the newest arrival balks.
        while lineStore[t].count > lineStore[t].capacity, let last = removeNewest(line: t, priority: priority) {
            try balkWaiting(last, line: t)
        }
    }

    /// A customer already out of the line (`removeNewest`) balks: counted, released, reported.
    func balkWaiting(_ slot: Int32, line t: Int) throws {
        if table.records[Int(slot)].arrivalTime >= runState.statisticsStart { statisticsStore[t].balked &+= 1 }
        var snapshot = customer(slot)
        snapshot.state = .balked
        table.release(slot)
        if let onBalk = observers.onBalk {
            try notify("balk", onBalk, CounterEvent(kind: .balk, time: now, customer: snapshot, teller: nil))
        }
    }

    /// A renege event: lazily cancelled if the customer is no longer waiting (served, or the slot reused).
    func handleRenege(_ ticket: UInt64) throws {
        guard let slot = table.slot(of: ticket, in: .waiting) else { return }
        let t = Int(table.records[Int(slot)].task)
        if table.records[Int(slot)].arrivalTime >= runState.statisticsStart {
            statisticsStore[t].reneged &+= 1
            statisticsStore[t].renegedWait.record(now - table.records[Int(slot)].arrivalTime)
        }
        var snapshot: Customer?
        if observers.onRenege != nil { snapshot = customer(slot); snapshot?.state = .reneged }
        table.release(slot)
        lineStore[t].markLeft(at: now)
        publishLength(t)
        if lineStore[t].needsCompaction { compact(line: t) }
        if let onRenege = observers.onRenege, let snapshot {
            try notify("renege", onRenege, CounterEvent(kind: .renege, time: now, customer: snapshot, teller: nil))
        }
    }

    /// Calls an observer, wrapping its error.
    @inline(__always)
    func notify(_ name: String, _ observer: (CounterEvent) throws -> Void, _ event: CounterEvent) throws {
        do { try observer(event) } catch { throw CoreError.hookFailed(hook: "\(name) observer", underlying: error) }
    }

    /// Calls a light observer (``CounterObservers/onStartView``, ``CounterObservers/onFinishView``), wrapping its error.
    @inline(__always)
    func notify(_ name: String, _ observer: (CounterEventView) throws -> Void, _ view: CounterEventView) throws {
        do { try observer(view) } catch { throw CoreError.hookFailed(hook: "\(name) observer", underlying: error) }
    }
}
