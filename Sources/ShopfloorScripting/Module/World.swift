import Foundation
import LuaKit
import ShopfloorCore

/// One living scenario: a Lua state with the `shopfloor` module, and the native simulation it
/// drives. The REPL, `run` and the live view each hold one.
///
/// The simulation owns what must never break (clock, lines, tellers, stock, statistics); the
/// world only translates: Lua functions become the core's hooks, the core's events become calls
/// to Lua functions. Lua never holds the world strongly (closures capture it `unowned`), so the
/// world, its state and its simulation go away together.
public final class World {
    /// The Lua state with the parameters, plugins and I/O (ScriptHost.swift); the world adds the counter.
    public let host: ScriptHost
    public var lua: LuaState { host.lua }
    // Performance: no runtime exclusivity check per read (the per-order path reads it; juice-bar benchmark).
    @exclusivity(unchecked) public private(set) var simulation: Simulation
    public var parameters: ParameterSet { host.parameters }
    public var plugins: PluginRegistry { host.plugins }
    /// The run seed (`--seed`).
    public var seed: Int { host.seed }
    /// The scenario file, as the user gave it (nil for an empty world).
    public internal(set) var scenario: String? {
        get { host.scenario }
        set { host.scenario = newValue }
    }
    /// The counter's display name (`shopfloor.counter "bank"`).
    public internal(set) var counterName: String?
    /// When `shopfloor run` stops: set by `shopfloor.stop{…}` or `--until`.
    public var stopRule: StopRule = .idle
    /// Set when the script ran the simulation itself (a console scenario): `run` then adds no run of its own.
    public internal(set) var ranByScript = false
    /// False after `shopfloor.summary(false)` (a console scenario: its own output is the whole
    /// output): `run` neither runs the world on after the main chunk nor prints a summary table.
    public internal(set) var summarized = true
    /// The command-line option that raises the events-per-instant limit (`--max-events-per-instant`, on every
    /// command that runs a world; ``ScenarioOptions/eventsPerInstantOption``): a zero-time loop's message names
    /// it with its value; nil (a world built by a Swift host) says which command can raise it.
    public var eventsPerInstantOption: String?
    /// Where scenario output (`print`) goes.
    public var output: (String) -> Void {
        get { host.output }
        set { host.output = newValue }
    }
    /// Where load-time warnings go (`file:line: warning: …`, one line each): standard error unless replaced.
    public var warning: (String) -> Void {
        get { host.warning }
        set { host.warning = newValue }
    }
    /// Where `shopfloor.read_line` reads from (nil at end of input). It shows the prompt first;
    /// the CLI replaces it to flush its buffered output before waiting.
    public var input: (String?) -> String? {
        get { host.input }
        set { host.input = newValue }
    }
    /// Receives every counter event (trace files, live views).
    // Performance: unchecked — read per event (scripts/bench/hooks); never held across a call into Lua.
    @exclusivity(unchecked) public var eventSinks: [(CounterEvent, World) throws -> Void] = [] { didSet { installObservers() } }

    var streams: [String: RandomStreamBox] = [:]
    // Performance: unchecked — the generator reads its slot here per arrival (juice-bar benchmark); the world
    // is not Sendable and no access to it is held across a call into Lua.
    @exclusivity(unchecked) var hooks = HookRefs()
    /// The Lua values describing tasks and tellers to hooks, made once and reused (CounterTables.swift).
    let tables: CounterTables
    /// The handle event hooks receive as their customer (CustomerHandle.swift); made with the first such hook.
    // Performance: unchecked — read per event (scripts/bench/hooks).
    @exclusivity(unchecked) var customerHandle: CustomerHandle?
    /// The counter objects (`shopfloor.counter`), one per station, made on first use (World+Stations.swift).
    var counters: [CounterBinding] = []
    /// The stock object (World+Stock.swift). Held here, not by Lua: it owns references into the state, and
    /// Lua holding it would make a cycle (Lua's stock object is a ``StockHandle`` onto it).
    var stockBinding: StockBinding!
    /// The plugin used for each kind so far (reports, `:plugins`).
    public internal(set) var chosenPlugins: [PluginKind: String] {
        get { host.chosenPlugins }
        set { host.chosenPlugins = newValue }
    }
    /// A `--set` or `--use` problem met while the scenario loaded (see ``ScriptHost``).
    var commandLineError: ScriptingError? { host.commandLineError }
    /// The scenario's live-view function and key bindings (Hooks/ViewHook.swift).
    var view = ViewBinding()
    /// Timers, processes and their handles (Time/).
    let time = TimeBinding()
    /// Whether the scripts' structural calls build the counter or, on a reload, check it (World+Reload.swift).
    var assembly = Assembly.building
    /// Built-in Poisson arrivals never end: such a scenario needs a stop rule or `--until`.
    public internal(set) var hasOpenEndedArrivals = false

    public init(seed: Int = 1, options: LuaState.Options = .init(), parameters: ParameterSet = ParameterSet(),
                plugins: PluginRegistry = PluginRegistry()) throws {
        self.host = try ScriptHost(seed: seed, options: options, parameters: parameters, plugins: plugins)
        self.tables = CounterTables(lua: host.lua)
        self.simulation = Simulation(seed: UInt64(bitPattern: Int64(seed)))
        // Built closed: customers added while the scenario loads wait until the run opens the
        // counter, after every hook is installed.
        try simulation.close()
        ShopfloorModule.install(in: self)
        simulation.hookOrigin = { [unowned self] hook in origin(of: hook) }
    }

    /// Loads every plugin file in `folders` (each folder's `*.lua`, sorted): see ``ScriptHost/loadPlugins(from:)``.
    public func loadPlugins(from folders: [String]) throws {
        try host.loadPlugins(from: folders)
    }

    /// The named random stream (one object per name, so draws continue where they left off).
    func stream(named name: String) -> RandomStreamBox {
        if let s = streams[name] { return s }
        let s = RandomStreamBox(name: name, generator: simulation.streams.stream("lua:" + name))
        streams[name] = s
        return s
    }

    /// Pushes a task's name (interned once per task).
    func pushTaskName(_ task: Int) {
        tables.pushTaskName(task, simulation)
    }

    /// The task index named by the string at `index`, or nil.
    func task(at index: Int32) -> Int? {
        if let i = tables.task(interned: index, simulation) { return i }
        guard let name = lua.stack.string(at: index) else { return nil }
        return simulation.taskIndex(named: name) ?? taskIndex(path: name)
    }

    /// Task index by name, or an error listing the tasks.
    func task(named name: String) throws -> Int {
        if let i = simulation.taskIndex(named: name) { return i }
        throw ScriptingError.invalidScenario(unknownTask(name))
    }

    /// `unknown task 'x' (tasks: deposit, loan; did you mean …?)`: a task name that names no task.
    func unknownTask(_ name: String) -> String {
        UnknownName.message("task", name, among: simulation.tasks.map(\.name), label: "tasks",
                            whenEmpty: "none yet — declare one with counter:task{…}")
    }

    /// Replaces the simulation with a fresh one (the REPL's `:reset` rebuilds the scenario instead).
    func replaceSimulation(_ simulation: Simulation) {
        self.simulation = simulation
    }
}

/// When `shopfloor run` stops the simulation.
public enum StopRule: Equatable, Sendable {
    /// When nobody is left and nothing is scheduled (the seed's day).
    case idle
    /// After the N-th service completion.
    case served(Int)
    /// At virtual time T.
    case time(Double)
}
