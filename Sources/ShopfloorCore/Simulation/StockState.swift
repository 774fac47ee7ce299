/// The stock: items and recipes with their counts and statistics, and the restock orders on their way. One group
/// of ``Simulation``'s state, copied whole by a snapshot (its one buffer, `pendingByItem`, is the simulation's).
@usableFromInline
struct StockState {
    /// The stock (juice bar ingredients); empty unless items are defined.
    @usableFromInline var stock = Stock()
    /// Restock orders by id; `nil` for a delivered order whose id is free again (in ``freeRestocks``).
    var restocks: ContiguousArray<RestockOrder?> = []
    var freeRestocks: [Int] = []

    init() {}
}

extension Simulation {
    /// The stock's invariants: the stock's own, and the pending units per item (``Simulation/pendingByItem``, a
    /// buffer of the simulation) are the sum of the orders on their way.
    /// - Complexity: O(items + orders).
    func checkStockInvariants() {
        let restocks = stockState.restocks, stock = stockState.stock
        var pending = [Int](repeating: 0, count: pendingByItem.count)
        for case let order? in restocks { pending[order.item] &+= order.amount }
        precondition(pending == pendingByItem.array, "pending restock units out of step with the orders")
        stock.checkInvariants()
    }
}
