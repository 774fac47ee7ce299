extension Simulation {
    // MARK: Snapshots for policies, observers and live views

    /// A snapshot of the customer in `slot`.
    func customer(_ slot: Int32) -> Customer {
        let r = table.records[Int(slot)]
        return customer(r, attributes: r.hasAttributes ? table.attributes[slot] : nil)
    }

    func customer(_ r: CustomerRecord, attributes: [String: AttributeValue]?) -> Customer {
        Customer(number: r.number, task: Int(r.task), priority: Int(r.priority),
                 patience: r.patience < .infinity ? r.patience : nil, arrivalTime: r.firstArrival,
                 serviceStart: r.serviceStart.isNaN ? nil : r.serviceStart, teller: r.teller >= 0 ? Int(r.teller) : nil,
                 state: r.state, attributes: attributes, visitArrival: r.arrivalTime, visits: Int(r.visits))
    }

    /// Teller `t` as a value.
    public func teller(_ t: Int) -> Teller {
        let s = tellerStates[t]
        let serving = s.busy && !s.away
        return Teller(index: t, pool: Int(s.pool), skills: skills(of: t), isBusy: serving,
                      customer: serving ? table.records[Int(s.slot)].number : nil, served: s.served, isAway: s.away)
    }

    /// Customers waiting in `line`, in the order they will be served (the "waiting" list).
    /// - Complexity: O(n).
    public func waiting(inLine line: Int) -> [Customer] {
        guard lineStore.indices.contains(line) else { return [] }
        return liveSlots(line: line).map(customer(_:))
    }

    /// The customer at the head of `line`, if any.
    /// - Complexity: amortised O(1).
    public func head(ofLine line: Int) -> Customer? {
        guard lineStore.indices.contains(line) else { return nil }
        return peekHead(line: line).map(customer(_:))
    }

    /// Customers being served, in teller order (the "working" list).
    public func inService() -> [Customer] {
        tellerStates.array.filter { $0.busy && !$0.away }.map { customer($0.slot) }
    }

    /// Tellers of pool `pool` free now.
    public func idleTellers(inPool pool: Int) -> [Int] {
        poolStore[pool].tellers.filter { !tellerStates[$0].busy }
    }
}
