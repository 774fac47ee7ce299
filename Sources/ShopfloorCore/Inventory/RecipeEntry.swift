/// A recipe registered with a ``Stock``: ingredients resolved to item indices, and its order statistics.
public struct RecipeEntry: Sendable {
    public internal(set) var recipe: Recipe
    /// `(item index, count)` per ingredient, in the recipe's order: the hot path uses these, not names.
    var resolved: [(item: Int, count: Int)]
    /// Orders made and failed since the last statistics reset.
    public internal(set) var made = 0
    public internal(set) var failed = 0

    /// Made ÷ (made + failed); 1 when nothing was ordered.
    public var fillRate: Double { made + failed > 0 ? Double(made) / Double(made + failed) : 1 }
}
