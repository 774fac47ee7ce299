import ShopfloorText
import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// The world's stock as Lua sees it (`shopfloor.stock "juice bar"`): it forwards every change to the core's
/// stock operations, then tells whoever listens — trace sinks, `stock:on` hooks, and the stock rules.
///
/// Counts live only in the core; this object keeps registry references (fruit and juice names as Lua
/// strings, rule and hook functions) so the per-order path allocates nothing.
public final class StockBinding {
    // Performance: unowned(unsafe), no unowned-retain per access on the per-order path (juice-bar benchmark).
    // Safe: the world holds this object (`World.stockBinding`).
    unowned(unsafe) let world: World
    /// The display name (`shopfloor.stock "juice bar"`).
    public internal(set) var name: String?
    /// Receives every stock event (trace files).
    @exclusivity(unchecked) public var sinks: [(StockEvent) throws -> Void] = []
    /// `shopfloor.stop { orders = N }`: stop once N orders are decided.
    public internal(set) var stopAfterOrders: Int?
    /// The makers' service, once `stock:makers{…}` set them up.
    public internal(set) var service: RecipeService?

    // Performance: the per-order state skips runtime exclusivity checks (juice-bar benchmark); safe for the
    // reasons `Simulation` gives: not Sendable, one per Lua state, no access held across a call into Lua.
    /// The fruit and juice names as Lua strings (by index); `itemNameSlots` are the fruits' registry slots for C.
    @exclusivity(unchecked) var itemNames: [LuaReference] = []
    @exclusivity(unchecked) var itemNameSlots: [Int32] = []
    @exclusivity(unchecked) var recipeNames: [LuaReference] = []
    /// Item indices of each recipe's ingredients (the core keeps them sorted by name).
    @exclusivity(unchecked) var recipeItems: [[Int]] = []
    /// Where each recipe was written (`recipes.lua:12`), by name.
    var recipeWhere: [String: String] = [:]
    /// What the running reload did to the recipe book, for its message (StockBinding+Reload.swift); a note only,
    /// not world state: a failed reload's is never read, and each reload starts it afresh.
    var reloadNews = RecipeReloadNews()
    /// Stock rules and `stock:on` hooks running now, one inside another (StockRuleHook.swift: a rule or hook that
    /// changes the stock runs them again, and without end would meet Lua's bare `C stack overflow`).
    @exclusivity(unchecked) var nestedCalls = 0
    @exclusivity(unchecked) var rules: [StockRule] = [] {
        didSet { highestLevel = rules.reduce(-Double.infinity) { Swift.max($0, $1.below) } }
    }
    /// The highest level any rule watches (+∞ if one watches every change): at or above it, no rule is called.
    @exclusivity(unchecked) var highestLevel = -Double.infinity
    @exclusivity(unchecked) var hooks: [String: [LuaReference]] = [:]
    /// Who placed the latest restock order: a rule's function, or the `file:line` of a `stock:restock`
    /// call. Named when deliveries at lead time 0 loop without end (the progress guard's error).
    var lastOrderOrigin: (rule: LuaReference?, place: String?) = (nil, nil)
    static let events = ["order", "made", "failed", "restock", "delivered"]

    /// The world's state and its memory bookkeeping, for the C rule call (valid as long as the world).
    let L: OpaquePointer
    let memory: LuaState.Memory

    init(world: World) {
        self.world = world
        self.L = world.lua.L
        self.memory = world.lua.memory
    }

    var simulation: Simulation { world.simulation }
    var lua: LuaState { world.lua }

    // MARK: Names

    func item(named name: String) throws -> Int {
        if let i = simulation.stock.item(named: name) { return i }
        let names = simulation.stock.items.map(\.name)
        throw ScriptingError.invalidScenario(
            UnknownName.message("fruit", name, among: names, label: "fruits", whenEmpty: "none yet — add one with stock:item{…}"))
    }

    func recipe(named name: String) throws -> Int {
        if let r = simulation.stock.recipe(named: name) { return r }
        let names = simulation.stock.recipes.map(\.recipe.name)
        throw ScriptingError.invalidScenario(
            UnknownName.message("juice", name, among: names, label: "juices", whenEmpty: "none yet — add one with stock:recipe(name, {…})"))
    }

    /// Keeps the name refs and ingredient indices in step with the core's items and recipes.
    func sync() {
        let stock = simulation.stock
        while itemNames.count < stock.items.count {
            lua.stack.push(stock.items[itemNames.count].name)
            let name = LuaReference(popping: lua)
            itemNames.append(name)
            itemNameSlots.append(name.ref)
        }
        while recipeNames.count < stock.recipes.count {
            lua.stack.push(stock.recipes[recipeNames.count].recipe.name)
            recipeNames.append(LuaReference(popping: lua))
        }
        recipeItems = stock.recipes.map { entry in entry.recipe.ingredients.map { stock.item(named: $0.item)! } }
    }

    func count(_ item: Int) -> Int { simulation.count(ofItem: item) }

    // MARK: What happened

    /// An order was decided (by a maker or by `stock:order`): trace, hooks, then the rules for each fruit taken,
    /// or for each fruit it found short (``runRules(short:)``: a short order changes no count, and without this
    /// call a fruit stuck below a recipe's need but at or above the reorder point was never reordered).
    func decided(_ r: Int, _ shortage: Shortage?) throws {
        if !sinks.isEmpty { try emitOrder(r, shortage) }
        if !hooks.isEmpty { try callOrderHooks(r, shortage) }
        if let shortage, !rules.isEmpty { try runRules(short: shortage) }
        if shortage == nil, !rules.isEmpty {
            // Performance: a fruit at or above every rule's level needs no look at the rules; the items and the
            // simulation are read afresh per fruit, which spares a retain/release pair of each per order
            // (juice-bar benchmark, scripts/bench/juice-bar).
            var k = 0
            while k < recipeItems[r].count {
                let item = recipeItems[r][k]
                k &+= 1
                if Double(world.simulation.count(ofItem: item)) < highestLevel { try runRules(item, in: world.simulation) }
            }
        }
    }

    private func emitOrder(_ r: Int, _ shortage: Shortage?) throws {
        let stock = simulation.stock
        let name = stock.recipes[r].recipe.name
        let now = simulation.now
        try emit(StockEvent(kind: .order, time: now, name: name, fields: []))
        if let shortage {
            var short: [String: JSONValue] = [:]
            for item in shortage.items { short[item.item] = .object(["need": .integer(item.need), "have": .integer(item.have)]) }
            try emit(StockEvent(kind: .failed, time: now, name: name, fields: [("short", .object(short))]))
        } else {
            var taken: [String: JSONValue] = [:], left: [String: JSONValue] = [:]
            for ingredient in stock.recipes[r].recipe.ingredients {
                taken[ingredient.item] = .integer(ingredient.count)
                left[ingredient.item] = .integer(stock.count(of: ingredient.item) ?? 0)
            }
            try emit(StockEvent(kind: .made, time: now, name: name, fields: [("taken", .object(taken)), ("left", .object(left))]))
        }
    }

    private func callOrderHooks(_ r: Int, _ shortage: Shortage?) throws {
        let message = shortage.map(Self.message(of:))
        for hook in hooks["order"] ?? [] {
            try call(hook, "order") {
                recipeNames[r].push()
                lua.stack.push(shortage == nil)
                if let message { lua.stack.push(message) } else { lua.stack.pushNil() }
                return 3
            }
        }
        for hook in hooks[shortage == nil ? "made" : "failed"] ?? [] {
            try call(hook, shortage == nil ? "made" : "failed") {
                recipeNames[r].push()
                if let message { lua.stack.push(message); return 2 }
                return 1
            }
        }
    }

    /// `strawberry: need 16, have 10; banana: need 1, have 0` — what the user reads.
    static func message(of shortage: Shortage) -> String {
        shortage.items.map(\.description).joined(separator: "; ")
    }

    /// Places a restock order through the core and reports it.
    @discardableResult
    /// `rule`: the stock rule whose answer this order is; its `file:line` then names an order the core
    /// refuses (the mistake is in a returned value, so no Lua error position names it).
    func restock(_ item: Int, amount: Int, leadTime: Double, orderedBy rule: LuaReference? = nil) throws -> RestockOrder {
        let order: RestockOrder
        if let rule {
            order = try world.decodingAnswer(of: rule) { try placeOrder(item, amount: amount, leadTime: leadTime) }
        } else {
            order = try placeOrder(item, amount: amount, leadTime: leadTime)
        }
        if !sinks.isEmpty {
            try emit(StockEvent(kind: .restockOrdered, time: simulation.now, name: simulation.stock.items[item].name,
                                fields: [("amount", .integer(amount)), ("due", .number(order.dueAt)), ("count", .integer(count(item)))]))
        }
        for hook in hooks["restock"] ?? [] {
            try call(hook, "restock") {
                itemNames[item].push()
                lua.stack.push(amount)
                lua.stack.push(order.dueAt)
                return 3
            }
        }
        return order
    }

    /// The core's order, within the stated maximum: on hand plus on order never overflows a count at delivery.
    private func placeOrder(_ item: Int, amount: Int, leadTime: Double) throws -> RestockOrder {
        try checkRoom(item, adding: amount)
        return try simulation.restock(item: item, amount: amount, leadTime: leadTime)
    }

    /// A delivery arrived (the core capped it at capacity): report it, then run the rules for that fruit if
    /// it changed the count. A delivery refused whole (the shelf was full) changes nothing, so no rule is asked:
    /// a rule that reorders below a level the shelf cannot reach (a reorder point above capacity) ordered again
    /// after each such delivery, for ever — a run without a stop rule never ended.
    func delivered(_ delivery: Delivery) throws {
        let item = delivery.order.item
        if !sinks.isEmpty {
            try emit(StockEvent(kind: .delivered, time: delivery.time, name: delivery.itemName,
                                fields: [("accepted", .integer(delivery.accepted)), ("excess", .integer(delivery.excess)),
                                         ("count", .integer(count(item)))]))
        }
        for hook in hooks["delivered"] ?? [] {
            try call(hook, "delivered") {
                itemNames[item].push()
                lua.stack.push(delivery.accepted)
                lua.stack.push(delivery.excess)
                return 3
            }
        }
        if delivery.accepted > 0 { try runRules(item) }
    }

    func emit(_ event: StockEvent) throws {
        for sink in sinks { try sink(event) }
    }

    /// Pushes `hook`, lets `arguments` push its arguments (returning how many), calls it.
    private func call(_ hook: LuaReference, _ event: String, _ arguments: () -> Int32) throws {
        let stack = lua.stack
        let base = stack.top
        guard nestedCalls < Self.nestedCallLimit else { throw runsInsideItself(hook, "stock:on(\"\(event)\") hook") }
        nestedCalls &+= 1
        defer { stack.setTop(base); nestedCalls &-= 1 }
        hook.push()
        let n = arguments()
        try lua.protectedCall(arguments: n, results: 0)
    }

    /// Listens to the core's deliveries (kept across `installObservers`, which only sets the counter's).
    func observeDeliveries() {
        simulation.observers.onDelivery = { [unowned self] delivery in try self.delivered(delivery) }
    }
}
