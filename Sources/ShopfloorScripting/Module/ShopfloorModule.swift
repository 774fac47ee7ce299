import LuaKit
import ShopfloorCore

/// The `shopfloor` Lua module: what scenarios, plugins and the REPL build worlds with.
/// Every function is documented, with an example, in `docs/lua-api.md`.
enum ShopfloorModule {
    static func install(in world: World) {
        let lua = world.lua
        let stack = lua.stack
        DistributionBinding.define(in: lua, world: world)
        RandomBinding.define(in: lua)
        LineBinding.define(in: lua)

        stack.pushTable(record: 32)
        let module = stack.top
        for (name, body) in DistributionBinding.constructors(world: world).sorted(by: { $0.key < $1.key }) {
            lua.setFunction(name, in: module, body)
        }
        world.host.installParameterFunctions(in: module)
        lua.setFunction("counter", in: module, takes: 1, naming: "shopfloor.counter") { [unowned world] call in
            // shopfloor.counter "reception", shopfloor.counter "tellers": one station each (World+Stations.swift)
            world.pushCounter(station: try world.station(forCounter: try call.optionalName(1)))
            return 1
        }
        lua.setFunction("rng", in: module, takes: 1) { [unowned world] call in
            call.stack.push(object: world.stream(named: try call.name(1)), as: RandomBinding.luaClass)
            return 1
        }
        // shopfloor.stop { served = N } | { time = T } | { orders = N } (the makers' orders, World+Stock.swift)
        lua.setFunction("stop", in: module, takes: 1) { [unowned world] call in
            let spec = try world.options(call, 1, "stop", accepted: ["served", "time", "orders"])
            let given = ["orders", "served", "time"].filter { spec[$0] != nil }
            guard given.count == 1 else {
                let extra = given.isEmpty ? "" : ", not " + given.map { "'\($0)'" }.joined(separator: " and ")
                throw ScriptingError.invalidScenario("stop: expected one of { served = N }, { time = T } or { orders = N }\(extra)")
            }
            if let n = try spec.integer("served", in: 1...ScriptLimits.count) {
                world.setStopRule(.served(n))
            } else if let t = try spec.number("time", in: 0...Double.greatestFiniteMagnitude) {
                world.setStopRule(.time(t))
            } else if let n = try spec.integer("orders", in: 1...ScriptLimits.count) {
                world.setStopAfterOrders(n)
            }
            return 0
        }
        lua.setFunction("summary", in: module, takes: 1) { [unowned world] call in
            // shopfloor.summary(false): a console scenario's own output is the whole output.
            guard call.stack.type(at: 1) == .boolean else { throw call.typeError(1, expected: "boolean") }
            world.summarized = call.bool(1)
            return 0
        }
        lua.setFunction("now", in: module, takes: 0) { [unowned world] call in call.returning(world.simulation.now) }
        lua.setFunction("on", in: module, takes: 2) { [unowned world] call in
            try world.addEventHook(event: try call.name(1), functionAt: 2, station: nil, call: call)
            return 0
        }
        TimeModule.install(in: world, module: module)
        world.host.installPluginFunctions(in: module)
        world.installViewFunctions(in: module)
        world.host.installSeed(in: module)
        StockModule.install(in: world, module: module)
        lua.setGlobal("shopfloor")
        // The board opens its database on first use, so a scenario that never touches it pays nothing.
        BoardModule.install(in: world)
    }
}

extension World {
    /// `shopfloor.stop { served = N }` / `{ time = T }`. A scenario has one stop rule, the last one
    /// given, whatever its key: this one replaces an `orders` rule too (which `Scenario.run` would
    /// otherwise obey first, silently ignoring this one).
    func setStopRule(_ rule: StopRule) {
        stopRule = rule
        stock?.stopAfterOrders = nil
    }
}

extension Parameter {
    /// The keys of a parameter's table spec.
    static let specKeys = ["default", "type", "min", "max", "choices", "description"]

    /// A parameter from a Lua spec: a default value, or a table with `default` and options
    /// (keys checked: a misspelt `mn = 1` would silently leave the parameter unbounded).
    init(name: String, spec: LuaValue, owner: String, reporter: ProblemReporter = .throwing()) throws {
        var defaultValue = spec
        var description = ""
        var typeName: String?
        var minimum: Double?, maximum: Double?
        var choices: [String]?
        if case .table(let t) = spec {
            let options = try OptionTable(t, context: "parameter '\(name)'", accepted: Self.specKeys, reporter: reporter)
            guard let d = t["default"] else {
                throw ScriptingError.invalidScenario("parameter '\(name)': a table spec needs 'default'")
            }
            defaultValue = d
            description = try options.string("description") ?? ""
            typeName = try options.string("type")
            let finite = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
            minimum = try options.number("min", in: finite)
            maximum = try options.number("max", in: finite)
            if let list = t["choices"] {
                guard let items = list.tableValue, items.isSequence, items.array.allSatisfy({ $0.stringValue != nil }) else {
                    throw ScriptingError.invalidScenario(options.mismatch("choices", expected: "a list of strings", list))
                }
                choices = items.array.compactMap(\.stringValue)
            }
        }
        let kind: Kind
        switch (typeName, defaultValue) {
        case ("integer", _), (nil, .integer): kind = .integer
        case ("number", _), (nil, .number): kind = .number
        case ("string", _), (nil, .string): kind = .string
        case ("boolean", _), (nil, .boolean): kind = .boolean
        default:
            throw ScriptingError.invalidScenario("parameter '\(name)': type must be number, integer, string or boolean, got \(typeName ?? defaultValue.typeName)")
        }
        // A declared "number" keeps integers as floats only if the default was one.
        if kind == .integer, defaultValue.intValue == nil {
            throw ScriptingError.invalidScenario("parameter '\(name)': default must be an integer, got \(defaultValue)")
        }
        if kind == .integer, let i = defaultValue.intValue { defaultValue = .integer(i) }
        self.init(name: name, kind: kind, defaultValue: defaultValue, description: description,
                  minimum: minimum, maximum: maximum, choices: choices, owner: owner)
        try check(defaultValue, as: defaultValue.description)
    }
}
