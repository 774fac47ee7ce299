/// The stock: items and recipes with their counts and statistics, and the restock orders on their way. One group
/// of ``Simulation``'s state, copied whole by a snapshot.
@usableFromInline
struct StockState {
    /// The stock (juice bar ingredients); empty unless items are defined.
    @usableFromInline var stock = Stock()
    /// Restock orders by id; `nil` for a delivered order whose id is free again (in ``freeRestocks``).
    var restocks: ContiguousArray<RestockOrder?> = []
    var freeRestocks: [Int] = []
    /// Units ordered and not yet delivered, per item index (grown on demand; kept in step with `restocks`).
    // Performance: a stock rule gets `pending` per call; summing `restocks` each time cost O(orders out)
    // (juice-bar benchmark, scripts/bench/juice-bar).
    var pendingByItem = UnsafeList<Int>()

    init() {}

    /// Checks the stock and that the pending units per item are the sum of the orders on their way.
    /// - Complexity: O(items + orders).
    func checkInvariants() {
        var pending = [Int](repeating: 0, count: pendingByItem.count)
        for case let order? in restocks { pending[order.item] &+= order.amount }
        precondition(pending == pendingByItem.array, "pending restock units out of step with the orders")
        stock.checkInvariants()
    }
}

extension StockState: SnapshottedGroup {
    static var buffers: [BufferField<StockState>] { [BufferField(\.pendingByItem)] }
}
