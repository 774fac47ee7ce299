import Foundation
import LuaKit

extension ScriptHost {
    /// Loads every plugin file in `folders` (each folder's `*.lua`, sorted). A file registers its
    /// plugins with `shopfloor.plugin{…}` while it loads.
    public func loadPlugins(from folders: [String]) throws {
        boardRulesLoaded = false  // a new load pass (a reload too) reads the board's rules afresh when used
        for file in PluginRegistry.files(in: folders) { try loadPluginFile(file) }
    }

    /// Loads every plugin file in `folders` as ``loadPlugins(from:)`` does, but goes on past a file that
    /// fails: its one-line error (`DIR/worse.lua:1: at load`) is returned, in load order, and the
    /// plugins the other files register stay (`shopfloor plugins` lists them, then names the broken files).
    public func loadPluginsReportingFailures(from folders: [String]) -> [LuaError] {
        boardRulesLoaded = false
        var failures: [LuaError] = []
        for file in PluginRegistry.files(in: folders) {
            do {
                try loadPluginFile(file)
            } catch let error as LuaError {
                failures.append(error)
            } catch {
                failures.append(LuaError(kind: .runtime, message: "\(file): \(error)"))
            }
        }
        return failures
    }

    /// `shopfloor.plugin { kind =, name =, description =, params =, build = }`.
    func registerPlugin(_ table: LuaTable, call: LuaCall) throws {
        let reporter = reporter(call)
        let spec = try OptionTable(table, context: "shopfloor.plugin", accepted: ["kind", "name", "description", "params", "build"],
                                   reporter: reporter)
        guard let file = loadingPluginFile else {
            // Met by whoever checks or runs a plugin file as a scenario (`shopfloor check
            // scripts/board_rules.lua`): say how such a file is loaded and checked instead.
            throw ScriptingError.invalidScenario("shopfloor.plugin: plugins are registered by files on the plugin path (scripts/plugins/, --plugins DIR) "
                + "or the board's rules file, not by a scenario: `shopfloor plugins` loads them and names any error")
        }
        guard let kindName = spec["kind"]?.stringValue else {
            throw ScriptingError.invalidScenario("shopfloor.plugin: 'kind' must be one of \(PluginKind.names.joined(separator: ", "))")
        }
        guard let kind = PluginKind(rawValue: kindName) else {
            throw ScriptingError.invalidScenario("shopfloor.plugin: " + UnknownName.message("kind", kindName, among: PluginKind.names, label: "kinds"))
        }
        guard let name = spec["name"]?.stringValue, !name.isEmpty else {
            throw ScriptingError.invalidScenario("shopfloor.plugin: 'name' must be a non-empty string")
        }
        var parameters: [Parameter] = []
        if let params = try spec.table("params") {
            for (key, value) in params.sortedEntries {
                guard case .string(let parameterName) = key else {
                    throw ScriptingError.invalidScenario("shopfloor.plugin '\(name)': parameter names must be strings, got [\(key)]")
                }
                parameters.append(try Parameter(name: parameterName, spec: value, owner: "plugin \(kind.rawValue)/\(name)", reporter: reporter))
            }
        }
        call.stack.getField("build", in: 1)
        guard call.stack.isFunction(at: -1) else {
            call.stack.pop()
            throw ScriptingError.invalidScenario("shopfloor.plugin '\(name)': 'build' must be a function(params, …)")
        }
        let build = LuaReference(popping: lua)
        let line = call.stack.callerLine() ?? 0
        plugins.register(Plugin(kind: kind, name: name, description: try spec.string("description") ?? "",
                                parameters: parameters, file: file, line: line), build: build)
    }

    /// `shopfloor.use(kind, default_name, …)`: the chosen plugin (`--use` wins over the default)
    /// declares its parameters and is built with them; `build(params, …)` gets the extra arguments.
    ///
    /// `call.stack` and `lua.stack` are one stack, also when a coroutine (a process) calls: host functions
    /// called from a coroutine run on the main thread (`sf_call_on_main` moves the arguments there and the
    /// results back), so the build function, its arguments and the results counted are all on it
    /// (PluginUseInCoroutineTests). Stack: [args] → [args, results].
    func use(_ call: LuaCall) throws -> Int {
        let kindName = try call.string(1)
        guard let kind = PluginKind(rawValue: kindName) else {
            throw ScriptingError.unknownPlugin(UnknownName.message("plugin kind", kindName, among: PluginKind.names, label: "kinds"))
        }
        if kind == .boardRule { try loadBoardRulesForScenario() }
        let fallback = try call.optionalString(2)
        // Only a `--use` choice is the command line's fault (reported as is); an unknown kind or default
        // name is the script's, named at its line.
        let plugin = plugins.overrides[kind] != nil
            ? try noteCommandLineErrors { try plugins.resolve(kind, default: fallback) }
            : try plugins.resolve(kind, default: fallback)
        chosenPlugins[kind] = plugin.name
        var values = LuaTable()
        for parameter in plugin.parameters {
            values.entries[.string(parameter.name)] = try noteCommandLineErrors { try parameters.declare(parameter) }
        }
        let extra = max(0, call.count - 2)
        let base = call.stack.top
        plugins.build(of: plugin).push()
        call.stack.push(LuaValue.table(values))
        for i in 0..<extra { call.stack.pushCopy(of: Int32(3 + i)) }
        try lua.protectedCall(arguments: Int32(1 + extra), results: LuaState.allResults)
        return Int(call.stack.top - base)
    }
}
