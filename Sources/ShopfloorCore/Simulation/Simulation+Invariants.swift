extension Simulation {
    /// Checks every counter and stock invariant; a violation is a bug and stops with a `precondition`.
    /// Called after every event in debug builds; tests call it directly too.
    /// - Complexity: O(customers in system + tellers × skills + events).
    public func checkInvariants() {
        scheduler.queue.checkInvariants()
        // Tellers: a busy teller serves exactly one customer who is in service with it.
        var busyByPool = [Int](repeating: 0, count: pools.count)
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
        for (p, pool) in pools.enumerated() {
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
            if tellerPolicy == nil && !needsRecovery {
                precondition(line.count <= line.capacity, "line '\(line.name)' over capacity")
            }
            waiting += line.count
        }
        precondition(waiting + inService == table.inUseCount, "customers in system: \(table.inUseCount) ≠ \(waiting) + \(inService)")
        // Open, without a policy (and with no interrupted work), no teller idles while work it can do waits.
        if isOpen && tellerPolicy == nil && !needsRecovery {
            for (t, s) in tellerStates.array.enumerated() where !s.busy {
                for skill in skills(of: t).prefix(ownSkillOnly ? 1 : Int.max) {
                    precondition(lineStore[skill].count == 0, "teller \(t) idles while line '\(lineStore[skill].name)' waits")
                }
            }
        }
        // Restocks: the pending units per item are the sum of the orders on their way.
        var pending = [Int](repeating: 0, count: pendingByItem.count)
        for case let order? in restocks { pending[order.item] &+= order.amount }
        precondition(pending == pendingByItem.array, "pending restock units out of step with the orders")
        stock.checkInvariants()
    }
}
