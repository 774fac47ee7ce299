/// One stocked item: its count and capacity, and streaming statistics about it.
///
/// The count changes only through ``Stock``'s operations (`public private(set)` everywhere).
public struct StockItem: Sendable {
    public let name: String
    /// Units on hand, 0…capacity.
    public internal(set) var count: Int
    /// Most units the item can hold; `Int.max` = unlimited.
    public internal(set) var capacity: Int

    // Conservation: count == initial + delivered + adjusted - consumed, always.
    /// Units when the item was defined.
    public internal(set) var initial: Int
    /// Units accepted from deliveries (after capping at capacity).
    public internal(set) var delivered = 0
    /// Net units changed by `add`/`set` (the stock editor).
    public internal(set) var adjusted = 0
    /// Units taken by orders.
    public internal(set) var consumed = 0

    // Statistics since the last reset.
    /// Time-weighted level.
    public internal(set) var level: TimeWeighted
    /// Orders that failed with this item short.
    public internal(set) var stockouts = 0
    /// Units of this item asked for by orders that failed (whatever was short).
    public internal(set) var lostUnits = 0
    /// Deliveries received, units they brought, and units refused for lack of room.
    public internal(set) var deliveries = 0
    public internal(set) var deliveredUnits = 0
    public internal(set) var excessUnits = 0
    /// Time spent at 0 up to the last change (add the current spell with `timeOutOfStock(until:)`).
    var outOfStockTime = 0.0
    /// Units taken since the last statistics reset.
    public internal(set) var consumedUnits = 0
    /// The lowest count held for a positive time since the statistics start (`Int.max`: none yet). Kept as an
    /// integer: a count near `Int.max` does not survive a round trip through `Double`.
    var heldMinimum = Int.max

    init(name: String, count: Int, capacity: Int, at time: Double) {
        self.name = name
        self.count = count
        self.capacity = capacity
        self.initial = count
        self.level = TimeWeighted(start: time, value: Double(count))
    }

    /// Total time at 0 from the statistics start to `time`.
    public func timeOutOfStock(until time: Double) -> Double {
        outOfStockTime + (count == 0 ? time - level.lastTime : 0)
    }

    /// Sets the count at `time`, keeping level and out-of-stock time up to date.
    mutating func setCount(_ newCount: Int, at time: Double) {
        if count == 0 { outOfStockTime += time - level.lastTime }
        if time > level.lastTime && count < heldMinimum { heldMinimum = count }
        count = newCount
        level.set(Double(newCount), at: time)
    }

    /// The lowest count from the statistics start to `time`: held for a positive time, or the final count.
    /// A count held for no time at all (taken and restocked at the same instant) is not counted, but the count
    /// at `time` always is: the minimum is never above the final count.
    public func minimumCount(until time: Double) -> Int {
        Swift.min(heldMinimum, count)
    }

    mutating func resetStatistics(at time: Double) {
        if count == 0 { outOfStockTime += time - level.lastTime }
        level.set(Double(count), at: time)
        level.restart(at: time)
        outOfStockTime = 0
        heldMinimum = .max
        stockouts = 0; lostUnits = 0; deliveries = 0; deliveredUnits = 0; excessUnits = 0; consumedUnits = 0
    }
}
