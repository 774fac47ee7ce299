/// Tellers and the dispatcher's tables of who may serve which line: adding a pool, and the flat skill,
/// service and line→teller tables the event loop reads (Simulation+Service.swift, Simulation+Arrivals.swift),
/// rebuilt at setup time only.
extension Simulation {
    /// Adds `count` tellers who serve `skills` (task indices, in preference order); returns the pool index.
    /// - Parameter service: a service distribution for these tellers, overriding the tasks' own.
    /// Skills must be tasks of one station: the pool's station.
    /// - Throws: on a count < 1, no or unknown or repeated skills, skills of several stations, a pool name already
    ///   used in the station or a bad distribution.
    @discardableResult
    public func addTellers(_ count: Int, skills: [Int], name: String? = nil, service: Distribution? = nil,
                           leaving: TellerLeaving = .afterService) throws -> Int {
        try checkMutable(.addTellers)
        try CoreError.require(count >= 1, "tellers: 'count' must be >= 1, got \(count)")
        try CoreError.require(!skills.isEmpty, "tellers: 'skills' must not be empty")
        for skill in skills { try checkTask(skill) }
        try CoreError.require(Set(skills).count == skills.count, "tellers: 'skills' must not repeat a task")
        let station = try poolStation(skills: skills)
        let poolName = name ?? skills.map { counter.tasks[$0].name }.joined(separator: "+")
        try CoreError.require(!network.stations[station].pools.contains { poolStore[$0].name == poolName },
                              "tellers: pool 'name' must be unique, '\(poolName)' exists")
        let service = try service?.validatedDuration("pool '\(poolName)' service")
        let first = tellerStates.count
        for _ in 0..<count {
            tellerStates.append(TellerState(pool: Int32(poolStore.count), skillStart: 0, skillCount: Int32(skills.count)))
        }
        poolStore.append(TellerPool(name: poolName, tellers: first..<(first + count), skills: skills, service: service, leaving: leaving,
                                    start: now))
        registerPool(poolStore.count - 1, station: station)
        rebuildTellerTables(from: first)
        try recoverIfIdleWork()
        return poolStore.count - 1
    }

    /// Rebuilds the flattened skill and line→teller tables (setup time only): the skills and services of the
    /// tellers from `firstTeller` on — those before keep theirs, as tellers are only ever appended (a new task
    /// passes the teller count: no teller has its skill yet; a task's new service passes 0) — then the
    /// line→teller tables, from the flat skills alone. So adding a pool costs one pass over plain integers:
    /// a world built from thousands of pools stays quick to set up (it copied every pool at each one).
    func rebuildTellerTables(from firstTeller: Int = 0) {
        if firstTeller == 0 { tellerSkills.removeAll(); tellerService.removeAll() }
        for t in firstTeller..<tellerStates.count {
            let pool = poolStore[Int(tellerStates[t].pool)]
            tellerStates[t].skillStart = Int32(tellerSkills.count)
            for skill in pool.skills {
                tellerSkills.append(Int32(skill))
                tellerService.append(pool.service ?? counter.tasks[skill].service)
            }
        }
        let lineCount = counter.tasks.count
        var servedBy = [Int](repeating: 0, count: lineCount), ownedBy = [Int](repeating: 0, count: lineCount)
        for i in tellerSkills.indices { servedBy[Int(tellerSkills[i])] += 1 }
        for t in tellerStates.indices { ownedBy[Int(tellerSkills[Int(tellerStates[t].skillStart)])] += 1 }
        // Each line's tellers in teller order: the ranges from the counts, then one pass filling them in.
        fill(lineTellerRanges, lineTellers, counts: servedBy) { t, take in
            let start = Int(self.tellerStates[t].skillStart)
            for i in start..<(start + Int(self.tellerStates[t].skillCount)) { take(Int(self.tellerSkills[i])) }
        }
        fill(lineOwnTellerRanges, lineOwnTellers, counts: ownedBy) { t, take in
            take(Int(self.tellerSkills[Int(self.tellerStates[t].skillStart)]))
        }
    }

    /// Fills `members` with the tellers of each line, in teller order, and `ranges` with each line's part:
    /// `counts[line]` tellers each; `lines(t, take)` calls `take(line)` for every line teller `t` belongs to.
    private func fill(_ ranges: UnsafeList<Range<Int>>, _ members: UnsafeList<Int32>, counts: [Int],
                      lines: (Int, (Int) -> Void) -> Void) {
        ranges.removeAll()
        members.removeAll()
        var next: [Int] = []
        var start = 0
        for count in counts {
            ranges.append(start..<(start + count)); next.append(start); start += count
            for _ in 0..<count { members.append(0) }
        }
        for t in tellerStates.indices {
            lines(t) { line in members[next[line]] = Int32(t); next[line] += 1 }
        }
    }

    /// Task indices teller `t` serves, in preference order.
    func skills(of t: Int) -> [Int] {
        let s = tellerStates[t]
        return (Int(s.skillStart)..<Int(s.skillStart + s.skillCount)).map { Int(tellerSkills[$0]) }
    }
}
