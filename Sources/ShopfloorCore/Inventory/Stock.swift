/// Named items with non-negative integer counts, optional capacities, and recipes taken all or nothing.
///
/// Counts change **only** through these operations, each of which keeps `0 ≤ count ≤ capacity` and the
/// conservation law `count = initial + delivered + adjusted − consumed`. ``take(_:at:)`` checks every
/// ingredient first and takes only if all are there: a failed order changes no count and returns a
/// ``Shortage`` listing every short ingredient. Times passed in must not go backwards (they drive the
/// time-weighted statistics); a ``Simulation`` passes its clock.
///
/// ```swift
/// var stock = Stock()
/// try stock.define("strawberry", count: 10, at: 0)
/// let juice = try stock.register(Recipe(name: "strawberry juice", ingredients: ["strawberry": 16]))
/// if let shortage = try stock.take(juice, at: 1) { print(shortage) } // strawberry juice: strawberry: need 16, have 10
/// ```
public struct Stock: Sendable {
    /// Items in the order defined.
    public internal(set) var items: [StockItem] = []
    /// Recipes in the order first registered.
    public internal(set) var recipes: [RecipeEntry] = []
    var itemIndex: [String: Int] = [:]
    var recipeIndex: [String: Int] = [:]
    /// The latest time an operation was stamped with.
    public internal(set) var clock = 0.0

    public init() {}

    /// The index of the item called `name`.
    public func item(named name: String) -> Int? { itemIndex[name] }
    /// The index of the recipe called `name`.
    public func recipe(named name: String) -> Int? { recipeIndex[name] }
    /// Units of `name` on hand (nil for an unknown item).
    public func count(of name: String) -> Int? { itemIndex[name].map { items[$0].count } }

    /// Defines a new item with an initial count and optional capacity; returns its index.
    public mutating func define(_ name: String, count: Int, capacity: Int? = nil, at time: Double) throws(CoreError) -> Int {
        try advance(to: time)
        try CoreError.require(!name.isEmpty, "stock: item 'name' must not be empty")
        try CoreError.require(itemIndex[name] == nil, "stock: item '\(name)' is already defined")
        if let capacity { try CoreError.require(capacity >= 0, "stock: 'capacity' of '\(name)' must be >= 0, got \(capacity)") }
        try CoreError.require(count >= 0, "stock: 'count' of '\(name)' must be >= 0, got \(count)")
        try CoreError.require(count <= (capacity ?? .max),
                              "stock: 'count' of '\(name)' must be <= capacity \(capacity ?? 0), got \(count)")
        items.append(StockItem(name: name, count: count, capacity: capacity ?? .max, at: time))
        itemIndex[name] = items.count - 1
        return items.count - 1
    }

    /// Registers (or, for a known name, replaces — statistics kept) a recipe; returns its index.
    /// - Throws: ``CoreError/unknownName(kind:name:)`` for an ingredient that is not a defined item.
    /// - Throws: also when the recipe needs more of an item than its capacity (``checkFits(_:)``).
    @discardableResult
    public mutating func register(_ recipe: Recipe) throws(CoreError) -> Int {
        try checkFits(recipe)
        var resolved: [(item: Int, count: Int)] = []
        for ingredient in recipe.ingredients {
            guard let i = itemIndex[ingredient.item] else {
                throw CoreError.unknownName(kind: "item in recipe '\(recipe.name)'", name: ingredient.item)
            }
            resolved.append((i, ingredient.count))
        }
        if let r = recipeIndex[recipe.name] {
            recipes[r].recipe = recipe
            recipes[r].resolved = resolved
            return r
        }
        recipes.append(RecipeEntry(recipe: recipe, resolved: resolved))
        recipeIndex[recipe.name] = recipes.count - 1
        return recipes.count - 1
    }

    /// Throws if `recipe` needs more of a defined item than its capacity: every order of it would fail, whatever the
    /// restocks (a delivery stops at the capacity). Unknown items are left to ``register(_:)``.
    public func checkFits(_ recipe: Recipe) throws(CoreError) {
        for ingredient in recipe.ingredients {
            guard let i = itemIndex[ingredient.item] else { continue }
            try CoreError.require(ingredient.count <= items[i].capacity,
                                  "recipe '\(recipe.name)': count of '\(ingredient.item)' must be <= its capacity \(items[i].capacity), "
                                  + "got \(ingredient.count) (the recipe could never be made)")
        }
    }

    /// Makes recipe `r` if every ingredient is on hand, taking them all; otherwise changes nothing.
    /// - Returns: `nil` on success, else every shortage.
    /// - Complexity: O(ingredients); allocates only to describe a failure.
    @discardableResult
    public mutating func take(_ r: Int, at time: Double) throws(CoreError) -> Shortage? {
        try CoreError.require(recipes.indices.contains(r), "stock: 'recipe' must be a recipe index 0..<\(recipes.count), got \(r)")
        try advance(to: time)
        let resolved = recipes[r].resolved
        var short = false
        for (item, need) in resolved where items[item].count < need { short = true; break }
        if short {
            var missing: [Shortage.Item] = []
            for (item, need) in resolved {
                items[item].lostUnits.saturatingIncrease(by: need)
                if items[item].count < need {
                    items[item].stockouts.saturatingIncrease(by: 1)
                    missing.append(Shortage.Item(item: items[item].name, need: need, have: items[item].count))
                }
            }
            recipes[r].failed += 1
            return Shortage(recipe: recipes[r].recipe.name, items: missing)
        }
        for (item, need) in resolved {
            items[item].consumed &+= need  // conservation totals wrap; the law still holds modulo 2⁶⁴
            items[item].consumedUnits.saturatingIncrease(by: need)
            items[item].setCount(items[item].count - need, at: time)
        }
        recipes[r].made += 1
        checkInvariants()
        return nil
    }

    /// Adds `amount` units (the stock editor's +; a negative amount removes).
    /// - Throws: if the result would be below 0 or above capacity (nothing changes).
    public mutating func add(_ item: Int, _ amount: Int, at time: Double) throws(CoreError) {
        try checkItem(item)
        let (sum, overflow) = items[item].count.addingReportingOverflow(amount)
        try CoreError.require(!overflow, "stock: 'amount' \(amount) overflows '\(items[item].name)'")
        try set(item, sum, at: time)
    }

    /// Sets the count of `item` (the stock editor).
    /// - Throws: if `count` is below 0 or above capacity (nothing changes).
    public mutating func set(_ item: Int, _ count: Int, at time: Double) throws(CoreError) {
        try checkItem(item)
        let name = items[item].name
        try CoreError.require(count >= 0, "stock: count of '\(name)' must be >= 0, got \(count)")
        try CoreError.require(count <= items[item].capacity,
                              "stock: count of '\(name)' must be <= capacity \(items[item].capacity), got \(count)")
        try advance(to: time)
        items[item].adjusted &+= count - items[item].count
        items[item].setCount(count, at: time)
        checkInvariants()
    }

    /// Changes the capacity of `item` (`nil`: unlimited), as a reload of an edited shelf does. Deliveries from now on
    /// are capped at it; orders already placed stand.
    /// - Throws: if `capacity` is below 0, below the count on hand or below what a recipe needs of it (nothing changes).
    public mutating func setCapacity(_ item: Int, _ capacity: Int?) throws(CoreError) {
        try checkItem(item)
        let name = items[item].name, count = items[item].count
        if let capacity {
            try CoreError.require(capacity >= 0, "stock: capacity of '\(name)' must be >= 0, got \(capacity)")
            try CoreError.require(capacity >= count, "stock: capacity of '\(name)' must be >= its count \(count), got \(capacity)")
            for entry in recipes {
                for (i, need) in entry.resolved where i == item && need > capacity {
                    throw CoreError.invalidArgument("stock: capacity of '\(name)' must be >= \(need), which recipe "
                        + "'\(entry.recipe.name)' needs, got \(capacity) (the recipe could never be made)")
                }
            }
        }
        items[item].capacity = capacity ?? .max
        checkInvariants()
    }

    /// Receives `amount` units of `item`; what does not fit under capacity is refused.
    /// - Returns: `(accepted, excess)`.
    public mutating func deliver(_ item: Int, _ amount: Int, at time: Double) throws(CoreError) -> (accepted: Int, excess: Int) {
        try checkItem(item)
        try CoreError.require(amount > 0, "stock: delivery 'amount' must be > 0, got \(amount)")
        try advance(to: time)
        let room = items[item].capacity - items[item].count
        let accepted = Swift.min(amount, room)
        items[item].delivered &+= accepted  // conservation totals wrap; the law still holds modulo 2⁶⁴
        items[item].deliveries.saturatingIncrease(by: 1)
        items[item].deliveredUnits.saturatingIncrease(by: accepted)
        items[item].excessUnits.saturatingIncrease(by: amount - accepted)
        items[item].setCount(items[item].count + accepted, at: time)
        checkInvariants()
        return (accepted, amount - accepted)
    }

    func checkItem(_ item: Int) throws(CoreError) {
        try CoreError.require(items.indices.contains(item), "stock: 'item' must be an item index 0..<\(items.count), got \(item)")
    }

    mutating func advance(to time: Double) throws(CoreError) {
        try CoreError.require(time >= clock, "stock: time must not go backwards (at \(clock), got \(time))")
        clock = time
    }

    /// Puts the stock's clock back (a simulation reset); statistics restart there.
    mutating func restartClock(at time: Double) {
        clock = time
        for i in items.indices {
            items[i].level = TimeWeighted(start: time, value: Double(items[i].count))
            items[i].outOfStockTime = 0
            items[i].heldMinimum = .max
        }
    }
}
