extension Simulation {
    /// Whether some idle teller can serve line `line`.
    /// - Complexity: O(tellers able to serve the line).
    @inline(__always)
    func hasIdleTeller(forLine line: Int) -> Bool {
        guard counter.isOpen else { return false }
        for k in lineTellerRanges[line] where !tellerStates[Int(lineTellers[k])].busy { return true }
        return false
    }

    /// Offers work in `line` to its idle tellers, in teller order, while anyone waits there.
    /// - Complexity: O(tellers able to serve the line) plus the starts it makes.
    @inline(__always)
    func dispatch(line: Int) throws {
        let range = lineTellerRanges[line]
        var k = range.lowerBound
        while k < range.upperBound && lineStore[line].count > 0 {
            let t = Int(lineTellers[k])
            if !tellerStates[t].busy { try offer(t) }
            k &+= 1
        }
    }

    /// Offers work to every idle teller, in teller order (after adding tellers, after recovering from a throw,
    /// or when a policy that kept tellers idle wants them to look again).
    /// - Complexity: O(tellers × skills) plus the starts it makes.
    public func dispatchIdleTellers() throws {
        try checkMutable(.dispatchIdleTellers)
        try guarded {
            for t in tellerStates.indices where !tellerStates[t].busy { try offer(t) }
        }
    }

    /// A free teller takes work if there is any it can do, by the counter's ``ServiceRule``: the built-in rule, the
    /// installed policy or the makers'. Every decision hook runs before anything changes.
    /// - Complexity: O(skills) with the built-in rule.
    @inline(__always)
    func offer(_ t: Int) throws {
        if tellerStates[t].busy || !counter.isOpen || tellerStates[t].leaving {
            // A free teller who is to leave (their pool's size went down while they served) leaves instead.
            if tellerStates[t].leaving && !tellerStates[t].busy { leave(t) }
            return
        }
        switch serviceRule {
        case .builtin: try offerByBuiltinRule(t)
        case .policy: try offerToPolicy(t)
        case .makers(let makers): try makers._withUnsafeGuaranteedRef { try $0.offer(teller: t, in: self) }
        }
    }

    /// ``ServiceRule/policy``: asks the installed ``tellerPolicy`` — only when a line it looks at has someone —
    /// and carries out its choice.
    @inline(__always)
    func offerToPolicy(_ t: Int) throws {
        guard let policy = tellerPolicy else { return }
        let start = Int(tellerStates[t].skillStart)
        if policyOwnSkillOnly {
            // The policy looks only at the own line: nobody there, nothing it could choose.
            guard lineStore[Int(tellerSkills[start])].count > 0 else { return }
        } else {
            let end = start &+ Int(tellerStates[t].skillCount)
            var anyone = false
            for k in start..<end where lineStore[Int(tellerSkills[k])].count > 0 { anyone = true; break }
            guard anyone else { return }
        }
        let choice = try callDecisionHook("teller policy") { try policy(t, self) }
        try take(choice, teller: t)
    }

    /// ``ServiceRule/builtin``: every skill in order, or only the own (first) one (``BuiltinTellerRule``); the head
    /// of the first line with anyone.
    @inline(__always)
    func offerByBuiltinRule(_ t: Int) throws {
        let start = Int(tellerStates[t].skillStart)
        let end = ownSkillOnly ? start &+ 1 : start &+ Int(tellerStates[t].skillCount)
        var k = start
        while k < end {
            let line = Int(tellerSkills[k])
            if lineStore[line].count > 0 {
                if !drawsThroughHook {
                    // Hot path: no hook can throw; draw, check the end is a time, then dequeue.
                    let duration = tellerService[k].sampleDuration(using: &counter.serviceRNG)
                    try checkServiceEnd(duration)
                    let slot = popHead(line: line)!
                    try startService(t, slot: slot, duration: duration)
                } else {
                    let slot = peekHead(line: line)!
                    let duration = try drawServiceTime(teller: t, slot: slot, skillSlot: k)
                    _ = popHead(line: line)
                    try startService(t, slot: slot, duration: duration)
                }
                return
            }
            k &+= 1
        }
    }

    /// Carries out a policy's choice after validating it; nothing changes if the choice is invalid.
    func take(_ choice: TellerChoice, teller t: Int) throws {
        switch choice {
        case .stayIdle:
            return
        case .head(let line):
            // Performance: a scan of the teller's skill range instead of building `skills(of:)` (an array per
            // decision); bank-open policies=lua, see scripts/bench/bank-open.
            var skillSlot = Int(tellerStates[t].skillStart)
            let skillEnd = skillSlot &+ Int(tellerStates[t].skillCount)
            while skillSlot < skillEnd && Int(tellerSkills[skillSlot]) != line { skillSlot &+= 1 }
            guard skillSlot < skillEnd else {
                throw invalidAnswer(.tellerPolicy,
                    "teller policy chose line '\(counter.tasks.indices.contains(line) ? counter.tasks[line].name : "?")', which teller \(t + 1) does not serve (tellers are numbered from 1, as in traces)")
            }
            guard lineStore[line].count > 0 else {
                throw invalidAnswer(.tellerPolicy, "teller policy chose line '\(counter.tasks[line].name)', which is empty")
            }
            if !drawsThroughHook {
                // No hook can throw: draw, check, dequeue (the same draws as peeking first).
                let duration = tellerService[skillSlot].sampleDuration(using: &counter.serviceRNG)
                try checkServiceEnd(duration)
                let slot = popHead(line: line)!
                try startService(t, slot: slot, duration: duration)
                return
            }
            let slot = peekHead(line: line)!
            let duration = try drawServiceTime(teller: t, slot: slot, skillSlot: skillSlot)
            _ = popHead(line: line)
            try startService(t, slot: slot, duration: duration)
        case .customer(let number):
            for (i, line) in skills(of: t).enumerated() {
                guard let slot = liveSlots(line: line).first(where: { table.records[Int($0)].number == number }) else {
                    continue
                }
                let duration = try drawServiceTime(teller: t, slot: slot, skillSlot: Int(tellerStates[t].skillStart) + i)
                let removed = remove(slot: slot, fromLine: line)
                precondition(removed, "chosen customer vanished from line '\(counter.tasks[line].name)'")
                try startService(t, slot: slot, duration: duration)
                return
            }
            throw invalidAnswer(.tellerPolicy, "teller policy chose customer \(number), who is not waiting in a line teller \(t + 1) serves (tellers are numbered from 1, as in traces)")
        }
    }

    /// The service time for `slot` with teller `t`: for a recipe task, the take first (0 s when the order is short:
    /// the customer is turned away); then the hook's answer (validated) or the default distribution.
    func drawServiceTime(teller t: Int, slot: Int32, skillSlot: Int) throws -> Double {
        if let recipes {
            let r = recipes.recipe(ofTask: Int(table.records[Int(slot)].task))
            if r >= 0 {
                // The take and its report wrap their own errors, as the hook does (``drawPlainServiceTime``).
                if try recipes.take(recipe: r, number: table.records[Int(slot)].number, teller: t, in: self) {
                    recipes.lastDuration = try drawPlainServiceTime(teller: t, slot: slot, skillSlot: skillSlot)
                }
                return recipes.lastDuration
            }
        }
        return try drawPlainServiceTime(teller: t, slot: slot, skillSlot: skillSlot)
    }

    /// The service time for `slot` with teller `t` without a recipe's take: the hook's answer (validated) or the
    /// default distribution.
    func drawPlainServiceTime(teller t: Int, slot: Int32, skillSlot: Int) throws -> Double {
        guard let hook = serviceTime else { return tellerService[skillSlot].sampleDuration(using: &counter.serviceRNG) }
        let snapshot = customer(slot)
        let duration = try callDecisionHook("service-time hook") { try hook(snapshot, t, self) }
        try checkingAnswer(of: .serviceTime) {
            try CoreError.require(duration.isFinite && duration >= 0,
                                  "service-time hook: duration must be a finite number >= 0, got \(quoted(duration))")
            try checkServiceEnd(duration)
        }
        return duration
    }

    /// Throws if a service of `duration` from now would end past the largest time the clock can hold; called
    /// before the customer leaves the line, so nothing has changed.
    @inline(__always)
    func checkServiceEnd(_ duration: Double) throws {
        if !(runState.scheduler.now + duration).isFinite {
            throw CoreError.invalidArgument(Self.pastTheEnd("service time", duration, from: runState.scheduler.now))
        }
    }

    /// Teller `t` starts serving `slot` (already out of its line) for `duration` seconds.
    @inline(__always)
    func startService(_ t: Int, slot: Int32, duration: Double) throws {
        let now = runState.scheduler.now
        let end = now + duration
        precondition(end.isFinite, "service end unchecked")  // callers check before the customer leaves the line
        let i = Int(slot)
        precondition(table.records[i].state == .waiting, "customer \(table.records[i].number) would be served twice")
        precondition(!tellerStates[t].busy, "teller \(t) would serve two customers")
        #if DEBUG
        precondition(table.records[i].announced, "customer \(table.records[i].number) would start before its arrival is reported")
        #endif
        let task = Int(table.records[i].task)
        // Customer figures cover the customers who arrived since the statistics start (warm-up): one population
        // for arrived, waits, served, time in system, turned away, reneged. (Counted before the record changes: a
        // careful start looks at the previous service start.)
        if table.records[i].arrivalTime >= runState.statisticsStart {
            if counter.carefulStarts {
                countCarefulStart(t, slot: slot, task: task)
            } else {
                countStart(t, task: task, wait: now - table.records[i].arrivalTime)
            }
        }
        table.records[i].state = .inService
        table.records[i].serviceStart = now
        table.records[i].teller = Int32(t)
        tellerStates[t].busy = true
        tellerStates[t].slot = slot
        let p = Int(tellerStates[t].pool)
        poolStore[p].busyCount &+= 1
        poolStore[p].busy.set(Double(poolStore[p].busyCount), at: now)
        runState.scheduler.unsafeSchedule(.finish, payload: UInt64(t), at: end)
        if observesCustomers {
            if tellerStates[t].turningAway {
                try reportFail(t, slot: slot)
            } else if let onStart = observers.onStart {
                try notify("start", onStart, CounterEvent(kind: .start, time: now, customer: customer(slot), teller: t))
            } else if let onStartView = observers.onStartView {
                let r = table.records[i]
                let view = CounterEventView(kind: .start, time: now, record: r, teller: t,
                                            attributes: r.hasAttributes ? table.attributes[slot] : nil)
                try notify("start", onStartView, view)
            }
        }
    }

    /// Tells the fail observer that maker `t` turned away the customer in `slot`, their order short: at the decision,
    /// in place of the start (and of the finish that frees the maker, which nobody hears of). Out of line: rare.
    @inline(never)
    func reportFail(_ t: Int, slot: Int32) throws {
        guard let onFail = observers.onFail else { return }
        var snapshot = customer(slot)
        snapshot.state = .turnedAway
        try notify("fail", onFail, CounterEvent(kind: .fail, time: now, customer: snapshot, teller: t))
    }

    /// Counts a start in its task's figures; answers whether it was a service (not a failed order turned away).
    @inline(__always)
    @discardableResult
    func countStart(_ t: Int, task: Int, wait: Double) -> Bool {
        if tellerStates[t].turningAway {
            // A maker found the order short: the customer is turned away now (the 0 s "service" only frees the
            // maker in event order); they have no wait in the statistics, which are those of customers served.
            statisticsStore[task].turnedAway &+= 1
            return false
        }
        statisticsStore[task].started &+= 1
        statisticsStore[task].wait.record(wait)
        return true
    }

    /// ``countStart(_:task:wait:)`` when some task measures wait details or a customer was handed back: a customer
    /// handed back by a teller leaving (Simulation+Pools.swift) starts again and is measured once, at first.
    @inline(never)
    func countCarefulStart(_ t: Int, slot: Int32, task: Int) {
        let r = table.records[Int(slot)]
        guard r.serviceStart.isNaN else { return }
        let wait = now - r.arrivalTime
        if countStart(t, task: task, wait: wait) && counter.measuresWaitDetails {
            recordWaitDetails(task: task, slot: slot, wait: wait)
        }
    }

    /// A finish's figures (a plain one or a routed visit's): served and time in system of the task, the teller's
    /// count; a failed order (counted as turned away when it was decided) only clears the teller's mark.
    @inline(__always)
    func countFinish(_ t: Int, record i: Int, task: Int, turnedAway: Bool, now: Double) {
        if turnedAway {
            // A failed order: the customer leaves without what they came for (Simulation+Recipes); counted as
            // turned away when the order was decided (startService).
            tellerStates[t].turningAway = false
        } else {
            if table.records[i].arrivalTime >= runState.statisticsStart {
                statisticsStore[task].served &+= 1
                statisticsStore[task].timeInSystem.record(now - table.records[i].arrivalTime)
                runState.servedSinceStatistics &+= 1
            }
            runState.servedTotal &+= 1
            tellerStates[t].served &+= 1
        }
    }

    /// Teller `t` lets go of its customer (served, turned away or unblocked): idle, its pool one fewer busy. For a
    /// plain finish and a routed one (Simulation+Journeys.swift) alike.
    @inline(__always)
    func freeTeller(_ t: Int) {
        tellerStates[t].busy = false
        tellerStates[t].slot = -1
        let p = Int(tellerStates[t].pool)
        poolStore[p].busyCount &-= 1
        poolStore[p].busy.set(Double(poolStore[p].busyCount), at: runState.scheduler.now)
    }

    /// A finish event: the customer leaves served (or turned away, when a maker found their order short: a 0 s
    /// "service" that only frees the maker in event order, reported as `fail` at its start), the teller is free
    /// and takes the next customer.
    func handleFinish(_ t: Int) throws {
        // Once a route exists, finishes take the routing path (Simulation+Journeys.swift); one flag test otherwise.
        if network.tracksJourneys { try handleJourneyFinish(t); return }
        let now = runState.scheduler.now
        let slot = tellerStates[t].slot
        let i = Int(slot)
        precondition(tellerStates[t].busy && table.records[i].state == .inService, "finish without a customer in service")
        let task = Int(table.records[i].task)
        let turnedAway = tellerStates[t].turningAway
        countFinish(t, record: i, task: task, turnedAway: turnedAway, now: now)
        freeTeller(t)
        if turnedAway {
            table.release(slot)  // heard of as `fail` when the order was decided (startService)
        } else if observesCustomers, let onFinish = observers.onFinish {
            var snapshot = customer(slot)
            snapshot.state = .served
            table.release(slot)
            try notify("finish", onFinish, CounterEvent(kind: .finish, time: now, customer: snapshot, teller: t))
        } else if observesCustomers, let onFinishView = observers.onFinishView {
            let r = table.records[i]
            let view = CounterEventView(kind: .finish, time: now, record: r, teller: t,
                                        attributes: r.hasAttributes ? table.attributes[slot] : nil)
            table.release(slot)
            try notify("finish", onFinishView, view)
        } else {
            table.release(slot)
        }
        try offer(t)
    }

    /// The message for a delay that would take an event past the largest representable time.
    static func pastTheEnd(_ what: String, _ delay: Double, from now: Double) -> String {
        "\(what) \(quoted(delay)) s from simulated time \(quoted(now)) s ends past the largest time the clock can hold (\(Double.greatestFiniteMagnitude) s)"
    }
}
