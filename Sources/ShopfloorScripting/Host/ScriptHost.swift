import Foundation
import LuaKit
import ShopfloorText

/// One Lua state with what every script needs and nothing of counters: the run's parameters
/// (`shopfloor.params`), its plugins (`shopfloor.plugin`, `shopfloor.use`), its I/O (`print`, warnings,
/// `shopfloor.read_line`) and the seed. A ``World`` composes one with a simulation and the bindings of
/// its counter and stock; a board rule (``BoardRuleHost``) and `shopfloor plugins` (``PluginListing``)
/// use one alone.
///
/// ```swift
/// let host = try ScriptHost(plugins: PluginRegistry(overrides: [.boardRule: "wip_limit"]))
/// host.installModule()                          // the `shopfloor` table with params, plugin, use, read_line
/// try host.loadPlugins(from: ["scripts/plugins"])
/// ```
///
/// Instantiable once per thread: it keeps no process-wide state (one state, one registry, one
/// parameter set per host).
public final class ScriptHost {
    public let lua: LuaState
    public let parameters: ParameterSet
    public let plugins: PluginRegistry
    /// The run seed (`--seed`).
    public let seed: Int
    /// The scenario file, as the user gave it (nil when none): parameters declared by the main chunk belong to it.
    public internal(set) var scenario: String?
    /// Where script output (`print`) goes.
    public var output: (String) -> Void {
        get { lua.output }
        set { lua.output = newValue }
    }
    /// Where load-time warnings go (`file:line: warning: …`, one line each): standard error unless replaced,
    /// with control characters made visible (`\u{1B}`), as `error:` lines are: a warning names the script's
    /// file, and that name must not clear the screen or retitle the window.
    public var warning: (String) -> Void = { message in
        FileHandle.standardError.write(Data((ControlCharacters.escaped(message, keepingLineBreaks: false) + "\n").utf8))
    }
    /// Where `shopfloor.read_line` reads from (nil at end of input). It shows the prompt first;
    /// the CLI replaces it to flush its buffered output before waiting.
    public lazy var input: (String?) -> String? = { [unowned self] prompt in
        if let prompt { self.output(prompt) }
        return readLine(strippingNewline: true)
    }
    /// The plugin file being loaded (plugins may only register while their file loads).
    var loadingPluginFile: String?
    /// Whether this load pass has read the board's rules file for a scenario (ScriptHost+BoardRules.swift).
    var boardRulesLoaded = false
    /// The plugin used for each kind so far (reports, `:plugins`).
    public internal(set) var chosenPlugins: [PluginKind: String] = [:]
    /// A `--set` or `--use` problem met while a script loaded: reported as is (it is the command
    /// line's fault, not the script's line), instead of the Lua error it unwound as.
    var commandLineError: ScriptingError?

    public init(seed: Int = 1, options: LuaState.Options = .init(), parameters: ParameterSet = ParameterSet(),
                plugins: PluginRegistry = PluginRegistry()) throws {
        var options = options
        options.seed = seed
        self.seed = seed
        self.lua = try LuaState(options: options)
        self.parameters = parameters
        self.plugins = plugins
    }

    /// Makes the global `shopfloor` table with the host's own functions only (a board rule's or a
    /// plugin listing's state; a ``World`` builds the whole module instead).
    public func installModule() {
        let stack = lua.stack
        stack.pushTable(record: 8)
        let module = stack.top
        installParameterFunctions(in: module)
        installPluginFunctions(in: module)
        installSeed(in: module)
        lua.setGlobal("shopfloor")
    }

    /// `shopfloor.seed` in the module table at `module`.
    func installSeed(in module: Int32) {
        lua.stack.push(seed)
        lua.stack.setField("seed", in: module)
    }

    /// `shopfloor.params { … }` in the module table at `module`.
    func installParameterFunctions(in module: Int32) {
        lua.setFunction("params", in: module, takes: 1) { [unowned self] call in
            let spec = try call.table(1)
            let reporter = reporter(call)
            let values = try noteCommandLineErrors {
                try declareParameters(spec, owner: scenario ?? "the scenario", reporter: reporter)
            }
            return call.returning(LuaValue.table(values))
        }
    }

    /// `shopfloor.read_line`, `shopfloor.plugin` and `shopfloor.use` in the module table at `module`.
    func installPluginFunctions(in module: Int32) {
        lua.setFunction("read_line", in: module, takes: 1) { [unowned self] call in
            let prompt = try call.optionalString(1)
            if let line = input(prompt) { return call.returning(line) }
            call.stack.pushNil()
            return 1
        }
        lua.setFunction("plugin", in: module, takes: 1) { [unowned self] call in
            try registerPlugin(try call.table(1), call: call)
            return 0
        }
        // Any number: the arguments after the default name go to the plugin's build function.
        lua.setFunction("use", in: module, .variadic { [unowned self] call in
            try use(call)
        })
    }

    /// Runs `file` as a plugin file (one that may register plugins), such as `scripts/board_rules.lua`.
    /// An error is one line, `file:line: message`, without the traceback: it is raised by the file's main
    /// chunk (or by `shopfloor.plugin` called there), so the line says all a traceback would (as board
    /// rules do: ``LuaError/located``).
    public func loadPluginFile(_ file: String) throws {
        loadingPluginFile = file
        defer { loadingPluginFile = nil }
        do {
            _ = try lua.run(file: file)
        } catch let error as LuaError {
            throw LuaError(kind: error.kind, message: error.located)
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
    func declareParameters(_ spec: LuaTable, owner: String, reporter: ProblemReporter) throws -> LuaTable {
        var out = LuaTable()
        for (key, value) in spec.sortedEntries {
            guard case .string(let name) = key else {
                throw ScriptingError.invalidScenario("params: names must be strings, got [\(key)]")
            }
            let parameter = try Parameter(name: name, spec: value, owner: owner, reporter: reporter)
            out.entries[key] = try parameters.declare(parameter)
        }
        return out
    }

    /// The option table at argument `index` of `call`, every key checked against `accepted`
    /// (see ``OptionTable``): `context` names the function in messages (`task`, `stock:item`).
    func options(_ call: LuaCall, _ index: Int, _ context: String, accepted: [String]) throws -> OptionTable {
        try OptionTable(try call.table(index), context: context, accepted: accepted, reporter: reporter(call))
    }

    /// Where problems with the arguments of the running call go: thrown, or — while `shopfloor check`
    /// loads the scenario — noted with the calling script line (`file:line`), so every one is listed.
    func reporter(_ call: LuaCall) -> ProblemReporter {
        guard parameters.collectsProblems else { return .throwing() }
        let place = call.stack.callerPlace() ?? "?"
        return ProblemReporter(note: { [unowned self] in parameters.note($0) }, place: place == "?" ? nil : place)
    }
}
