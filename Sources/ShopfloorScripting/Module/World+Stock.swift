import LuaKit
import ShopfloorCore

/// The stock object (`shopfloor.stock "juice bar"`) and `shopfloor.recipe`.
/// Documented, with examples, in `docs/lua-api.md` ("Stock (the juice bar)").
enum StockModule {
    static let luaClass = LuaClass<StockHandle>(name: "shopfloor.stock")
    static let registryKey = "shopfloor.stock.object"  // not the class name: that slot holds the metatable

    /// Adds `stock`, `recipe` and the `orders` stop rule to the module table at `module`.
    static func install(in world: World, module: Int32) {
        let lua = world.lua
        let stack = lua.stack
        let binding = StockBinding(world: world)
        world.stockBinding = binding
        // Each method's refusals name it as the script wrote it (`stock:recipe`, not the core's `register`).
        let named = Dictionary(uniqueKeysWithValues: methods().map { ($0.key, $0.value.namingRefusals("stock:\($0.key)")) })
        luaClass.define(in: lua, methods: named, tostring: { $0.binding.description })
        stack.push(object: StockHandle(binding), as: luaClass)
        stack.setRegistryField(registryKey)
        binding.observeDeliveries()

        lua.setFunction("stock", in: module, takes: 1) { [unowned world] call in
            let stock = world.stock!
            let given = try call.optionalName(1)
            if stock.name == nil {
                stock.name = given ?? "stock"
            } else if let given, given != stock.name {
                // A world has one stock: a second name would be silently dropped.
                throw LuaArgumentError(1, "a world has one stock, already called '\(stock.name ?? "")'; got '\(given)'")
            }
            call.stack.pushRegistryField(registryKey)
            return 1
        }
        // shopfloor.recipe "name" { fruit = count, … } → an entry { name =, ingredients =, where = "file:line" }
        lua.setFunction("recipe", in: module, takes: 1) { call in
            let name = try call.name(1)
            let place = callerPlace(call.stack)
            call.stack.push(function: .takes(1) { call in
                let ingredients = try validatedIngredients(call, 1, recipe: name, where: place)
                pushEntry(call.stack, name: name, ingredients: ingredients, where: place)
                return 1
            })
            return 1
        }
    }

    /// `chunk:line` of the Lua code calling the running Swift function.
    static func callerPlace(_ stack: LuaStack) -> String { stack.callerPlace() ?? "?" }

    /// Reads `{ fruit = count, … }` at `index`: at least one fruit, every count a positive integer.
    /// Errors name `place` (the recipe's own line) and the value at fault.
    static func validatedIngredients(_ call: LuaCall, _ index: Int, recipe: String, where place: String) throws -> [String: Int] {
        guard call.stack.isTable(at: Int32(index)), case .table(let table) = call.value(index) else {
            throw LuaRaise("\(place): recipe '\(recipe)': ingredients must be a table { fruit = count, … }, got \(call.stack.argumentTypeName(at: Int32(index)))")
        }
        var out: [String: Int] = [:]
        for (key, value) in table.sortedEntries {
            guard case .string(let fruit) = key, !fruit.isEmpty else {
                throw LuaRaise("\(place): recipe '\(recipe)': ingredient names must be fruit names (strings), got \(key)")
            }
            guard let n = value.intValue, n > 0, value.typeName == "number" else {
                let shown: String
                if case .string(let s) = value { shown = "'\(s)'" } else { shown = value.description }
                throw LuaRaise("\(place): recipe '\(recipe)': count of '\(fruit)' must be a positive integer, got \(shown)")
            }
            guard n <= ScriptLimits.count else {
                throw LuaRaise("\(place): recipe '\(recipe)': count of '\(fruit)' must be at most \(ScriptLimits.count), got \(n)")
            }
            out[fruit] = n
        }
        if out.isEmpty { throw LuaRaise("\(place): recipe '\(recipe)' has no ingredients") }
        return out
    }

    static func pushEntry(_ stack: LuaStack, name: String, ingredients: [String: Int], where place: String) {
        stack.pushTable(record: 3)
        stack.push(name); stack.setField("name", in: -2)
        stack.pushTable(record: ingredients.count)
        for (fruit, n) in ingredients.sorted(by: { $0.key < $1.key }) { stack.push(n); stack.setField(fruit, in: -2) }
        stack.setField("ingredients", in: -2)
        stack.push(place); stack.setField("where", in: -2)
    }

    // MARK: Methods

    static func methods() -> [String: LuaHostFunction] {
        let cls = luaClass
        return [
            // stock:item { name =, count =, capacity = } → name
            "item": .takes(2) { call in
                let stock = try call.object(1, as: cls).binding
                let spec = try stock.world.options(call, 2, "stock:item", accepted: StockBinding.itemKeys)
                return call.returning(try stock.define(spec))
            },
            // stock:items { {name=, count=, capacity=}, … } defines them; stock:items() → fruit names in order
            "items": .takes(2) { call in
                let stock = try call.object(1, as: cls).binding
                if call.isNil(2) { return call.returning(stock.simulation.stock.items.map(\.name)) }
                let list = try call.table(2)
                guard list.isSequence else {
                    throw ScriptingError.invalidScenario("items: expected a list of items { { name =, count =, capacity = }, … }")
                }
                let reporter = stock.world.reporter(call)
                for (i, entry) in list.array.enumerated() {
                    guard let spec = entry.tableValue else { throw ScriptingError.invalidScenario("items: each entry must be a table { name =, count =, capacity = }, got \(entry.typeName)") }
                    try stock.define(try OptionTable(spec, context: "items[\(i + 1)]", accepted: StockBinding.itemKeys, reporter: reporter))
                }
                return 0
            },
            // stock:recipe(name, { fruit = count, … }) → name (a known name is replaced)
            "recipe": .takes(3) { call in
                let stock = try call.object(1, as: cls).binding
                let name = try call.name(2)
                let place = callerPlace(call.stack)
                let ingredients = try validatedIngredients(call, 3, recipe: name, where: place)
                try stock.register([(name, ingredients, place)])
                return call.returning(name)
            },
            // stock:recipes(book) registers a list of recipe entries, all or nothing;
            // stock:recipes() → { {name=, ingredients=, made=, failed=}, … } in order
            "recipes": .takes(2) { call in
                let stock = try call.object(1, as: cls).binding
                if call.isNil(2) {
                    stock.pushRecipeList()
                    return 1
                }
                try stock.register(try stock.entries(call, 2))
                return 0
            },
            // stock:order(juice) → true | false, "strawberry: need 16, have 10"
            "order": .takes(2) { call in
                let stock = try call.object(1, as: cls).binding
                let r = try stock.recipe(named: try call.name(2))
                if stock.isReloading {
                    call.stack.push(false)
                    call.stack.push(StockBinding.notAgain)
                    return 2
                }
                let shortage = try stock.simulation.takeRecipe(r)
                try stock.decided(r, shortage)
                call.stack.push(shortage == nil)
                guard let shortage else { return 1 }
                call.stack.push(StockBinding.message(of: shortage))
                return 2
            },
            // stock:add(fruit, n) → new count (n may be negative; refused below 0 or above capacity)
            "add": .takes(3) { call in
                let stock = try call.object(1, as: cls).binding
                let item = try stock.item(named: try call.name(2))
                let n = try call.int(3)
                if stock.isReloading { return call.returning(stock.count(item)) }
                try stock.checkRoom(item, adding: n)
                try stock.change { try stock.simulation.adjustStock(item: item, by: n) }
                try stock.runRules(item)
                return call.returning(stock.count(item))
            },
            // stock:set(fruit, n) → n (refused below 0 or above capacity)
            "set": .takes(3) { call in
                let stock = try call.object(1, as: cls).binding
                let item = try stock.item(named: try call.name(2))
                let n = try call.int(3)
                if stock.isReloading { return call.returning(stock.count(item)) }
                if n > 0 { try stock.checkRoom(item, adding: n - stock.count(item)) }  // below 0: the core's message
                try stock.change { try stock.simulation.setStock(item: item, to: n) }
                try stock.runRules(item)
                return call.returning(stock.count(item))
            },
            // stock:count(fruit) → units on hand
            "count": .takes(2) { call in
                let stock = try call.object(1, as: cls).binding
                return call.returning(stock.count(try stock.item(named: try call.name(2))))
            },
            // stock:counts() → { fruit = count, … }
            "counts": .takes(1) { call in
                let stock = try call.object(1, as: cls).binding
                return call.returning(Dictionary(uniqueKeysWithValues: stock.simulation.stock.items.map { ($0.name, $0.count) }))
            },
            // stock:capacity(fruit) → the most it holds, or nil when unlimited
            "capacity": .takes(2) { call in
                let stock = try call.object(1, as: cls).binding
                let item = stock.simulation.stock.items[try stock.item(named: try call.name(2))]
                if item.capacity == .max { call.stack.pushNil(); return 1 }
                return call.returning(item.capacity)
            },
            // stock:restock(fruit, amount, lead_time) → when it is due
            "restock": .takes(4) { call in
                let stock = try call.object(1, as: cls).binding
                let item = try stock.item(named: try call.name(2))
                let amount = try call.int(3), leadTime = try call.optionalDouble(4) ?? 0
                // The due time it had when the scenario loaded and placed it (the first load checked the order).
                if stock.isReloading { return call.returning(stock.simulation.now + leadTime) }
                stock.lastOrderOrigin = (nil, StockModule.callerPlace(call.stack))
                let order = try stock.restock(item, amount: amount, leadTime: leadTime)
                return call.returning(order.dueAt)
            },
            // stock:pending(fruit) → units ordered and not yet delivered
            "pending": .takes(2) { call in
                let stock = try call.object(1, as: cls).binding
                return call.returning(stock.simulation.pendingUnits(item: try stock.item(named: try call.name(2))))
            },
            // stock:rule(function(fruit, count, pending) [return amount, lead_time] end [, { below = level }])
            "rule": .takes(3) { call in
                let stock = try call.object(1, as: cls).binding
                try call.checkFunction(2)
                let below = try StockBinding.watchLevel(call, 3, world: stock.world)
                call.stack.pushCopy(of: 2)
                let rule = StockRule(function: LuaReference(popping: stock.lua), below: below)
                stock.rules.append(rule)
                return 0
            },
            // stock:on("order" | "made" | "failed" | "restock" | "delivered", fn)
            "on": .takes(3) { call in
                let stock = try call.object(1, as: cls).binding
                let event = try call.name(2)
                guard StockBinding.events.contains(event) else {
                    throw ScriptingError.invalidScenario(UnknownName.message("stock event", event, among: StockBinding.events, label: "events"))
                }
                try call.checkFunction(3)
                call.stack.pushCopy(of: 3)
                let hook = LuaReference(popping: stock.lua)
                stock.hooks[event, default: []].append(hook)
                return 0
            },
            // stock:makers { count =, prep = distribution | { [juice] = distribution, default = … }, name = } → pool name
            "makers": .takes(2) { call in
                let stock = try call.object(1, as: cls).binding
                return call.returning(try stock.makers(call))
            },
            // stock:stats() → { fruits = { [fruit] = {…} }, juices = { [juice] = {…} }, made =, failed =, fill_rate = }
            "stats": .takes(1) { call in
                let stock = try call.object(1, as: cls).binding
                let summary = stock.simulation.stock.summary(at: stock.simulation.now, pendingRestocks: stock.simulation.pendingRestocks.count)
                call.stack.push(SummaryReport.lua(SummaryReport.stockStats(summary)))
                return 1
            },
        ]
    }
}

extension World {
    /// `shopfloor.stop { orders = N }`: stop once the makers have decided N orders. It replaces a
    /// `served` or `time` rule given before (one stop rule, the last given: see `setStopRule`).
    func setStopAfterOrders(_ n: Int) {
        stock!.stopAfterOrders = n
        stopRule = .idle
    }

    /// The world's stock object (created with the module; empty until a script adds items).
    public var stock: StockBinding? { stockBinding }

    /// Stock figures for reports, or nil when the scenario stocks nothing.
    public var stockSummary: StockSummary? {
        guard !simulation.stock.items.isEmpty else { return nil }
        return simulation.stock.summary(at: simulation.now, pendingRestocks: simulation.pendingRestocks.count)
    }
}

/// What Lua holds of the stock: a handle onto the world's ``StockBinding``, not the binding itself. The
/// binding owns references into the Lua state (names, rules, hooks), so Lua holding it would make a cycle
/// the state could never break.
final class StockHandle {
    // Safe: the handle lives in the world's Lua state, which closes when the world (the binding's owner)
    // goes; while it closes, host functions refuse to run.
    unowned(unsafe) let binding: StockBinding

    init(_ binding: StockBinding) {
        self.binding = binding
    }
}
