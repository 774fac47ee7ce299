import CLua
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
        lua.setFunction("params", in: module) { [unowned world] call in
            let spec = try call.table(1)
            let values = try world.noteCommandLineErrors { try world.declareParameters(spec, owner: world.scenario ?? "the scenario") }
            return call.returning(LuaValue.table(values))
        }
        lua.setFunction("counter", in: module) { [unowned world] call in
            let name = try call.optionalString(1) ?? "counter"
            if world.counterName == nil { world.counterName = name }
            world.pushCounter()
            return 1
        }
        lua.setFunction("rng", in: module) { [unowned world] call in
            call.stack.push(object: world.stream(named: try call.string(1)), as: RandomBinding.luaClass)
            return 1
        }
        lua.setFunction("stop", in: module) { [unowned world] call in
            let spec = try call.table(1)
            if let served = spec["served"] {
                guard let n = served.intValue, n >= 1 else {
                    throw ScriptingError.invalidScenario("stop: 'served' must be an integer >= 1, got \(served)")
                }
                world.setStopRule(.served(n))
            } else if let time = spec["time"] {
                guard let t = time.doubleValue, t >= 0, t.isFinite else {
                    throw ScriptingError.invalidScenario("stop: 'time' must be a number of seconds >= 0, got \(time)")
                }
                world.setStopRule(.time(t))
            } else {
                throw ScriptingError.invalidScenario("stop: expected { served = N } or { time = T }")
            }
            return 0
        }
        lua.setFunction("now", in: module) { [unowned world] call in call.returning(world.simulation.now) }
        lua.setFunction("on", in: module) { [unowned world] call in
            try world.addEventHook(event: try call.string(1), functionAt: 2, call: call)
            return 0
        }
        lua.setFunction("read_line", in: module) { [unowned world] call in
            let prompt = try call.optionalString(1)
            if let line = world.input(prompt) { return call.returning(line) }
            call.stack.pushNil()
            return 1
        }
        lua.setFunction("plugin", in: module) { [unowned world] call in
            try world.registerPlugin(try call.table(1), call: call)
            return 0
        }
        lua.setFunction("use", in: module) { [unowned world] call in
            try world.noteCommandLineErrors { try world.use(call) }
        }
        world.installViewFunctions(in: module)
        stack.push(world.seed)
        stack.setField("seed", in: module)
        StockModule.install(in: world, module: module)
        lua.setGlobal("shopfloor")
        // The board opens its database on first use, so a scenario that never touches it pays nothing.
        BoardModule.install(in: world)
    }
}

extension World {
    func setStopRule(_ rule: StopRule) {
        if let stage = staging {
            stage.actions.append { [unowned self] in stopRule = rule }
        } else {
            stopRule = rule
        }
    }

    /// Runs `body`, remembering a command-line error (bad `--set`/`--use`) it throws.
    func noteCommandLineErrors<R>(_ body: () throws -> R) throws -> R {
        do {
            return try body()
        } catch let error as ScriptingError {
            switch error {
            case .badParameter, .unknownPlugin: commandLineError = error
            default: break
            }
            throw error
        }
    }

    /// Declares the parameters in a spec table (`{ name = default }` or `{ name = { default =, type =,
    /// min =, max =, choices =, description = } }`) and returns the values in force.
    func declareParameters(_ spec: LuaTable, owner: String) throws -> LuaTable {
        var out = LuaTable()
        for (key, value) in spec.sortedEntries {
            guard case .string(let name) = key else {
                throw ScriptingError.invalidScenario("params: names must be strings, got \(key)")
            }
            let parameter = try Parameter(name: name, spec: value, owner: owner)
            out.entries[key] = try parameters.declare(parameter)
        }
        return out
    }

    /// Adds `fn` (at stack index `index`) as a listener of `event`.
    func addEventHook(event: String, functionAt index: Int, call: LuaCall) throws {
        try call.checkFunction(index)
        let kinds = ["arrive", "start", "finish", "balk", "renege", "close"]
        guard kinds.contains(event) else {
            var message = "unknown event '\(event)' (events: \(kinds.joined(separator: ", "))"
            if let guess = didYouMean(event, in: kinds) { message += "; did you mean '\(guess)'?" }
            throw ScriptingError.invalidScenario(message + ")")
        }
        call.stack.pushCopy(of: Int32(index))
        if let stage = staging {
            let r = stagedRef(stage)
            if event == "close" { stage.close.append(r) } else { stage.events[CounterEventKind(rawValue: event)!, default: []].append(r) }
            return
        }
        let r = ref()
        if event == "close" {
            hooks.close.append(r)
        } else {
            hooks.events[CounterEventKind(rawValue: event)!, default: []].append(r)
        }
        installObservers()
    }
}

extension Parameter {
    /// A parameter from a Lua spec: a default value, or a table with `default` and options.
    init(name: String, spec: LuaValue, owner: String) throws {
        var defaultValue = spec
        var description = ""
        var typeName: String?
        var minimum: Double?, maximum: Double?
        var choices: [String]?
        if case .table(let t) = spec {
            guard let d = t["default"] else {
                throw ScriptingError.invalidScenario("parameter '\(name)': a table spec needs 'default'")
            }
            defaultValue = d
            description = t["description"]?.stringValue ?? ""
            typeName = t["type"]?.stringValue
            minimum = t["min"]?.doubleValue
            maximum = t["max"]?.doubleValue
            if let list = t["choices"]?.tableValue {
                choices = list.array.compactMap(\.stringValue)
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
