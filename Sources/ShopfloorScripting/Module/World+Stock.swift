import CLua
import LuaKit
import ShopfloorCore

/// The stock object (`shopfloor.stock "juice bar"`), `shopfloor.recipe`, and `shopfloor.stop { orders = N }`.
/// Documented, with examples, in `docs/lua-api.md` ("Stock (the juice bar)").
enum StockModule {
    static let luaClass = LuaClass<StockBinding>(name: "shopfloor.stock")
    static let registryKey = "shopfloor.stock.object"  // not the class name: that slot holds the metatable

    /// Adds `stock`, `recipe` and the `orders` stop rule to the module table at `module`.
    static func install(in world: World, module: Int32) {
        let lua = world.lua
        let stack = lua.stack
        let binding = StockBinding(world: world)
        luaClass.define(in: lua, methods: methods(), tostring: { $0.description })
        stack.push(object: binding, as: luaClass)
        lua_setfield(lua.L, sf_registryindex(), registryKey)
        binding.observeDeliveries()

        lua.setFunction("stock", in: module) { [unowned world] call in
            let stock = world.stock!
            if stock.name == nil { stock.name = try call.optionalString(1) ?? "stock" }
            lua_getfield(call.stack.L, sf_registryindex(), registryKey)
            return 1
        }
        // shopfloor.recipe "name" { fruit = count, … } → an entry { name =, ingredients =, where = "file:line" }
        lua.setFunction("recipe", in: module) { call in
            let name = try call.string(1)
            let place = callerPlace(call.stack.L)
            call.stack.push(function: { call in
                let ingredients = try validatedIngredients(call, 1, recipe: name, where: place)
                pushEntry(call.stack, name: name, ingredients: ingredients, where: place)
                return 1
            })
            return 1
        }
        // shopfloor.stop { orders = N } — otherwise the counter's own stop rules.
        stack.getField("stop", in: module)
        let counterStop = world.ref()
        lua.setFunction("stop", in: module) { [unowned world] call in
            if call.stack.type(at: 1) == LUA_TTABLE, call.stack.getField("orders", in: 1) > LUA_TNIL {
                guard let n = call.stack.int(at: -1), n >= 1 else {
                    throw ScriptingError.invalidScenario("stop: 'orders' must be an integer >= 1, got \(call.stack.plainDescription(at: -1))")
                }
                if let stage = world.staging {
                    stage.actions.append { [unowned world] in world.stock!.stopAfterOrders = n }
                } else {
                    world.stock!.stopAfterOrders = n
                }
                return 0
            }
            call.stack.setTop(1)
            world.push(ref: counterStop)
            call.stack.pushCopy(of: 1)
            try world.lua.protectedCall(arguments: 1, results: 0)
            return 0
        }
    }

    /// `chunk:line` of the Lua code calling the running Swift function.
    static func callerPlace(_ L: OpaquePointer) -> String {
        var ar = lua_Debug()
        guard lua_getstack(L, 1, &ar) != 0, lua_getinfo(L, "Sl", &ar) != 0 else { return "?" }
        let source = withUnsafeBytes(of: ar.short_src) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return "\(source):\(ar.currentline)"
    }

    /// Reads `{ fruit = count, … }` at `index`: at least one fruit, every count a positive integer.
    /// Errors name `place` (the recipe's own line) and the value at fault.
    static func validatedIngredients(_ call: LuaCall, _ index: Int, recipe: String, where place: String) throws -> [String: Int] {
        guard call.stack.type(at: Int32(index)) == LUA_TTABLE, case .table(let table) = call.value(index) else {
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

    static func methods() -> [String: LuaFunction] {
        let cls = luaClass
        return [
            // stock:item { name =, count =, capacity = } → name
            "item": { call in
                let stock = try call.object(1, as: cls)
                try stock.define(try call.table(2))
                return call.returning(try call.table(2)["name"]?.stringValue ?? "")
            },
            // stock:items { {name=, count=, capacity=}, … } defines them; stock:items() → fruit names in order
            "items": { call in
                let stock = try call.object(1, as: cls)
                if call.isNil(2) { return call.returning(stock.simulation.stock.items.map(\.name)) }
                let list = try call.table(2)
                for entry in list.array {
                    guard let spec = entry.tableValue else { throw ScriptingError.invalidScenario("items: each entry must be a table { name =, count =, capacity = }, got \(entry.typeName)") }
                    try stock.define(spec)
                }
                return 0
            },
            // stock:recipe(name, { fruit = count, … }) → name (a known name is replaced)
            "recipe": { call in
                let stock = try call.object(1, as: cls)
                let name = try call.string(2)
                let place = callerPlace(call.stack.L)
                let ingredients = try validatedIngredients(call, 3, recipe: name, where: place)
                try stock.register([(name, ingredients, place)])
                return call.returning(name)
            },
            // stock:recipes(book) registers a list of recipe entries, all or nothing;
            // stock:recipes() → { {name=, ingredients=, made=, failed=}, … } in order
            "recipes": { call in
                let stock = try call.object(1, as: cls)
                if call.isNil(2) {
                    stock.pushRecipeList()
                    return 1
                }
                try stock.register(try stock.entries(call, 2))
                return 0
            },
            // stock:order(juice) → true | false, "strawberry: need 16, have 10"
            "order": { call in
                let stock = try call.object(1, as: cls)
                let r = try stock.recipe(named: try call.string(2))
                let shortage = try stock.simulation.takeRecipe(r)
                try stock.decided(r, shortage)
                call.stack.push(shortage == nil)
                guard let shortage else { return 1 }
                call.stack.push(StockBinding.message(of: shortage))
                return 2
            },
            // stock:add(fruit, n) → new count (n may be negative; refused below 0 or above capacity)
            "add": { call in
                let stock = try call.object(1, as: cls)
                let item = try stock.item(named: try call.string(2))
                try stock.change { try stock.simulation.adjustStock(item: item, by: try call.int(3)) }
                try stock.runRules(item)
                return call.returning(stock.count(item))
            },
            // stock:set(fruit, n) → n (refused below 0 or above capacity)
            "set": { call in
                let stock = try call.object(1, as: cls)
                let item = try stock.item(named: try call.string(2))
                try stock.change { try stock.simulation.setStock(item: item, to: try call.int(3)) }
                try stock.runRules(item)
                return call.returning(stock.count(item))
            },
            // stock:count(fruit) → units on hand
            "count": { call in
                let stock = try call.object(1, as: cls)
                return call.returning(stock.count(try stock.item(named: try call.string(2))))
            },
            // stock:counts() → { fruit = count, … }
            "counts": { call in
                let stock = try call.object(1, as: cls)
                return call.returning(Dictionary(uniqueKeysWithValues: stock.simulation.stock.items.map { ($0.name, $0.count) }))
            },
            // stock:capacity(fruit) → the most it holds, or nil when unlimited
            "capacity": { call in
                let stock = try call.object(1, as: cls)
                let item = stock.simulation.stock.items[try stock.item(named: try call.string(2))]
                if item.capacity == .max { call.stack.pushNil(); return 1 }
                return call.returning(item.capacity)
            },
            // stock:restock(fruit, amount, lead_time) → when it is due
            "restock": { call in
                let stock = try call.object(1, as: cls)
                let item = try stock.item(named: try call.string(2))
                let order = try stock.restock(item, amount: try call.int(3), leadTime: try call.optionalDouble(4) ?? 0)
                return call.returning(order.dueAt)
            },
            // stock:pending(fruit) → units ordered and not yet delivered
            "pending": { call in
                let stock = try call.object(1, as: cls)
                return call.returning(stock.simulation.pendingUnits(item: try stock.item(named: try call.string(2))))
            },
            // stock:rule(function(fruit, count, pending) [return amount, lead_time] end)
            "rule": { call in
                let stock = try call.object(1, as: cls)
                try call.checkFunction(2)
                call.stack.pushCopy(of: 2)
                if let stage = stock.world.staging {
                    stock.stage(stage).rules.append(stock.world.stagedRef(stage))
                    return 0
                }
                stock.rules.append(stock.world.ref())
                return 0
            },
            // stock:on("order" | "made" | "failed" | "restock" | "delivered", fn)
            "on": { call in
                let stock = try call.object(1, as: cls)
                let event = try call.string(2)
                guard StockBinding.events.contains(event) else {
                    var message = "unknown stock event '\(event)' (events: \(StockBinding.events.joined(separator: ", "))"
                    if let guess = didYouMean(event, in: StockBinding.events) { message += "; did you mean '\(guess)'?" }
                    throw ScriptingError.invalidScenario(message + ")")
                }
                try call.checkFunction(3)
                call.stack.pushCopy(of: 3)
                if let stage = stock.world.staging {
                    stock.stage(stage).hooks[event, default: []].append(stock.world.stagedRef(stage))
                    return 0
                }
                stock.hooks[event, default: []].append(stock.world.ref())
                return 0
            },
            // stock:makers { count =, prep = distribution | { [juice] = distribution, default = … }, name = } → pool name
            "makers": { call in
                let stock = try call.object(1, as: cls)
                return call.returning(try stock.makers(call))
            },
            // stock:stats() → { fruits = { [fruit] = {…} }, juices = { [juice] = {…} }, made =, failed =, fill_rate = }
            "stats": { call in
                let stock = try call.object(1, as: cls)
                let summary = stock.simulation.stock.summary(at: stock.simulation.now, pendingRestocks: stock.simulation.pendingRestocks.count)
                call.stack.push(SummaryReport.lua(SummaryReport.stockStats(summary)))
                return 1
            },
        ]
    }
}

extension World {
    /// The world's stock object (created with the module; empty until a script adds items).
    public var stock: StockBinding? {
        let L = lua.L
        lua_getfield(L, sf_registryindex(), StockModule.registryKey)
        defer { lua.stack.pop() }
        return sf_test(lua.stack, StockModule.luaClass)
    }

    /// Stock figures for reports, or nil when the scenario stocks nothing.
    public var stockSummary: StockSummary? {
        guard !simulation.stock.items.isEmpty else { return nil }
        return simulation.stock.summary(at: simulation.now, pendingRestocks: simulation.pendingRestocks.count)
    }
}

extension StockBinding: CustomStringConvertible {
    /// `juice bar: strawberry 10, banana 10, …` (what `print(stock)` shows at the prompt).
    public var description: String {
        let items = simulation.stock.items.map { "\($0.name) \($0.count)" }
        return "\(name ?? "stock"): " + (items.isEmpty ? "empty" : items.joined(separator: ", "))
    }

    /// Defines an item from `{ name =, count =, capacity = }`.
    func define(_ spec: LuaTable) throws {
        guard let name = spec["name"]?.stringValue, !name.isEmpty else {
            throw ScriptingError.invalidScenario("item: 'name' must be a non-empty string")
        }
        let count = spec["count"] ?? .integer(0)
        guard let n = count.intValue, count.typeName == "number" else {
            throw ScriptingError.invalidScenario("item '\(name)': 'count' must be an integer, got \(count)")
        }
        var capacity: Int?
        if let c = spec["capacity"] {
            guard let k = c.intValue, c.typeName == "number" else {
                throw ScriptingError.invalidScenario("item '\(name)': 'capacity' must be an integer, got \(c)")
            }
            capacity = k
        }
        if let stage = world.staging {
            // A reload: a fruit the stock has keeps its count (state survives); a new one is added on success.
            if simulation.stock.item(named: name) == nil {
                stage.actions.append { [unowned self] in
                    try simulation.defineItem(name, count: n, capacity: capacity)
                    sync()
                }
            }
            return
        }
        try simulation.defineItem(name, count: n, capacity: capacity)
        sync()
    }

    /// Runs a count change; the core's refusal becomes the user's message (`stock: count of 'kiwi' must be >= 0, got -1`).
    func change(_ body: () throws -> Void) throws {
        do { try body() } catch let error as CoreError { throw ScriptingError.invalidScenario(error.description) }
    }

    /// Reads a recipe book: a list of entries from `shopfloor.recipe "name" {…}` (or `{ name =, ingredients = }`).
    func entries(_ call: LuaCall, _ index: Int) throws -> [(name: String, ingredients: [String: Int], place: String)] {
        let here = StockModule.callerPlace(call.stack.L)
        let book = try call.table(index)
        guard book.isSequence else {
            throw ScriptingError.invalidScenario("recipes: expected a list of recipes ({ recipe \"name\" { fruit = count }, … }); a table keyed by juice name cannot show duplicates")
        }
        var out: [(String, [String: Int], String)] = []
        for (i, value) in book.array.enumerated() {
            guard let entry = value.tableValue, let name = entry["name"]?.stringValue else {
                throw ScriptingError.invalidScenario("recipes: entry \(i + 1) must be recipe \"name\" { … } or { name =, ingredients = }, got \(value.typeName)")
            }
            let place = entry["where"]?.stringValue ?? here
            lua.stack.push(LuaValue.table(entry["ingredients"]?.tableValue ?? LuaTable()))
            defer { lua.stack.pop() }
            let ingredients = try StockModule.validatedIngredients(LuaCall(lua.L), Int(lua.stack.top), recipe: name, where: place)
            out.append((name, ingredients, place))
        }
        return out
    }

    /// Validates every recipe (known fruits, no duplicate names), then registers them all: nothing partially loaded.
    func register(_ book: [(name: String, ingredients: [String: Int], place: String)]) throws {
        var seen: [String: String] = [:]
        var recipes: [Recipe] = []
        for (name, ingredients, place) in book {
            if let first = seen[name] {
                throw LuaRaise("\(place): duplicate recipe '\(name)' (first at \(first))")
            }
            seen[name] = place
            for fruit in ingredients.keys.sorted() where simulation.stock.item(named: fruit) == nil && world.staging == nil {
                let names = simulation.stock.items.map(\.name)
                var message = "\(place): recipe '\(name)': unknown fruit '\(fruit)' (fruits: \(names.joined(separator: ", "))"
                if let guess = didYouMean(fruit, in: names) { message += "; did you mean '\(guess)'?" }
                throw LuaRaise(message + ")")
            }
            do { recipes.append(try Recipe(name: name, ingredients: ingredients)) } catch { throw LuaRaise("\(place): \(error)") }
        }
        let apply = { [unowned self] in
            for (recipe, entry) in zip(recipes, book) {
                try simulation.register(recipe)
                recipeWhere[recipe.name] = entry.place
            }
            sync()
        }
        if let stage = world.staging { stage.actions.append(apply) } else { try apply() }
    }

    func pushRecipeList() {
        let stack = lua.stack
        let recipes = simulation.stock.recipes
        stack.pushTable(array: recipes.count)
        for (i, entry) in recipes.enumerated() {
            stack.pushTable(record: 4)
            stack.push(entry.recipe.name); stack.setField("name", in: -2)
            stack.pushTable(record: entry.recipe.ingredients.count)
            for ingredient in entry.recipe.ingredients { stack.push(ingredient.count); stack.setField(ingredient.item, in: -2) }
            stack.setField("ingredients", in: -2)
            stack.push(entry.made); stack.setField("made", in: -2)
            stack.push(entry.failed); stack.setField("failed", in: -2)
            stack.setIndex(i + 1, in: -2)
        }
    }

    /// `stock:makers{…}`: one counter task per recipe (its prep time as service), `count` makers serving them all
    /// FIFO, and the take at service start.
    func makers(_ call: LuaCall) throws -> String {
        let spec = try call.table(2)
        let stage = world.staging
        guard service == nil || stage != nil else { throw ScriptingError.invalidScenario("makers: already set up (call stock:makers once)") }
        let recipes = simulation.stock.recipes.map(\.recipe.name)
        guard !recipes.isEmpty else { throw ScriptingError.invalidScenario("makers: no recipes yet — add them first with stock:recipes(…)") }
        var prep: [String: Distribution] = [:]
        let stack = call.stack
        let type = stack.getField("prep", in: 2)
        defer { stack.pop() }
        if type == LUA_TTABLE, sf_test(stack, DistributionBinding.luaClass) == nil {
            let table = stack.top
            let fallback = try DistributionBinding.field("default", of: call, table: table)
            for name in recipes {
                prep[name] = try DistributionBinding.field(name, of: call, table: table) ?? fallback
                guard prep[name] != nil else { throw ScriptingError.invalidScenario("makers: no prep time for '\(name)' (give prep[\"\(name)\"] or prep.default)") }
            }
        } else {
            let all = try DistributionBinding.field("prep", of: call, table: 2) ?? .fixed(0)
            for name in recipes { prep[name] = all }
        }
        let count = spec["count"]?.intValue ?? 1
        let poolName = spec["name"]?.stringValue ?? "makers"
        if let stage {
            // A reload: the makers and their juices must match the living counter; prep times may change.
            for name in recipes { try world.checkUnchangedTask(name, service: prep[name]!, stage: stage) }
            try world.checkUnchangedPool(poolName, skills: recipes.compactMap { simulation.taskIndex(named: $0) }.sorted(), count: count)
            return poolName
        }
        var tasks: [Int: Int] = [:]
        for (r, name) in recipes.enumerated() {
            tasks[try simulation.addTask(TaskClass(name: name, service: prep[name]!))] = r
        }
        let pool = try simulation.addTellers(count, skills: tasks.keys.sorted(), name: poolName)
        let service = try simulation.serveRecipes(tasks)
        // Performance: unowned(unsafe), no unowned-retain per order (juice-bar benchmark); the stock object
        // lives as long as the world's Lua state, which outlives every run.
        service.onDecision = { [unowned(unsafe) self] r, shortage in try self.decided(r, shortage) }
        self.service = service
        return simulation.pools[pool].name
    }
}

extension StockBinding {
    /// The rules and hooks a reload installs again, collected for `stage` and swapped in when it succeeds
    /// (the old ones are released then); a failed reload leaves the old ones in force.
    func stage(_ stage: Staging) -> StagedRules {
        if let staged, staged.stage == ObjectIdentifier(stage) { return StagedRules(binding: self) }
        staged = (ObjectIdentifier(stage), [], [:])
        stage.actions.append { [unowned self] in
            guard let staged else { return }
            rules.forEach(world.unref)
            hooks.values.forEach { $0.forEach(world.unref) }
            rules = staged.rules
            hooks = staged.hooks
            self.staged = nil
        }
        return StagedRules(binding: self)
    }
}

/// Appends to a binding's staged rules and hooks.
struct StagedRules {
    unowned let binding: StockBinding
    var rules: [Int32] {
        get { binding.staged?.rules ?? [] }
        nonmutating set { binding.staged?.rules = newValue }
    }
    var hooks: [String: [Int32]] {
        get { binding.staged?.hooks ?? [:] }
        nonmutating set { binding.staged?.hooks = newValue }
    }
}
