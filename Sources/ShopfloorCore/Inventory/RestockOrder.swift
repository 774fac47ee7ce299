/// A restock order on its way; delivered by the scheduler after its lead time.
public struct RestockOrder: Sendable, Equatable {
    public var id: Int
    public var item: Int
    public var amount: Int
    public var placedAt: Double
    public var dueAt: Double
}

/// What a delivery brought: units accepted, and units refused because the item was at capacity.
public struct Delivery: Sendable, Equatable {
    public var order: RestockOrder
    public var itemName: String
    public var time: Double
    public var accepted: Int
    public var excess: Int
}

/// A recipe order's outcome, as observers see it.
public struct OrderEvent: Sendable, Equatable {
    public var time: Double
    public var recipe: String
    /// `nil` when the order was made.
    public var shortage: Shortage?
}
