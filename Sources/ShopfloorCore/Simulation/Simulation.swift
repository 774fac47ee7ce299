/// A teller policy hook: teller `teller` is free and customers wait in lines it can serve; choose whom it takes
/// (or ``TellerChoice/stayIdle``). Called before anything changes, so a throw leaves the state untouched.
public typealias TellerPolicy = (_ teller: Int, _ simulation: Simulation) throws -> TellerChoice

/// A service-time hook: how long `teller` will take with `customer` (seconds, finite, ≥ 0).
/// Called before the customer leaves the line, so a throw leaves the state untouched.
public typealias ServiceTimeHook = (_ customer: Customer, _ teller: Int, _ simulation: Simulation) throws -> Double

/// Which lines an installed ``Simulation/tellerPolicy`` looks at, so the core can skip calls whose answer is known.
public enum TellerPolicyScope: Sendable, Equatable {
    /// Any line the teller can serve: the policy is asked whenever someone waits in one of them.
    case allSkills
    /// Only the teller's own (first) skill's line, and it stays idle when that line is empty: the policy is
    /// asked only when someone waits there (the `fifo` rule written as a policy).
    case ownSkill
}

/// What a free teller does when no ``Simulation/tellerPolicy`` closure is installed.
public enum BuiltinTellerRule: Sendable, Equatable {
    /// Tries its skills in the order listed and takes the longest-waiting customer of the first line with anyone.
    case skillsInOrder
    /// Serves only its own skill (the first it lists), longest-waiting first; stays idle otherwise (the seed's rule).
    case ownSkillOnly
}

/// A service counter simulation: the clock, waiting lines, tellers, arrivals, stock and statistics.
///
/// Pure Swift; policies are optional closures (the scripting layer installs Lua functions as them). With none
/// installed the built-in defaults run with no closure call at all: FIFO per line, each teller trying its skills
/// in order, service times from each task's ``Distribution``, Poisson arrivals.
///
/// ```swift
/// let sim = Simulation(seed: 42)
/// let deposit = try sim.addTask(TaskClass(name: "deposit", service: .exponential(mean: 0.7)))
/// let loan = try sim.addTask(TaskClass(name: "loan", service: .exponential(mean: 1.1)))
/// try sim.addTellers(2, skills: [deposit])
/// try sim.addTellers(1, skills: [loan])
/// try sim.addArrivals(.poisson(rate: 2, mix: TaskMix([(deposit, 2), (loan, 1)])))
/// try sim.startArrivals()
/// try sim.run(untilServed: 1_000)
/// print(sim.summary())
/// ```
///
/// ## Hooks that throw
/// Every hook is called at a point where a throw leaves the state consistent: decision hooks (teller policy,
/// service time, customer generator) run **before** the change they decide; observers run **after** the change
/// they report. The error propagates out of `step`/`run`/`arrive` (wrapped in ``CoreError/hookFailed(hook:underlying:)``
/// for hooks), and any follow-up the throw interrupted — a free teller taking the next customer, drawing the next
/// arrival — is redone at the start of the next `step`/`run`. No customer is lost or served twice.
///
/// Not thread-safe, not `Sendable`: one simulation per thread of work (one per Lua state).
public final class Simulation {
    /// The run seed.
    public let seed: UInt64
    /// Named random streams derived from `seed` (the scripting layer takes its own streams from here).
    public let streams: RandomStreams

    // The state a snapshot copies: three value groups by concern (each in its own file with its invariants) and
    // the class-held buffers below (listed in `buffers`). A field added to a group is copied with it; a stored
    // property added here must go into `Simulation.Snapshot` (Simulation+Snapshot.swift), into `buffers`, or into
    // the exclusion list of SnapshotCoverageTests with the reason — the test fails by name otherwise.

    // Performance: `@exclusivity(unchecked)` removes the runtime exclusivity check (a call per access) from the
    // hot state. Safe because the class is not Sendable and the core never holds an access across a hook call.
    // Measured with the bank-open benchmark (Tests/ShopfloorCoreTests/Support/BankOpenModel.swift), release build:
    // ~415 → ~305 ns per customer.
    /// Task classes, numbering, open or closed, the service and patience streams (``CounterState``).
    @exclusivity(unchecked) @usableFromInline var counter: CounterState
    /// Items, recipes and restock orders (``StockState``).
    @exclusivity(unchecked) @usableFromInline var stockState = StockState()
    /// The clock and event queue, interrupted work, customers served (``RunState``).
    @exclusivity(unchecked) @usableFromInline var runState = RunState()
    /// Stations, routes, blocked tellers, journey counts (``NetworkState``).
    @exclusivity(unchecked) @usableFromInline var network: NetworkState

    // The buffers, by concern. They stay flat `let`s of the class on purpose. Performance: held in a group (a
    // struct field, `var` or `let`, or a group class) the optimizer retains and releases a buffer around every
    // in-place write that makes a runtime call (a histogram's or a line's copy-on-write check): ~5 % more CPU on
    // bank-open and juice-bar (docs/performance.md, "#15"); a `let` of the class is borrowed for free.

    // The counter's: customers, lines, tellers and pools, arrival sources.
    let table = CustomerTable()
    let lineStore = UnsafeList<WaitingLine>()
    /// Each line's length in stable memory, mirrored after every change (see ``LineLengths``).
    let lineLengths = LineLengths()
    let poolStore = UnsafeList<TellerPool>()
    let tellerStates = UnsafeList<TellerState>()
    /// Flattened skills of all tellers (task indices) and the service distribution for each (teller, skill).
    let tellerSkills = UnsafeList<Int32>()
    let tellerService = UnsafeList<Distribution>()
    /// Flattened list of tellers able to serve each line, and each line's range in it.
    let lineTellers = UnsafeList<Int32>()
    let lineTellerRanges = UnsafeList<Range<Int>>()
    /// The same for the tellers whose own (first) skill is each line (``BuiltinTellerRule/ownSkillOnly``).
    let lineOwnTellers = UnsafeList<Int32>()
    let lineOwnTellerRanges = UnsafeList<Range<Int>>()
    /// Per task: whether it has a patience distribution (a flag, so the hot path never copies the optional).
    let taskHasPatience = UnsafeList<Bool>()
    let sources = UnsafeList<ArrivalSource>()
    /// Task mixes of all built-in sources, flattened (each source keeps its range): no array copies per draw.
    let mixTasks = UnsafeList<Int32>()
    let mixCumulative = UnsafeList<Double>()
    // The stock's: units ordered and not yet delivered, per item index (grown on demand; kept in step with
    // `stockState.restocks`). Performance: a stock rule gets `pending` per call; summing the orders each time
    // cost O(orders out) (juice-bar benchmark, scripts/bench/juice-bar).
    let pendingByItem = UnsafeList<Int>()
    // The run's: statistics per task since the last statistics reset.
    let statisticsStore = UnsafeList<TaskStatistics>()
    // The network's: each task's route, the probability routes' entries, end-to-end figures per exit task.
    let routeSteps = UnsafeList<RouteStep>()
    let routeChoices = UnsafeList<RouteChoice>()
    let journeyStatistics = UnsafeList<JourneyStatistics>()

    /// Every class-held buffer above: a snapshot copies their contents (SnapshotCoverageTests checks the list).
    static var buffers: [BufferField<Simulation>] {
        [BufferField(\.table), BufferField(\.lineStore), BufferField(\.lineLengths), BufferField(\.poolStore),
         BufferField(\.tellerStates), BufferField(\.tellerSkills), BufferField(\.tellerService),
         BufferField(\.lineTellers), BufferField(\.lineTellerRanges), BufferField(\.lineOwnTellers),
         BufferField(\.lineOwnTellerRanges), BufferField(\.taskHasPatience), BufferField(\.sources),
         BufferField(\.mixTasks), BufferField(\.mixCumulative), BufferField(\.pendingByItem),
         BufferField(\.statisticsStore), BufferField(\.routeSteps), BufferField(\.routeChoices),
         BufferField(\.journeyStatistics)]
    }

    /// The service whose rule is the installed teller policy (set by ``serveRecipes(_:)``, cleared when either
    /// hook is replaced): the counter then serves by the makers' rule, the fast form of the same steps.
    @exclusivity(unchecked) var makers: RecipeService? {
        didSet { updateServiceRule() }
    }
    /// The recipes' take, set by ``serveRecipes(_:)`` and kept whatever hooks come after: a service of a recipe
    /// task takes its recipe from stock first, all or nothing, whoever chooses the customer (the makers' rule, a
    /// policy) and whoever draws the time (the task's prep, a service-time hook). Before, a service-time hook or a
    /// second counter installed after the makers replaced the take: orders were served with no stock taken.
    @exclusivity(unchecked) public internal(set) var recipes: RecipeService? {
        didSet { updateServesDirectly() }
    }
    /// `serviceTime != nil || recipes != nil`: a service start must go through ``drawServiceTime(teller:slot:skillSlot:)``
    /// rather than draw the distribution inline.
    @exclusivity(unchecked) var drawsThroughHook = false
    /// The strategy `offer` runs for a free teller, derived from `makers`, ``tellerPolicy`` and
    /// ``builtinTellerRule`` by their setters (see ``ServiceRule``).
    @exclusivity(unchecked) var serviceRule = ServiceRule.builtin

    /// > 0 while a decision hook runs: the state must not change under it.
    @exclusivity(unchecked) var decisionDepth = 0
    /// True while the end-of-run observer runs (``endRun()``): the run is over and its summary taken.
    @exclusivity(unchecked) var reportingEnd = false
    /// Whether a run (`run`, `step`, …) is under way: an observer, hook or timer called now is called from inside it.
    @exclusivity(unchecked) public internal(set) var isRunning = false
    /// > 0 while `arrive`/`dispatchIdleTellers` or a dispatch outside a run (``recover()``: opening, adding tellers,
    /// starting arrivals) runs; a run or a reset started from an observer then is refused.
    @exclusivity(unchecked) var busyDepth = 0

    /// Whether debug builds run ``checkInvariants()`` after every event (O(customers in system) each time).
    /// Long statistical runs in tests turn it off; release builds never check.
    @exclusivity(unchecked) public var checksInvariantsAfterEachEvent = true

    /// Limits on running: events per instant, the horizon (`--until`), wall-clock time. Configuration, so
    /// not part of a snapshot; see ``RunLimits``.
    @exclusivity(unchecked) public var limits = RunLimits() {
        didSet { progressInstant = -.infinity }  // the horizon is compared when the clock moves: start afresh
    }
    /// The progress guard's count: the instant of the last event and how many events ran at it, and a tick
    /// that spaces out the wall-clock checks. Transient (not part of a snapshot).
    @exclusivity(unchecked) var progressInstant = -Double.infinity
    @exclusivity(unchecked) var eventsAtInstant = 0
    @exclusivity(unchecked) var progressTick: UInt32 = 0

    /// Customer, stock and timer observers. Installing none costs nothing.
    @exclusivity(unchecked) public var observers = CounterObservers() {
        didSet {
            observesCustomers = observers.observesCustomers
            watchesEvents = observers.onEventDone != nil
            updateAfterEventWork()
            updateServesDirectly()
        }
    }
    @exclusivity(unchecked) var observesCustomers = false
    /// `observers.onEventDone != nil`, as a plain flag.
    @exclusivity(unchecked) var watchesEvents = false
    /// `network.tracksJourneys || watchesEvents`: whether anything must run after each event (``afterEvent(_:)``).
    /// One flag, so a single-station run without watchers pays one test per event (bank-open). Kept by
    /// ``updateAfterEventWork()``; checked against its definition by the invariants.
    @exclusivity(unchecked) var afterEventWork = false
    /// Chooses whom a free teller takes; `nil` = the built-in ``builtinTellerRule``.
    /// Setting it (even to `nil`) puts ``builtinTellerRule`` back to ``BuiltinTellerRule/skillsInOrder``.
    @exclusivity(unchecked) public var tellerPolicy: TellerPolicy? {
        didSet {
            makers = nil
            builtinTellerRule = .skillsInOrder
            tellerPolicyScope = .allSkills
            updateServesDirectly()
            updateServiceRule()
        }
    }
    /// What the installed ``tellerPolicy`` promises to look at; set it after the policy (setting the policy
    /// puts it back to ``TellerPolicyScope/allSkills``).
    // Performance: with `.ownSkill` the core skips the ~40 % of calls whose answer would be nil
    // (bank-open policies=lua, scripts/bench/bank-open).
    @exclusivity(unchecked) public var tellerPolicyScope = TellerPolicyScope.allSkills {
        didSet { policyOwnSkillOnly = tellerPolicyScope == .ownSkill }
    }
    /// `tellerPolicyScope == .ownSkill`, as a plain flag for the hot path.
    @exclusivity(unchecked) var policyOwnSkillOnly = false
    /// What a free teller does when no ``tellerPolicy`` is installed (no closure call either way).
    @exclusivity(unchecked) public var builtinTellerRule = BuiltinTellerRule.skillsInOrder {
        didSet { ownSkillOnly = builtinTellerRule == .ownSkillOnly }
    }
    /// `builtinTellerRule == .ownSkillOnly`, as a plain flag for the hot path.
    @exclusivity(unchecked) var ownSkillOnly = false
    /// No policy, service-time hook or arrive observer: see `servesDirectly`.
    @exclusivity(unchecked) var servesDirectlyFlag = true
    /// Where the hook behind an ``AnsweringHook`` is defined (`file:line`), asked only when its answer is wrong.
    @exclusivity(unchecked) public var hookOrigin: ((AnsweringHook) -> String?)?
    /// Draws service times; `nil` = the task's (or pool's) distribution from the `"service"` stream.
    @exclusivity(unchecked) public var serviceTime: ServiceTimeHook? {
        didSet {
            makers = nil
            updateServesDirectly()
        }
    }

    /// A new, empty simulation at time 0.
    public init(seed: UInt64 = 0) {
        self.seed = seed
        self.streams = RandomStreams(seed: seed)
        self.counter = CounterState(streams: streams)
        self.network = NetworkState(streams: streams)
    }

    // MARK: The groups' public fields (read by the scripting layer, the CLI and the tests)

    /// The event queue and the clock.
    @inlinable public var scheduler: Scheduler { _read { yield runState.scheduler } }
    /// Task classes, in the order added; a task's index is also its waiting line's index.
    @inlinable public var tasks: [TaskClass] { _read { yield counter.tasks } }
    /// The stock (juice bar ingredients); empty unless items are defined.
    @inlinable public var stock: Stock { _read { yield stockState.stock } }
    /// The next customer's number (1, 2, 3… across batches until `reset`).
    @inlinable public var nextNumber: Int { counter.nextNumber }
    /// Customers served since the last `reset` (not cleared by a statistics reset; drives `run(untilServed:)`).
    @inlinable public var servedTotal: Int { runState.servedTotal }
    /// Customers served who arrived since the statistics start: the summary's `served` (drives
    /// ``run(untilMeasuredServed:)``, the `stop { served = N }` of a run with a warm-up).
    @inlinable public var servedSinceStatistics: Int { runState.servedSinceStatistics }
    /// When statistics started (0 or the last statistics reset).
    @inlinable public var statisticsStart: Double { runState.statisticsStart }
    /// Whether tellers take work. A scenario builds its world closed — customers may already queue —
    /// and opens it when the run starts, so the first services happen after every hook is installed.
    /// New simulations are open. See ``open()``.
    @inlinable public var isOpen: Bool { counter.isOpen }

    /// The current virtual time in seconds.
    public var now: Double { runState.scheduler.now }
    /// The number of task classes (`tasks.count`, without copying or checking access to the array).
    // Performance: read per hook call from another module, where `tasks.count` costs a runtime exclusivity
    // check (bank-open policies=lua, scripts/bench/bank-open).
    public var taskCount: Int { counter.tasks.count }
    /// Customers waiting or in service.
    public var inSystem: Int { table.inUseCount }
    /// Tellers, as values (a copy: O(tellers), an array per teller).
    public var tellers: [Teller] { tellerStates.indices.map(teller(_:)) }
    /// The number of tellers, without copying them.
    public var tellerCount: Int { tellerStates.count }
    /// Waiting lines, one per task (index = task index).
    public var lines: [WaitingLine] { lineStore.array }
    /// Statistics per task, since the last statistics reset.
    public var taskStatistics: [TaskStatistics] { statisticsStore.array }
    /// Teller pools, in the order added (a copy: O(pools); for one pool, ``pool(_:)``).
    public var pools: [TellerPool] { poolStore.array }
    /// The number of teller pools, without copying them.
    public var poolCount: Int { poolStore.count }
    /// Pool `p`, without copying the others (a world may have thousands: reading one through ``pools`` per
    /// teller or per customer made building tables quadratic).
    public func pool(_ p: Int) -> TellerPool { poolStore[p] }
    /// The name of teller `t`'s pool.
    public func poolName(ofTeller t: Int) -> String { poolStore[Int(tellerStates[t].pool)].name }
    /// Whether nothing that keeps a run alive is scheduled (cancelled events and background timers do not count;
    /// see Simulation+Timers.swift) and nobody is in the system.
    public var isIdle: Bool { !hasWorkKeepingRunAlive && table.inUseCount == 0 }

    // MARK: Setup

    /// Adds a task class (and its waiting line) to station `station` (0, the first, by default); returns its index.
    /// - Throws: on a name empty or already used in the station, an unknown station, a bad distribution or a
    ///   negative capacity.
    @discardableResult
    public func addTask(_ task: TaskClass, station: Int = 0) throws -> Int {
        try checkMutable(.addTask)
        try checkStation(station)
        try CoreError.require(!task.name.isEmpty, "task: 'name' must not be empty")
        try CoreError.require(taskIndex(named: task.name, inStation: station) == nil,
                              "task: 'name' must be unique, '\(task.name)' exists" + (network.stations.count > 1 ? " in station '\(network.stations[station].name)'" : ""))
        var task = task
        task.service = try task.service.validatedDuration("task '\(task.name)' service")
        task.patience = try task.patience?.validatedDuration("task '\(task.name)' patience")
        if let capacity = task.capacity {
            try CoreError.require(capacity >= 0, "task '\(task.name)': 'capacity' must be >= 0, got \(capacity)")
        }
        counter.tasks.append(task)
        var line = WaitingLine(name: task.name, capacity: task.capacity ?? .max)
        line.length = TimeWeighted(start: now, value: 0)
        lineStore.append(line)
        lineLengths.append()
        statisticsStore.append(TaskStatistics())
        taskHasPatience.append(task.patience != nil)
        registerTask(counter.tasks.count - 1, station: station)
        rebuildTellerTables(from: tellerStates.count)
        return counter.tasks.count - 1
    }

    /// Changes a task's default service distribution (e.g. after a script reload).
    public func setService(_ distribution: Distribution, forTask task: Int) throws {
        try checkTask(task)
        counter.tasks[task].service = try distribution.validatedDuration("task '\(counter.tasks[task].name)' service")
        rebuildTellerTables()
    }

    /// The index of the task called `name` (the first added, whatever its station; see ``taskIndex(path:)``).
    public func taskIndex(named name: String) -> Int? { counter.tasks.firstIndex { $0.name == name } }

    // MARK: Guards

    func checkTask(_ task: Int) throws {
        try CoreError.require(counter.tasks.indices.contains(task), "'task' must be a task index 0..<\(counter.tasks.count), got \(task)")
    }

    /// Refuses state changes while a decision hook runs (the hook's answer would be computed on stale state). A maker's
    /// take runs inside one (the service-time hook), and with it the order's observers (a script's stock rules and
    /// `stock:on` hooks).
    /// Refuses them too while the end of the run is reported: a customer let in there was never served (the printed
    /// summary said "2 still inside" for an end hook's two arrivals, the hook's own summary none), and a timer or
    /// process made there was silently never run.
    /// The refusal is typed (``Refusal``): the scripting layer names the Lua function the script called, not `operation`.
    func checkMutable(_ operation: Refusal.Operation) throws {
        try checkNotEnded(operation)
        if decisionDepth > 0 { throw CoreError.refused(Refusal(operation, .insideDecision)) }
    }

    /// Adding tellers while customers wait puts the new tellers to work at once.
    func recoverIfIdleWork() throws {
        if table.inUseCount > 0 { runState.needsRecovery = true; try recover() }
    }

    /// Recomputes the fast-path flags derived from the hooks, the recipes and the arrive observer.
    func updateServesDirectly() {
        drawsThroughHook = serviceTime != nil || recipes != nil
        servesDirectlyFlag = tellerPolicy == nil && !drawsThroughHook && observers.onArrive == nil
    }

    /// Derives ``serviceRule`` from the hooks: the makers' service if installed (it installed both hooks), else
    /// the teller policy if any, else the built-in rule.
    func updateServiceRule() {
        if let makers {
            serviceRule = .makers(Unmanaged.passUnretained(makers))
        } else if tellerPolicy != nil {
            serviceRule = .policy
        } else {
            serviceRule = .builtin
        }
    }

    /// Runs `body` with mutations from hooks refused; wraps a thrown error as `hookFailed`.
    @inline(__always)
    func callDecisionHook<T>(_ name: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
        decisionDepth += 1
        defer { decisionDepth -= 1 }
        do { return try body() } catch { throw CoreError.hookFailed(hook: name(), underlying: error) }
    }
}
