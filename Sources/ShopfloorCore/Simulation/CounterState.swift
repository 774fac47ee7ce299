/// The counter's values: task classes, customer numbering, whether it is open, the service and patience streams.
/// One group of ``Simulation``'s state, copied whole by a snapshot. Its class-held buffers — customers, lines,
/// tellers and pools, arrival sources — are `let` properties of ``Simulation`` itself (see there for why); its
/// invariants, which span both, are below.
// Performance: a stored struct property of the class, mutated in place (`counter.nextNumber &+= 1`,
// `&counter.serviceRNG`); never pass the group `inout` across a call that may reach a hook.
@usableFromInline
struct CounterState {
    /// Task classes, in the order added; a task's index is also its waiting line's index.
    @usableFromInline var tasks: [TaskClass] = []
    /// Balk snapshots waiting to be told to the balk observer (only filled when one is installed).
    var balkNotices: [Customer] = []
    var serviceRNG: Xoshiro256StarStar
    var patienceRNG: Xoshiro256StarStar
    /// The next customer's number (1, 2, 3… across batches until `reset`).
    @usableFromInline var nextNumber = 1
    /// Whether tellers take work (see ``Simulation/open()``).
    @usableFromInline var isOpen = true
    /// Whether a close was already reported for the current idle period.
    var closeReported = false
    /// Whether some task measures wait details (service level, waits per attribute).
    var measuresWaitDetails = false { didSet { carefulStarts = measuresWaitDetails || handedBack } }
    /// Whether a customer was ever handed back by a teller leaving (Simulation+Pools.swift): such a customer is
    /// measured at their first start only. Stays set.
    var handedBack = false { didSet { carefulStarts = measuresWaitDetails || handedBack } }
    /// `measuresWaitDetails || handedBack`: a start is counted by ``Simulation/countCarefulStart(_:slot:task:)``.
    /// One flag, so the plain path pays one test per service start (bank-open).
    @usableFromInline var carefulStarts = false

    init(streams: RandomStreams) {
        serviceRNG = streams.stream("service")
        patienceRNG = streams.stream("patience")
    }
}

extension Simulation {
    /// The counter's invariants: tellers, pools, lines and the customer table agree; a violation is a bug and
    /// stops with a `precondition`. A teller policy or interrupted work may leave tellers idle and lines over
    /// capacity; the built-in `ownSkillOnly` rule serves only each teller's first skill.
    /// - Complexity: O(customers in system + tellers × skills).
    func checkCounterInvariants() {
        let policyInstalled = tellerPolicy != nil, needsRecovery = runState.needsRecovery
        // Tellers: a busy teller serves exactly one customer who is in service with it.
        var busyByPool = [Int](repeating: 0, count: poolStore.count)
        var inService = 0
        for (t, s) in tellerStates.array.enumerated() {
            guard s.busy else { precondition(s.slot == -1 && !s.leaving, "idle teller \(t) holds a customer"); continue }
            if s.away { precondition(s.slot == -1 && !s.leaving, "away teller \(t) holds a customer"); continue }
            let r = table.records[Int(s.slot)]
            // (Blocked after service, the customer stays with the teller: see `Simulation+NetworkInvariants.swift`.)
            precondition(r.inUse && (r.state == .inService || r.state == .blocked) && r.teller == Int32(t),
                         "teller \(t) and its customer disagree")
            precondition(skills(of: t).contains(Int(r.task)), "teller \(t) serves a task it lacks")
            // Event order: nobody is served whose arrival was not reported first.
            precondition(r.announced, "customer \(r.number) is in service but their arrival was never reported")
            busyByPool[Int(s.pool)] += 1
            inService += 1
        }
        for (p, pool) in poolStore.array.enumerated() {
            precondition(pool.busyCount == busyByPool[p] && pool.busyCount <= pool.tellers.count, "pool '\(pool.name)' busy count")
            let present = pool.tellers.filter { !tellerStates[$0].away }.count
            precondition(pool.presentCount == present, "pool '\(pool.name)' present count \(pool.presentCount) ≠ \(present)")
        }
        // Who may serve a line (the dispatcher's flattened tables, refilled when tellers are added): exactly the
        // tellers with that skill, in teller order; its own tellers are those whose first skill it is.
        var next = lineTellerRanges.array.map(\.lowerBound), nextOwn = lineOwnTellerRanges.array.map(\.lowerBound)
        precondition(next.count == lineStore.count && nextOwn.count == lineStore.count, "line→teller tables miss a line")
        for t in tellerStates.indices {
            let start = Int(tellerStates[t].skillStart)
            for i in start..<(start + Int(tellerStates[t].skillCount)) {
                let line = Int(tellerSkills[i])
                precondition(lineTellerRanges[line].contains(next[line]) && lineTellers[next[line]] == Int32(t),
                             "line \(line)'s tellers out of step at teller \(t)")
                next[line] += 1
            }
            let own = Int(tellerSkills[start])
            precondition(lineOwnTellerRanges[own].contains(nextOwn[own]) && lineOwnTellers[nextOwn[own]] == Int32(t),
                         "line \(own)'s own tellers out of step at teller \(t)")
            nextOwn[own] += 1
        }
        for l in lineStore.indices {
            precondition(next[l] == lineTellerRanges[l].upperBound && nextOwn[l] == lineOwnTellerRanges[l].upperBound,
                         "line \(l)'s tellers out of step: a teller is missing")
        }
        // Lines: live entries are exactly the waiting customers of that task, FIFO within a class. (No customer
        // can wait twice: the counts below would then exceed the customers in the table.)
        var waiting = 0
        for l in lineStore.indices {
            let line = lineStore[l]
            var live = 0, handedBack = 0
            for c in line.classes {
                var lastNumber = 0, lastArrival = -Double.infinity
                for ticket in c.tickets {
                    guard let slot = table.slot(of: ticket, in: .waiting) else { continue }
                    let r = table.records[Int(slot)]
                    precondition(Int(r.task) == l && r.priority == c.priority, "line '\(line.name)' holds a stranger")
                    // FIFO: in number order; once routes move customers on, in order of joining this line.
                    precondition(network.tracksJourneys ? r.arrivalTime >= lastArrival : r.number > lastNumber,
                                 "line '\(line.name)' is not FIFO within a class")
                    precondition(r.announced, "customer \(r.number) waits but their arrival was never reported")
                    lastNumber = r.number
                    lastArrival = r.arrivalTime
                    live += 1
                    if !r.serviceStart.isNaN { handedBack += 1 }  // back from a teller who left (Simulation+Pools.swift)
                }
            }
            precondition(live == line.count, "line '\(line.name)' count \(line.count) but \(live) live entries")
            precondition(lineLengths.cells[l].pointee == line.count, "line '\(line.name)' published length is stale")
            if !policyInstalled && !needsRecovery {
                // A customer handed back keeps their place even in a full line.
                precondition(line.count - handedBack <= line.capacity, "line '\(line.name)' over capacity")
            }
            waiting += line.count
        }
        precondition(waiting + inService == table.inUseCount, "customers in system: \(table.inUseCount) ≠ \(waiting) + \(inService)")
        // Open, without a policy (and with no interrupted work), no teller idles while work it can do waits.
        if counter.isOpen && !policyInstalled && !needsRecovery {
            for (t, s) in tellerStates.array.enumerated() where !s.busy {
                for skill in skills(of: t).prefix(ownSkillOnly ? 1 : Int.max) {
                    precondition(lineStore[skill].count == 0, "teller \(t) idles while line '\(lineStore[skill].name)' waits")
                }
            }
        }
    }
}
