import ShopfloorText

/// One thing the stock did, as trace files record it.
///
/// `order`, `made`, `failed` name the juice; `restock_ordered` and `delivered` the fruit. `fields` carry the
/// counts involved, in record order: made → `taken` and `left` per fruit; failed → `short` (need/have per
/// short fruit); restock_ordered → `amount`, `due`, `count`; delivered → `accepted`, `excess`, `count`.
public struct StockEvent {
    public enum Kind: String, Sendable {
        case order, made, failed
        case restockOrdered = "restock_ordered"
        case delivered
    }

    public var kind: Kind
    public var time: Double
    /// The juice or the fruit.
    public var name: String
    public var fields: [(String, JSONValue)]

    /// The trace record: `t`, `event`, `juice` or `fruit`, then the counts.
    public var record: [(String, JSONValue)] {
        let key = (kind == .restockOrdered || kind == .delivered) ? "fruit" : "juice"
        return [("t", .number(time)), ("event", .string(kind.rawValue)), (key, .string(name))] + fields
    }
}
