extension Simulation {
    /// The network's invariants: stations partition the tasks and pools, every pool serves its own station only,
    /// routes point at tasks, and — across every station — each customer in the system is in exactly one place
    /// (a line, a teller, blocked at a teller), with a place holding only customers in the system, and has not
    /// started service twice in one visit. A violation is a bug and stops with a `precondition`.
    /// - Complexity: O(customers in system + tasks + tellers × skills + route entries).
    func checkNetworkInvariants() {
        let violations = networkViolations()
        precondition(violations.isEmpty, "network invariants: " + violations.joined(separator: "; "))
    }

    /// What ``checkNetworkInvariants()`` finds wrong, in words (empty when all hold): the tests break the state on
    /// purpose and read these.
    func networkViolations() -> [String] {
        var found: [String] = []
        checkStructure(&found)
        checkRoutes(&found)
        checkPlaces(&found)
        return found
    }

    /// Stations partition tasks and pools; each pool's skills are tasks of its station; names are valid.
    func checkStructure(_ found: inout [String]) {
        let taskCount = counter.tasks.count, poolCount = poolStore.count
        guard network.taskStation.count == taskCount, routeSteps.count == taskCount, journeyStatistics.count == taskCount,
              network.poolStation.count == poolCount, network.poolBlocked.count == poolCount else {
            found.append("per-task or per-pool network tables out of step with \(taskCount) tasks, \(poolCount) pools")
            return
        }
        var taskSeen = [Int](repeating: 0, count: taskCount), poolSeen = [Int](repeating: 0, count: poolCount)
        var names = Set<String>()
        for (s, station) in network.stations.enumerated() {
            if station.name.contains(".") || (station.name.isEmpty && s > 0) { found.append("station \(s) has the name '\(station.name)'") }
            if !names.insert(station.name).inserted { found.append("two stations are called '\(station.name)'") }
            for t in station.tasks {
                guard (0..<taskCount).contains(t), network.taskStation[t] == Int32(s) else {
                    found.append("station '\(station.name)' lists task \(t), which is not its own"); continue
                }
                taskSeen[t] += 1
            }
            for p in station.pools {
                guard (0..<poolCount).contains(p), network.poolStation[p] == Int32(s) else {
                    found.append("station '\(station.name)' lists pool \(p), which is not its own"); continue
                }
                poolSeen[p] += 1
                for skill in poolStore[p].skills where network.taskStation[skill] != Int32(s) {
                    found.append("pool '\(poolStore[p].name)' of station '\(station.name)' serves task '\(path(ofTask: skill))' of another station")
                }
            }
        }
        if taskSeen.contains(where: { $0 != 1 }) { found.append("a task is in no station or in several") }
        if poolSeen.contains(where: { $0 != 1 }) { found.append("a pool is in no station or in several") }
    }

    /// Routes point at tasks; probability tables rise to at most 1; functions exist; no route without tracking.
    func checkRoutes(_ found: inout [String]) {
        for t in routeSteps.indices {
            let step = routeSteps[t]
            switch step.kind {
            case .leave:
                continue
            case .next:
                if !counter.tasks.indices.contains(Int(step.target)) { found.append("route of task \(t) leads to task \(step.target)") }
            case .choice:
                var previous = 0.0
                let start = Int(step.choiceStart)
                for k in start..<(start + Int(step.choiceCount)) {
                    guard routeChoices.indices.contains(k) else { found.append("route of task \(t) has no entry \(k)"); break }
                    let choice = routeChoices[k]
                    if !counter.tasks.indices.contains(Int(choice.task)) { found.append("route of task \(t) leads to task \(choice.task)") }
                    if !(choice.cumulative >= previous && choice.cumulative <= 1 + 1e-9) {
                        found.append("route of task \(t): probabilities do not rise to at most 1")
                    }
                    previous = choice.cumulative
                }
            case .decide:
                if !network.routeHooks.indices.contains(Int(step.target)) { found.append("route of task \(t) has no function") }
            }
            if !network.tracksJourneys { found.append("task \(t) has a route but journeys are not tracked") }
        }
    }

    /// Every customer in the system is in exactly one place, every place holds a customer in the system.
    func checkPlaces(_ found: inout [String]) {
        let records = table.records.array
        var places = [UInt8](repeating: 0, count: records.count)  // 1 line, 2 teller
        for l in lineStore.indices {
            for ticket in lineStore[l].tickets {
                guard let slot = table.slot(of: ticket, in: .waiting) else { continue }
                if places[Int(slot)] != 0 { found.append("customer \(records[Int(slot)].number) waits in two places") }
                places[Int(slot)] = 1
            }
        }
        var blockedTellers = Set<Int32>()
        var blockedByPool = [Int](repeating: 0, count: poolStore.count)
        for entry in network.blocked {
            let t = Int(entry.teller)
            guard tellerStates.indices.contains(t), tellerStates[t].busy else {
                found.append("blocked teller \(entry.teller) holds nobody"); continue
            }
            if !blockedTellers.insert(entry.teller).inserted { found.append("teller \(t + 1) is blocked twice") }
            if records[Int(tellerStates[t].slot)].state != .blocked { found.append("teller \(t + 1) is listed blocked, its customer is not") }
            if !counter.tasks.indices.contains(Int(entry.task)) { found.append("teller \(t + 1) is blocked for task \(entry.task)") }
            blockedByPool[Int(tellerStates[t].pool)] += 1
        }
        for p in poolStore.indices where network.poolStation.count == poolStore.count && Int(network.poolBlocked[p].value) != blockedByPool[p] {
            found.append("pool '\(poolStore[p].name)' counts \(Int(network.poolBlocked[p].value)) blocked tellers, \(blockedByPool[p]) are")
        }
        // An away teller (on a break: Simulation+Pools.swift) counts as busy and holds nobody.
        for t in tellerStates.indices where tellerStates[t].busy && !tellerStates[t].away {
            let slot = Int(tellerStates[t].slot)
            guard records.indices.contains(slot), records[slot].inUse else { found.append("teller \(t + 1) holds a customer who left"); continue }
            if places[slot] != 0 { found.append("customer \(records[slot].number) is at teller \(t + 1) and somewhere else") }
            places[slot] = 2
            if records[slot].state == .blocked && !blockedTellers.contains(Int32(t)) {
                found.append("customer \(records[slot].number) is blocked at teller \(t + 1), which is not listed blocked")
            }
        }
        let now = runState.scheduler.now
        // A teller leaving mid-service hands their customer back to the line (Simulation+Pools.swift): they wait
        // again with their service start kept. Only possible once a pool's size has changed.
        let handsBack = poolStore.indices.contains { poolStore[$0].present != nil }
        for (slot, r) in records.enumerated() where r.inUse {
            let expected: UInt8 = r.state == .waiting ? 1 : (r.state == .inService || r.state == .blocked) ? 2 : 0
            if expected == 0 || places[slot] != expected {
                found.append("customer \(r.number) (\(r.state)) is lost: not in the place their state says"); continue
            }
            if r.visits < 1 || !(r.firstArrival <= r.arrivalTime && r.arrivalTime <= now) {
                found.append("customer \(r.number): visit \(r.visits) arrived at \(r.arrivalTime), first at \(r.firstArrival)")
            }
            if r.visits > 1 && !network.tracksJourneys { found.append("customer \(r.number) is on visit \(r.visits) without routes") }
            // Served at most once per visit: a waiting customer has not started this visit's service.
            if r.state == .waiting && !r.serviceStart.isNaN && !handsBack { found.append("customer \(r.number) waits after starting service") }
            if r.state != .waiting && !(r.serviceStart >= r.arrivalTime) { found.append("customer \(r.number) is served before arriving") }
        }
    }
}
