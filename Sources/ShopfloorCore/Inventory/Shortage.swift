/// Why an order failed: every ingredient that was short, in the recipe's (item name) order.
///
/// Its description is what a user reads: `strawberry juice: strawberry: need 16, have 10`.
public struct Shortage: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// One short ingredient.
    public struct Item: Sendable, Equatable, Codable, CustomStringConvertible {
        public var item: String
        public var need: Int
        public var have: Int
        public var description: String { "\(item): need \(need), have \(have)" }
    }

    public var recipe: String
    /// All short ingredients (never empty).
    public var items: [Item]

    public var description: String {
        "\(recipe): " + items.map(\.description).joined(separator: "; ")
    }
}
