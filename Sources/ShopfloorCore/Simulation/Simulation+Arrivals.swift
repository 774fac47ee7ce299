#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension Simulation {
    // MARK: Arrival sources

    /// Adds an arrival process; returns its index. Arrivals flow after ``startArrivals()``.
    /// - Parameter name: the source's name, also the name of the random stream the built-in process draws from.
    @discardableResult
    public func addArrivals(_ process: ArrivalProcess, name: String = "arrivals") throws -> Int {
        try checkMutable("addArrivals")
        try CoreError.require(!sources.array.contains { $0.name == name }, "arrivals: 'name' must be unique, '\(name)' exists")
        let rng = streams.stream(name)
        switch process {
        case let .poisson(rate, mix):
            try CoreError.require(rate.isFinite && rate > 0, "poisson: 'rate' must be > 0, got \(quoted(rate))")
            for task in mix.tasks { try checkTask(Int(task)) }
            let start = mixTasks.count
            for task in mix.tasks { mixTasks.append(task) }
            for sum in mix.cumulative { mixCumulative.append(sum) }
            sources.append(ArrivalSource(name: name, meanGap: 1 / rate, mixRange: start..<mixTasks.count, generator: nil,
                                         isBuiltin: true, rng: rng))
        case .generator(let generator):
            sources.append(ArrivalSource(name: name, meanGap: 0, mixRange: 0..<0, generator: generator,
                                         isBuiltin: false, rng: rng))
        case let .batchGenerator(size, generator):
            try CoreError.require(size >= 1, "arrivals: batch 'size' must be >= 1, got \(size)")
            var source = ArrivalSource(name: name, meanGap: 0, mixRange: 0..<0, generator: nil, isBuiltin: false, rng: rng)
            source.batch = generator
            source.batchGaps = Array(repeating: 0, count: size)
            source.batchTasks = Array(repeating: 0, count: size)
            sources.append(source)
        }
        return sources.count - 1
    }

    /// Starts every arrival source that is not flowing yet: each draws its first gap from now.
    /// - Throws: if a generator throws (that source is retried on the next step).
    public func startArrivals() throws {
        try checkMutable("startArrivals")
        if runState.clock.doorClosed { return }  // closed for the day (Simulation+Door.swift)
        for s in sources.indices where !sources[s].active {
            sources[s].active = true
            sources[s].needsNext = true
        }
        try recover()
    }

    /// Stops all arrivals (already scheduled arrivals are cancelled). Customers inside are still served.
    public func stopArrivals() throws {
        try checkMutable("stopArrivals")
        for s in sources.indices { stopSource(s) }
    }

    func stopSource(_ s: Int) {
        sources[s].active = false
        sources[s].needsNext = false
        sources[s].pending = nil
        sources[s].pendingPlain = false
        sources[s].epoch &+= 1
    }

    /// Draws source `s`'s next arrival and schedules it. `needsNext` stays set if this throws, so it is retried.
    func drawNext(_ s: Int) throws {
        sources[s].needsNext = true
        let payload = UInt64(s) << 32 | UInt64(sources[s].epoch)
        if sources[s].isBatch {
            if sources[s].batchNext == sources[s].batchCount {
                if sources[s].batchEnds {
                    sources[s].batchEnds = false  // a restart asks the generator again
                    stopSource(s)
                    return
                }
                try refillBatch(s)
                if sources[s].batchCount == 0 { stopSource(s); return }
            }
            let i = sources[s].batchNext
            let at = now + sources[s].batchGaps[i]
            if !at.isFinite {
                throw invalidAnswer(.generator(source: sources[s].name),
                                    Self.pastTheEnd("customer generator '\(sources[s].name)': gap", sources[s].batchGaps[i], from: now))
            }
            sources[s].batchNext = i &+ 1
            sources[s].pendingTask = sources[s].batchTasks[i]
            sources[s].pendingPlain = true
            runState.scheduler.unsafeSchedule(.arrival, payload: payload, at: at)
        } else if !sources[s].isBuiltin, let generator = sources[s].generator {
            let drawn = try callDecisionHook("customer generator '\(sources[s].name)'") { try generator(self) }
            guard let next = drawn else { stopSource(s); return }
            try checkingAnswer(of: .generator(source: sources[s].name)) {
                try CoreError.require(next.gap.isFinite && next.gap >= 0,
                                      "customer generator '\(sources[s].name)': gap must be a finite number >= 0, got \(quoted(next.gap))")
                try CoreError.require((now + next.gap).isFinite, Self.pastTheEnd("customer generator '\(sources[s].name)': gap", next.gap, from: now))
                switch next {
                case .single(_, let spec): try validate(spec)
                case .batch(_, let specs): for spec in specs { try validate(spec) }
                }
            }
            switch next {
            case .single(_, let spec):
                if spec.priority == 0 && spec.patience == nil && spec.attributes == nil {
                    sources[s].pendingTask = Int32(spec.task)
                    sources[s].pendingPlain = true
                } else {
                    sources[s].pending = next
                }
            case .batch:
                sources[s].pending = next
            }
            runState.scheduler.unsafeSchedule(.arrival, payload: payload, at: now + next.gap)
        } else {
            // Built-in Poisson: two draws from the source's stream, gap first, then the task.
            var rng = sources[s].rng
            let gap = rng.exponential(mean: sources[s].meanGap)
            let range = sources[s].mixRange
            var i = range.lowerBound
            if range.count > 1 {
                // Mixes are short: a linear scan beats a binary search.
                let u = rng.uniform()
                while i < range.upperBound - 1, u >= mixCumulative[i] { i &+= 1 }
            }
            sources[s].rng = rng
            sources[s].pendingTask = mixTasks[i]
            runState.scheduler.unsafeSchedule(.arrival, payload: payload, at: runState.scheduler.now + gap)
        }
        sources[s].needsNext = false
    }

    /// An arrival event: the drawn customers enter, then the next arrival is drawn.
    func handleArrival(_ payload: UInt64) throws {
        let s = Int(payload >> 32)
        guard sources[s].active, sources[s].epoch == UInt32(truncatingIfNeeded: payload) else { return }
        sources[s].needsNext = true  // whatever happens below, the next arrival is owed
        if sources[s].isBuiltin {
            try arriveOne(task: sources[s].pendingTask, priority: 0, patience: nil, attributes: nil)
        } else if sources[s].pendingPlain {
            sources[s].pendingPlain = false
            try arriveOne(task: sources[s].pendingTask, priority: 0, patience: nil, attributes: nil)
        } else {
            let pending = sources[s].pending
            sources[s].pending = nil
            switch pending {
            case .single(_, let spec)?:
                try arriveOne(task: Int32(spec.task), priority: Int32(spec.priority), patience: spec.patience,
                              attributes: spec.attributes)
            case .batch(_, let specs)?:
                try arriveBatch(specs)
            case nil:
                break
            }
        }
        try drawNext(s)
    }

    // MARK: Customers arriving now

    /// Adds one customer at the current time ("add a customer" button); returns their number.
    @discardableResult
    /// After the door closed (``closeDoor(at:)``) the customer is refused instead: counted in the task's
    /// `refused`, given no number; the answer is then 0.
    public func arrive(_ spec: CustomerSpec) throws -> Int {
        try checkMutable("arrive")
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
        try checkMutable("arrive")
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
    func admit(task: Int32, priority: Int32, patience: Double?, attributes: [String: AttributeValue]?) -> Int32 {
        let t = Int(task)
        let now = runState.scheduler.now
        let record = newRecord(task: task, priority: priority, patience: patience)
        if lineStore[t].count >= lineStore[t].capacity && !hasIdleTeller(forLine: t) {
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
