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
    public let lua: LuaState
    // Performance: no runtime exclusivity check per read (the per-order path reads it; juice-bar benchmark).
    @exclusivity(unchecked) public private(set) var simulation: Simulation
    public let parameters: ParameterSet
    public let plugins: PluginRegistry
    /// The run seed (`--seed`).
    public let seed: Int
    /// The scenario file, as the user gave it (nil for an empty world).
    public internal(set) var scenario: String?
    /// The counter's display name (`shopfloor.counter "bank"`).
    public internal(set) var counterName: String?
    /// When `shopfloor run` stops: set by `shopfloor.stop{…}` or `--until`.
    public var stopRule: StopRule = .idle
    /// Set when the script ran the simulation itself (a console scenario): `run` then adds no run of its own.
    public internal(set) var ranByScript = false
    /// False after `shopfloor.summary(false)` (a console scenario: its own output is the whole
    /// output): `run` neither runs the world on after the main chunk nor prints a summary table.
    public internal(set) var summarized = true
    /// Where scenario output (`print`) goes.
    public var output: (String) -> Void {
        get { lua.output }
        set { lua.output = newValue }
    }
    /// Where load-time warnings go (`file:line: warning: …`, one line each): standard error unless replaced.
    public var warning: (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
    /// Where `shopfloor.read_line` reads from (nil at end of input). It shows the prompt first;
    /// the CLI replaces it to flush its buffered output before waiting.
    public lazy var input: (String?) -> String? = { [unowned self] prompt in
        if let prompt { self.output(prompt) }
        return readLine(strippingNewline: true)
    }
    /// Receives every counter event (trace files, live views).
    // Performance: unchecked — read per event (scripts/bench/hooks); never held across a call into Lua.
    @exclusivity(unchecked) public var eventSinks: [(CounterEvent, World) throws -> Void] = [] { didSet { installObservers() } }

    var streams: [String: RandomStreamBox] = [:]
    // Performance: unchecked — the generator reads its slot here per arrival (juice-bar benchmark); the world
    // is not Sendable and no access to it is held across a call into Lua.
    @exclusivity(unchecked) var hooks = HookRefs()
    /// Registry refs of the task names as Lua strings, and their interned addresses (a returned
    /// task name is matched by address first: short strings are interned in Lua).
    var taskNameRefs: [Int32] = []
    var taskNameAddresses: [UnsafeRawPointer] = []
    var tellerTableRefs: [Int32] = []
    var linesTableRef: Int32 = 0
    var linesInTable = 0
    /// The handle event hooks receive as their customer (CustomerHandle.swift); made with the first such hook.
    // Performance: unchecked — read per event (scripts/bench/hooks).
    @exclusivity(unchecked) var customerHandle: CustomerHandle?
    var counterRef: Int32 = 0
    /// The plugin file being loaded (plugins may only register while their file loads).
    var loadingPluginFile: String?
    /// The plugin used for each kind so far (reports, `:plugins`).
    public internal(set) var chosenPlugins: [PluginKind: String] = [:]
    /// A `--set` or `--use` problem met while the scenario loaded: reported as is (it is the
    /// command line's fault, not the script's line), instead of the Lua error it unwound as.
    var commandLineError: ScriptingError?
    /// The scenario's live-view function and key bindings (World+View.swift).
    var viewRef: Int32 = 0
    var keyBindings: [ViewKey] = []
    /// Set while a reload re-runs the scripts (see World+Staging.swift).
    var staging: Staging?
    /// Built-in Poisson arrivals never end: such a scenario needs a stop rule or `--until`.
    public internal(set) var hasOpenEndedArrivals = false
    var tellerArgumentRef: Int32 = 0
    /// While a transaction runs: registry slots released meanwhile, freed only when it ends, so a
    /// rollback can put back hooks that still use them (World+Transaction.swift).
    var deferredReleases: Set<Int32>?
    /// Bumped when a rollback takes tasks or tellers away: hook calls that see a new value rebuild their
    /// argument tables before their next call (`HookCall.syncEpoch`).
    // Performance: a counter instead of weak references to the hook calls; a weak reference gives the call a
    // side table, and every retain of the policy closure (its context is the call) then took the slow path
    // (~11 % of bank-open policies=lua, scripts/bench/bank-open).
    @exclusivity(unchecked) var tablesEpoch = 0

    public init(seed: Int = 1, options: LuaState.Options = .init(), parameters: ParameterSet = ParameterSet(),
                plugins: PluginRegistry = PluginRegistry()) throws {
        var options = options
        options.seed = seed
        self.seed = seed
        self.lua = try LuaState(options: options)
        self.simulation = Simulation(seed: UInt64(bitPattern: Int64(seed)))
        // Built closed: customers added while the scenario loads wait until the run opens the
        // counter, after every hook is installed.
        try simulation.close()
        self.parameters = parameters
        self.plugins = plugins
        ShopfloorModule.install(in: self)
        simulation.hookOrigin = { [unowned self] hook in origin(of: hook) }
    }

    /// The named random stream (one object per name, so draws continue where they left off).
    func stream(named name: String) -> RandomStreamBox {
        if let s = streams[name] { return s }
        let s = RandomStreamBox(name: name, generator: simulation.streams.stream("lua:" + name))
        streams[name] = s
        return s
    }

    /// Pops the value on top into the registry and returns its slot.
    func ref() -> Int32 { lua.stack.reference() }
    func unref(_ r: Int32) {
        guard r > 0 else { return }
        if deferredReleases != nil { deferredReleases!.insert(r); return }
        lua.stack.release(reference: r)
    }
    func push(ref r: Int32) { lua.stack.push(reference: r) }

    /// Pushes a task's name (interned once per task).
    func pushTaskName(_ task: Int) {
        syncTaskNames()
        push(ref: taskNameRefs[task])
    }

    func syncTaskNames() {
        while taskNameRefs.count < simulation.tasks.count {
            let name = simulation.tasks[taskNameRefs.count].name
            lua.stack.push(name)
            taskNameAddresses.append(lua.stack.address(at: -1)!)
            taskNameRefs.append(ref())
        }
    }

    /// The task index named by the string at `index`, or nil.
    func task(at index: Int32) -> Int? {
        syncTaskNames()
        if let p = lua.stack.address(at: index), let i = taskNameAddresses.firstIndex(of: p) { return i }
        guard let name = lua.stack.string(at: index) else { return nil }
        return simulation.taskIndex(named: name)
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

/// Registry slots of the Lua functions a scenario installed.
struct HookRefs {
    var generator: Int32 = 0
    /// The generator's batch size (`counter:generate(fn, { batch = n })`); 0 = one call per arrival.
    var generatorBatch = 0
    var policy: Int32 = 0
    var serviceTime: Int32 = 0
    var events = EventHookLists()
    var close: [Int32] = []
}

/// The event hooks' registry slots by event kind, in a plain array: the per-event dispatch is an index,
/// not a dictionary lookup (scripts/bench/hooks).
struct EventHookLists {
    private var lists: [[Int32]] = [[], [], [], [], []]

    @inline(__always)
    static func index(_ kind: CounterEventKind) -> Int {
        switch kind {
        case .arrive: 0
        case .start: 1
        case .finish: 2
        case .balk: 3
        case .renege: 4
        }
    }

    /// The hooks of `kind`, in the order they were added.
    subscript(kind: CounterEventKind) -> [Int32] {
        @inline(__always) get { lists[Self.index(kind)] }
        set { lists[Self.index(kind)] = newValue }
    }

    /// The only hook of `kind` when it has exactly one, else nil (read without holding the list).
    // Performance: the light observers' single-hook path takes no retain of the lists (scripts/bench/hooks).
    @inline(__always)
    func only(of kind: CounterEventKind) -> Int32? {
        let i = Self.index(kind)
        return lists[i].count == 1 ? lists[i][0] : nil
    }

    /// Every kind's list.
    var values: [[Int32]] { lists }

    /// Runs `body` with the hooks of `kind`. A hook may add hooks while `body` runs: several hooks are
    /// passed as a copy of the list (kept alive until `body` returns), a single one as a value.
    // Performance: the single-hook case takes no retain of the list per event (scripts/bench/hooks).
    @inline(__always)
    func withRefs<T>(of kind: CounterEventKind, _ body: (UnsafeBufferPointer<Int32>) throws -> T) rethrows -> T {
        let i = Self.index(kind)
        switch lists[i].count {
        case 0: return try body(UnsafeBufferPointer(start: nil, count: 0))
        case 1:
            let only = lists[i][0]
            return try withUnsafePointer(to: only) { try body(UnsafeBufferPointer(start: $0, count: 1)) }
        default:
            let copy = lists[i]
            return try copy.withUnsafeBufferPointer(body)
        }
    }
}
