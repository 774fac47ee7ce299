/// The counter: task classes and their waiting lines, customers in the system, tellers and pools, arrival sources,
/// and the service and patience streams. One group of ``Simulation``'s state, copied whole by a snapshot.
///
/// The hot state lives in class-held ``UnsafeList``s (no copy-on-write check per write); the group lists them in
/// ``buffers`` so a snapshot copies their contents, not their references.
// Performance: a stored struct property of the class, mutated in place (`counter.tellerStates[t].busy = true`,
// `&counter.serviceRNG`): the same loads and stores as the flat properties it replaces (bank-open and juice-bar,
// docs/performance.md). Never pass the group `inout` across a call that may reach a hook.
@usableFromInline
struct CounterState {
    /// Customers waiting or in service, by slot.
    var table = CustomerTable()
    /// Task classes, in the order added; a task's index is also its waiting line's index.
    @usableFromInline var tasks: [TaskClass] = []
    var lineStore = UnsafeList<WaitingLine>()
    /// Each line's length in stable memory, mirrored after every change (see ``LineLengths``).
    var lineLengths = LineLengths()
    var poolStore = UnsafeList<TellerPool>()
    var tellerStates = UnsafeList<TellerState>()
    /// Flattened skills of all tellers (task indices) and the service distribution for each (teller, skill).
    var tellerSkills = UnsafeList<Int32>()
    var tellerService = UnsafeList<Distribution>()
    /// Flattened list of tellers able to serve each line, and each line's range in it.
    var lineTellers = UnsafeList<Int32>()
    var lineTellerRanges = UnsafeList<Range<Int>>()
    /// The same for the tellers whose own (first) skill is each line (``BuiltinTellerRule/ownSkillOnly``).
    var lineOwnTellers = UnsafeList<Int32>()
    var lineOwnTellerRanges = UnsafeList<Range<Int>>()
    /// Per task: whether it has a patience distribution (a flag, so the hot path never copies the optional).
    var taskHasPatience = UnsafeList<Bool>()
    var sources = UnsafeList<ArrivalSource>()
    /// Task mixes of all built-in sources, flattened (each source keeps its range): no array copies per draw.
    var mixTasks = UnsafeList<Int32>()
    var mixCumulative = UnsafeList<Double>()
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

    init(streams: RandomStreams) {
        serviceRNG = streams.stream("service")
        patienceRNG = streams.stream("patience")
    }

    /// Task indices teller `t` serves, in preference order.
    func skills(of t: Int) -> [Int] {
        let s = tellerStates[t]
        return (Int(s.skillStart)..<Int(s.skillStart + s.skillCount)).map { Int(tellerSkills[$0]) }
    }
}

extension CounterState: SnapshottedGroup {
    static var buffers: [BufferField<CounterState>] { [
        BufferField(\.table), BufferField(\.lineStore), BufferField(\.lineLengths), BufferField(\.poolStore),
        BufferField(\.tellerStates), BufferField(\.tellerSkills), BufferField(\.tellerService),
        BufferField(\.lineTellers), BufferField(\.lineTellerRanges), BufferField(\.lineOwnTellers),
        BufferField(\.lineOwnTellerRanges), BufferField(\.taskHasPatience), BufferField(\.sources),
        BufferField(\.mixTasks), BufferField(\.mixCumulative),
    ] }
}

extension CounterState {
    /// Checks tellers, pools, lines and the customer table against each other; a violation is a bug and stops with
    /// a `precondition`.
    /// - Parameters:
    ///   - policyInstalled: a teller policy may leave tellers idle and lines over capacity.
    ///   - needsRecovery: interrupted follow-up work may leave the same.
    ///   - ownSkillOnly: the built-in rule serves only each teller's first skill.
    /// - Complexity: O(customers in system + tellers × skills).
    func checkInvariants(policyInstalled: Bool, needsRecovery: Bool, ownSkillOnly: Bool) {
        // Tellers: a busy teller serves exactly one customer who is in service with it.
        var busyByPool = [Int](repeating: 0, count: poolStore.count)
        var inService = 0
        for (t, s) in tellerStates.array.enumerated() {
            guard s.busy else { precondition(s.slot == -1, "idle teller \(t) holds a customer"); continue }
            let r = table.records[Int(s.slot)]
            precondition(r.inUse && r.state == .inService && r.teller == Int32(t), "teller \(t) and its customer disagree")
            precondition(skills(of: t).contains(Int(r.task)), "teller \(t) serves a task it lacks")
            // Event order: nobody is served whose arrival was not reported first.
            precondition(r.announced, "customer \(r.number) is in service but their arrival was never reported")
            busyByPool[Int(s.pool)] += 1
            inService += 1
        }
        for (p, pool) in poolStore.array.enumerated() {
            precondition(pool.busyCount == busyByPool[p] && pool.busyCount <= pool.tellers.count, "pool '\(pool.name)' busy count")
        }
        // Lines: live entries are exactly the waiting customers of that task, FIFO within a class. (No customer
        // can wait twice: the counts below would then exceed the customers in the table.)
        var waiting = 0
        for l in lineStore.indices {
            let line = lineStore[l]
            var live = 0
            for c in line.classes {
                var lastNumber = 0
                for ticket in c.tickets {
                    guard let slot = table.slot(of: ticket, in: .waiting) else { continue }
                    let r = table.records[Int(slot)]
                    precondition(Int(r.task) == l && r.priority == c.priority, "line '\(line.name)' holds a stranger")
                    precondition(r.number > lastNumber, "line '\(line.name)' is not FIFO within a class")
                    precondition(r.announced, "customer \(r.number) waits but their arrival was never reported")
                    lastNumber = r.number
                    live += 1
                }
            }
            precondition(live == line.count, "line '\(line.name)' count \(line.count) but \(live) live entries")
            precondition(lineLengths.cells[l].pointee == line.count, "line '\(line.name)' published length is stale")
            if !policyInstalled && !needsRecovery {
                precondition(line.count <= line.capacity, "line '\(line.name)' over capacity")
            }
            waiting += line.count
        }
        precondition(waiting + inService == table.inUseCount, "customers in system: \(table.inUseCount) ≠ \(waiting) + \(inService)")
        // Open, without a policy (and with no interrupted work), no teller idles while work it can do waits.
        if isOpen && !policyInstalled && !needsRecovery {
            for (t, s) in tellerStates.array.enumerated() where !s.busy {
                for skill in skills(of: t).prefix(ownSkillOnly ? 1 : Int.max) {
                    precondition(lineStore[skill].count == 0, "teller \(t) idles while line '\(lineStore[skill].name)' waits")
                }
            }
        }
    }
}
