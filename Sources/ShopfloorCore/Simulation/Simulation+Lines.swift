extension Simulation {
    // MARK: Waiting lines, with liveness from the customer table

    /// Removes and returns the live head of `line` (stale tickets are dropped on the way).
    /// - Complexity: amortised O(1).
    @inline(__always)
    func popHead(line l: Int) -> Int32? {
        guard lineStore[l].count > 0 else { return nil }
        while let ticket = lineStore[l].popFirstTicket() {
            if let slot = table.slot(of: ticket, in: .waiting) {
                lineStore[l].didRemoveLive(at: runState.scheduler.now)
                publishLength(l)
                return slot
            }
            lineStore[l].didDropStale()
        }
        preconditionFailure("line '\(lineStore[l].name)' counted \(lineStore[l].count) waiting but holds none")
    }

    /// The live head of `line` without removing it.
    /// - Complexity: O(stale tickets at the front).
    func peekHead(line l: Int) -> Int32? {
        guard lineStore[l].count > 0 else { return nil }
        // Performance: the usual case — the first ticket of the first class is live — without walking the lazy
        // sequence of all classes (an iterator and retains per call); makers peek at every juice's line per
        // order (juice-bar benchmark, scripts/bench/juice-bar).
        if let ticket = lineStore[l].classes[0].tickets.first, let slot = table.slot(of: ticket, in: .waiting) {
            return slot
        }
        for ticket in lineStore[l].tickets { if let slot = table.slot(of: ticket, in: .waiting) { return slot } }
        return nil
    }

    /// Removes a chosen waiting customer from `line`.
    func remove(slot: Int32, fromLine l: Int) -> Bool {
        guard lineStore[l].removeTicket(table.ticket(slot)) else { return false }
        lineStore[l].didRemoveLive(at: now)
        publishLength(l)
        return true
    }

    /// Removes the newest live customer of a priority class (overflow left by a policy).
    func removeNewest(line l: Int, priority: Int32) -> Int32? {
        while let ticket = lineStore[l].popLastTicket(priority: priority) {
            if let slot = table.slot(of: ticket, in: .waiting) {
                lineStore[l].didRemoveLive(at: now)
                publishLength(l)
                return slot
            }
            lineStore[l].didDropStale()
        }
        return nil
    }

    /// Removes the newest live customer of `line`, whatever their class.
    func removeNewest(line l: Int) -> Int32? {
        var newest: (slot: Int32, priority: Int32)?
        for c in lineStore[l].classes {
            for ticket in c.tickets.reversed() {
                guard let slot = table.slot(of: ticket, in: .waiting) else { continue }
                if newest.map({ table.records[Int(slot)].number > table.records[Int($0.slot)].number }) ?? true {
                    newest = (slot, c.priority)
                }
                break
            }
        }
        guard let newest else { return nil }
        return removeNewest(line: l, priority: newest.priority)
    }

    /// Drops the stale tickets of `line` so memory stays proportional to who is really waiting.
    func compact(line l: Int) {
        let table = table
        lineStore[l].compact { table.slot(of: $0, in: .waiting) != nil }
    }

    /// Live slots of `line` in service order.
    /// - Complexity: O(n).
    func liveSlots(line l: Int) -> [Int32] {
        lineStore[l].tickets.compactMap { table.slot(of: $0, in: .waiting) }
    }
}
