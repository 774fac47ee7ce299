import LuaKit
import ShopfloorCore

// Setting the stock up from Lua: items, recipe books, makers (the structural calls: on a reload they are
// checked against the living stock, see World+Reload.swift).
// (Split from World+Stock.swift, which keeps the `shopfloor.stock` module and its methods.)

extension StockBinding: CustomStringConvertible {
    /// `juice bar: strawberry 10, banana 10, …` (what `print(stock)` shows at the prompt).
    public var description: String {
        let items = simulation.stock.items.map { "\($0.name) \($0.count)" }
        return "\(name ?? "stock"): " + (items.isEmpty ? "empty" : items.joined(separator: ", "))
    }

    /// The keys of an item's table.
    static let itemKeys = ["name", "count", "capacity"]

    /// Defines an item from `{ name =, count =, capacity = }` (keys already checked).
    @discardableResult
    func define(_ options: OptionTable) throws -> String {
        let name = try options.requiredString("name")
        var spec = options
        spec.context = "item '\(name)'"
        let units = 0...ScriptLimits.count
        let n = try spec.integer("count", in: units) ?? 0
        let capacity = try spec.integer("capacity", in: units)
        guard simulation.stock.items.count < ScriptLimits.stockItems || simulation.stock.item(named: name) != nil else {
            throw ScriptingError.invalidScenario("item '\(name)': a stock has at most \(ScriptLimits.stockItems) items")
        }
        try world.declareItem(name, count: n, capacity: capacity, in: self)
        return name
    }

    /// Runs a count change; the core's refusal becomes the user's message (`stock: count of 'kiwi' must be >= 0, got -1`).
    /// A refusal of the change itself (in an end hook, say) goes on as it is, for the method to name
    /// (``LuaHostFunction/namingRefusals(_:)``).
    func change(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as CoreError {
            if case .refused = error { throw error }
            throw ScriptingError.invalidScenario(error.description)
        }
    }

    /// Reads a recipe book: a list of entries from `shopfloor.recipe "name" {…}` (or `{ name =, ingredients = }`).
    func entries(_ call: LuaCall, _ index: Int) throws -> [(name: String, ingredients: [String: Int], place: String)] {
        let here = StockModule.callerPlace(call.stack)
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
            _ = try OptionTable(entry, context: "recipes: entry \(i + 1) ('\(name)')", accepted: ["name", "ingredients", "where"],
                                reporter: .throwing { LuaRaise("\(place): \($0)") })
            lua.stack.push(LuaValue.table(entry["ingredients"]?.tableValue ?? LuaTable()))
            defer { lua.stack.pop() }
            let ingredients = try StockModule.validatedIngredients(LuaCall(stack: lua.stack), Int(lua.stack.top), recipe: name, where: place)
            out.append((name, ingredients, place))
        }
        return out
    }

    /// Validates every recipe (known fruits, no duplicate names), then registers them all: nothing partially loaded.
    func register(_ book: [(name: String, ingredients: [String: Int], place: String)]) throws {
        let known = Set(simulation.stock.recipes.map(\.recipe.name))
        let total = known.union(book.map(\.name)).count
        guard total <= ScriptLimits.recipes else {
            throw ScriptingError.invalidScenario("recipes: \(total) recipes; a stock has at most \(ScriptLimits.recipes)")
        }
        var seen: [String: String] = [:]
        var recipes: [Recipe] = []
        for (name, ingredients, place) in book {
            if let first = seen[name] {
                throw LuaRaise("\(place): duplicate recipe '\(name)' (first at \(first))")
            }
            seen[name] = place
            for fruit in ingredients.keys.sorted() where simulation.stock.item(named: fruit) == nil {
                let names = simulation.stock.items.map(\.name)
                throw LuaRaise("\(place): recipe '\(name)': " + UnknownName.message("fruit", fruit, among: names, label: "fruits"))
            }
            do {
                let recipe = try Recipe(name: name, ingredients: ingredients)
                try simulation.stock.checkFits(recipe)  // here, before any recipe of the book is registered
                recipes.append(recipe)
            } catch { throw LuaRaise("\(place): \(error)") }
        }
        for (recipe, entry) in zip(recipes, book) {
            try simulation.register(recipe)
            recipeWhere[recipe.name] = entry.place
            if case .reloading = world.assembly { reloadNews.registered.insert(recipe.name) }
        }
        sync()
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
        let spec = try world.options(call, 2, "makers", accepted: ["count", "prep", "name"])
        let recipes = simulation.stock.recipes.map(\.recipe.name)
        guard !recipes.isEmpty else { throw ScriptingError.invalidScenario("makers: no recipes yet — add them first with stock:recipes(…)") }
        var prep: [String: Distribution] = [:]
        let stack = call.stack
        let type = stack.getField("prep", in: 2)
        defer { stack.pop() }
        if type == .table, stack.object(at: -1, as: DistributionBinding.luaClass) == nil {
            let table = stack.top
            // Keys are juice names (and `default`): a misspelt juice would silently get the default.
            _ = try OptionTable(stack.value(at: table, depth: 1).tableValue ?? LuaTable(), context: "makers: 'prep'",
                                accepted: recipes + ["default"], reporter: world.reporter(call))
            let fallback = try DistributionBinding.field("default", of: call, table: table, context: "makers: 'prep'")
            for name in recipes {
                prep[name] = try DistributionBinding.field(name, of: call, table: table, context: "makers: 'prep'") ?? fallback
                guard prep[name] != nil else { throw ScriptingError.invalidScenario("makers: no prep time for '\(name)' (give prep[\"\(name)\"] or prep.default)") }
            }
        } else {
            let all = try DistributionBinding.field("prep", of: call, table: 2, context: "makers") ?? .fixed(0)
            for name in recipes { prep[name] = all }
        }
        let count = try spec.integer("count", in: 1...ScriptLimits.tellers) ?? 1
        return try world.declareMakers(count, prep: prep, recipes: recipes, name: try spec.string("name") ?? "makers", in: self)
    }

    /// Adds the makers on a first load (World+Reload.swift): one task per recipe, one pool serving them all.
    func addMakers(_ count: Int, prep: [String: Distribution], recipes: [String], name poolName: String) throws -> String {
        guard service == nil else { throw ScriptingError.invalidScenario("makers: already set up (call stock:makers once)") }
        try world.checkRoomForTellers(count, key: "count", context: "makers")
        guard simulation.tasks.count + recipes.count <= ScriptLimits.tasks else {
            throw ScriptingError.invalidScenario(
                "makers: \(recipes.count) juices would make \(simulation.tasks.count + recipes.count) tasks; a counter has at most \(ScriptLimits.tasks)")
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
        world.makersAdded()
        return simulation.pool(pool).name
    }
}

extension StockBinding {
    /// A reload starts new rule and hook sets: the scripts install them again (World+Reload.swift). The old
    /// ones stay alive in the reload's snapshot, put back whole if the reload fails.
    func replaceRulesAndHooks() {
        rules = []
        hooks = [:]
        reloadNews = RecipeReloadNews()
    }
}

extension StockBinding {
    /// The level of `stock:rule(fn, { below = level })` in the options table at `index`; `.infinity` without one.
    static func watchLevel(_ call: LuaCall, _ index: Int, world: World) throws -> Double {
        if call.isNil(index) { return .infinity }
        let options = try world.options(call, index, "rule", accepted: ["below"])
        guard let value = options["below"], value.typeName == "number", let level = value.doubleValue, !level.isNaN else {
            throw ScriptingError.invalidScenario(options.mismatch("below", expected: "a number", options["below"] ?? .nil))
        }
        return level
    }
}

extension StockBinding {
    /// Refuses a change that would take an item's units on hand (plus those on order) past
    /// ``ScriptLimits/count``: sums stay exact and no count can overflow. (Below 0 is the core's to refuse.)
    func checkRoom(_ item: Int, adding units: Int) throws {
        guard units > 0 else { return }
        let held = count(item) + simulation.pendingUnits(item: item)
        guard held <= ScriptLimits.count - units else {
            let name = simulation.stock.items[item].name
            throw ScriptingError.invalidScenario(
                "stock: '\(name)' would hold more than \(ScriptLimits.count) units with those on order (has \(held), adding \(units))")
        }
    }
}
