extension Simulation {
    // MARK: Stock (the juice bar)

    /// Defines a stock item at the current time; returns its index.
    @discardableResult
    public func defineItem(_ name: String, count: Int, capacity: Int? = nil) throws -> Int {
        try checkMutable(.defineItem)
        return try stockState.stock.define(name, count: count, capacity: capacity, at: now)
    }

    /// Registers or replaces a recipe (reload keeps its statistics); returns its index.
    @discardableResult
    public func register(_ recipe: Recipe) throws -> Int {
        try checkMutable(.register)
        return try stockState.stock.register(recipe)
    }

    /// Makes recipe `name` now, all or nothing.
    /// - Returns: `nil` if made, else the ``Shortage`` (nothing was taken).
    /// - Throws: for an unknown recipe, or if the order observer throws (the order itself stands).
    @discardableResult
    public func order(_ name: String) throws -> Shortage? {
        guard let r = stockState.stock.recipe(named: name) else { throw CoreError.unknownName(kind: "recipe", name: name) }
        return try order(recipe: r)
    }

    /// Makes recipe `r` (an index) now, all or nothing; see ``order(_:)``.
    @discardableResult
    public func order(recipe r: Int) throws -> Shortage? {
        try checkMutable(.order)
        let shortage = try stockState.stock.take(r, at: now)
        if let onOrder = observers.onOrder {
            let event = OrderEvent(time: now, recipe: stockState.stock.recipes[r].recipe.name, shortage: shortage)
            do { try onOrder(event) } catch { throw CoreError.hookFailed(hook: "order observer", underlying: error) }
        }
        return shortage
    }

    /// Changes an item's count by `amount` now (the stock editor's +/−); refuses below 0 or above capacity.
    public func addStock(_ name: String, _ amount: Int) throws {
        try checkMutable(.addStock)
        try stockState.stock.add(try itemIndex(name), amount, at: now)
    }

    /// Changes an item's capacity (`nil`: unlimited); refuses one below the count on hand.
    public func setCapacity(ofItem name: String, to capacity: Int?) throws {
        try checkMutable(.setCapacity)
        try stockState.stock.setCapacity(try itemIndex(name), capacity)
    }

    /// Sets an item's count now; refuses below 0 or above capacity.
    public func setStock(_ name: String, _ count: Int) throws {
        try checkMutable(.setStock)
        try stockState.stock.set(try itemIndex(name), count, at: now)
    }

    /// Orders `amount` units of `name`, delivered after `leadTime` seconds (a delivery is capped at capacity and
    /// the excess reported). Returns the order.
    @discardableResult
    public func placeRestock(_ name: String, amount: Int, leadTime: Double) throws -> RestockOrder {
        try checkMutable(.placeRestock)
        return try restock(item: try itemIndex(name), amount: amount, leadTime: leadTime)
    }

    /// Restock orders not yet delivered, by due time.
    public var pendingRestocks: [RestockOrder] {
        stockState.restocks.compactMap { $0 }.sorted { ($0.dueAt, $0.id) < ($1.dueAt, $1.id) }
    }

    func handleDelivery(_ id: Int) throws {
        guard let order = stockState.restocks[id] else { return }
        stockState.restocks[id] = nil
        stockState.freeRestocks.append(id)
        pendingByItem[order.item] &-= order.amount
        let (accepted, excess) = try stockState.stock.deliver(order.item, order.amount, at: now)
        if let onDelivery = observers.onDelivery {
            let delivery = Delivery(order: order, itemName: stockState.stock.items[order.item].name, time: now, accepted: accepted, excess: excess)
            do { try onDelivery(delivery) } catch { throw CoreError.hookFailed(hook: "delivery observer", underlying: error) }
        }
    }

    func itemIndex(_ name: String) throws -> Int {
        guard let i = stockState.stock.item(named: name) else { throw CoreError.unknownName(kind: "item", name: name) }
        return i
    }
}
