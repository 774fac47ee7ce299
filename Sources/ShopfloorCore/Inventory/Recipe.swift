/// What one order takes from stock: item names and counts (`strawberry juice = 16 strawberry`).
///
/// Validated on creation (name, at least one ingredient, every count > 0); ingredients are kept sorted by
/// item name, so shortages are always listed in the same order whatever order a Lua table gave them in.
/// Unknown items are caught when the recipe is registered with a ``Stock``.
///
/// ```swift
/// let juice = try Recipe(name: "strawberry-banana juice", ingredients: ["strawberry": 10, "banana": 1])
/// ```
public struct Recipe: Sendable, Equatable, Codable {
    /// One item and how many of it.
    public struct Ingredient: Sendable, Equatable, Codable {
        public var item: String
        public var count: Int
    }

    public let name: String
    /// Sorted by item name.
    public let ingredients: [Ingredient]

    public init(name: String, ingredients: [String: Int]) throws(CoreError) {
        try CoreError.require(!name.isEmpty, "recipe: 'name' must not be empty")
        try CoreError.require(!ingredients.isEmpty, "recipe '\(name)': must have at least one ingredient")
        var list: [Ingredient] = []
        for (item, count) in ingredients.sorted(by: { $0.key < $1.key }) {
            try CoreError.require(!item.isEmpty, "recipe '\(name)': ingredient names must not be empty")
            try CoreError.require(count > 0, "recipe '\(name)': count of '\(item)' must be > 0, got \(count)")
            list.append(Ingredient(item: item, count: count))
        }
        self.name = name
        self.ingredients = list
    }
}
