/// The kinds of policy a plugin can provide, and what each must hand back when built.
public enum PluginKind: String, CaseIterable, Sendable {
    /// Who arrives next: a function called per arrival (gap, task, attributes) or a built-in process.
    case customerGenerator = "customer_generator"
    /// Which waiting customer a free teller takes: a function, or the built-in FIFO.
    case tellerPolicy = "teller_policy"
    /// How long a service takes: a function of customer and teller.
    case serviceTime = "service_time"
    /// Recipes: `{ juice = { fruit = count, … }, … }`.
    case recipeBook = "recipe_book"
    /// Restock rules called when stock changes.
    case stockRule = "stock_rule"
    /// Board rules called before each change to the board.
    case boardRule = "board_rule"

    public static var names: [String] { allCases.map(\.rawValue) }
}
