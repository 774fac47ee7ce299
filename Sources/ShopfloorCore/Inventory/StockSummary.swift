/// One item in a ``StockSummary``.
public struct ItemSummary: Sendable, Equatable, Codable {
    public var name: String
    public var count: Int
    public var capacity: Int?
    public var meanLevel: Double
    public var minLevel: Int
    public var timeOutOfStock: Double
    public var consumed: Int
    public var stockouts: Int
    public var lostUnits: Int
    public var deliveries: Int
    public var deliveredUnits: Int
    public var excessUnits: Int
}

/// One recipe in a ``StockSummary``.
public struct RecipeSummary: Sendable, Equatable, Codable {
    public var name: String
    public var made: Int
    public var failed: Int
    public var fillRate: Double
}

/// Stock figures since the statistics start, items and recipes in the order they were defined.
public struct StockSummary: Sendable, Equatable, Codable {
    public var items: [ItemSummary]
    public var recipes: [RecipeSummary]
    public var made: Int
    public var failed: Int
    /// Made ÷ (made + failed) over all recipes; 1 when nothing was ordered.
    public var fillRate: Double
    /// Restock orders placed and not yet delivered.
    public var pendingRestocks: Int
}
