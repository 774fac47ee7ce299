/// Taking the whole simulation aside and putting it back exactly: what lets the REPL promise that a
/// failed command leaves the world unchanged.
///
/// A ``Simulation/Snapshot`` holds every stored property of the simulation — clock and event queue,
/// customers and lines, tellers and pools, arrival sources (with their random streams and drawn next
/// arrivals), stock, restock orders, statistics and histograms, the service and patience streams, the
/// structure (tasks, tellers, sources added since), and the hooks and observers installed. Restoring it
/// gives a simulation that continues byte for byte as if nothing had happened after the snapshot.
///
/// ```swift
/// let before = sim.snapshot()
/// do { try sim.run(until: 60) } catch { try sim.restore(before) }   // the clock is back where it was
/// ```
///
/// Cost: O(live state) — customers in the system, events pending, lines, tellers, stock — copied once;
/// histograms and queues are copy-on-write values, so taking a snapshot copies no histogram (the first
/// record after it copies the buckets in use). Never used on a hot path: a prompt takes one per command.
///
/// The class-held parts (`CustomerTable`, the `UnsafeList`s, `LineLengths`) are copied element by element
/// and written back into the *same* objects, so addresses handed out before (``lengthAddress(ofLine:)``,
/// read by C) stay valid. Closures (policies, generators, observers) are restored by reference: state a
/// closure captures itself is the caller's to keep (the scripting layer snapshots its own).
extension Simulation {
    /// Everything a ``Simulation`` holds at one moment; see ``Simulation/snapshot()``.
    public struct Snapshot {
        let owner: ObjectIdentifier
        let scheduler: Scheduler
        let tasks: [TaskClass]
        let customers: CustomerTable.Contents
        let lines: [WaitingLine]
        let statistics: [TaskStatistics]
        let pools: [TellerPool]
        let tellers: [TellerState]
        let tellerSkills: [Int32]
        let tellerService: [Distribution]
        let lineTellers: [Int32]
        let lineTellerRanges: [Range<Int>]
        let lineOwnTellers: [Int32]
        let lineOwnTellerRanges: [Range<Int>]
        let sources: [ArrivalSource]
        let taskHasPatience: [Bool]
        let mixTasks: [Int32]
        let mixCumulative: [Double]
        let balkNotices: [Customer]
        let serviceRNG: Xoshiro256StarStar
        let patienceRNG: Xoshiro256StarStar
        let stock: Stock
        let restocks: ContiguousArray<RestockOrder?>
        let freeRestocks: [Int]
        let nextNumber: Int
        let servedTotal: Int
        let servedSinceStatistics: Int
        let needsRecovery: Bool
        let statisticsStart: Double
        let isOpen: Bool
        let closeReported: Bool
        let observers: CounterObservers
        let tellerPolicy: TellerPolicy?
        let builtinTellerRule: BuiltinTellerRule
        let tellerPolicyScope: TellerPolicyScope
        let serviceTime: ServiceTimeHook?
        let pendingByItem: [Int]
        let makers: RecipeService?

        /// The clock when the snapshot was taken.
        public var now: Double { scheduler.now }
        /// Task classes at the time (the structure a restore brings back).
        public var taskCount: Int { tasks.count }
        /// Tellers at the time.
        public var tellerCount: Int { tellers.count }
    }

    /// Takes the whole state aside. Take it between events (not from inside a hook or observer): that
    /// is the state a restore brings back.
    /// - Complexity: O(customers in system + pending events + lines + tellers + stock items).
    public func snapshot() -> Snapshot {
        // Keep in step with the stored properties of `Simulation` (Simulation.swift): a property added
        // there and forgotten here would survive a rollback. SnapshotTests compare whole runs to catch it.
        Snapshot(
            owner: ObjectIdentifier(self), scheduler: scheduler, tasks: tasks, customers: table.contents,
            lines: lineStore.array, statistics: statisticsStore.array, pools: poolStore.array, tellers: tellerStates.array,
            tellerSkills: tellerSkills.array, tellerService: tellerService.array, lineTellers: lineTellers.array,
            lineTellerRanges: lineTellerRanges.array, lineOwnTellers: lineOwnTellers.array,
            lineOwnTellerRanges: lineOwnTellerRanges.array, sources: sources.array, taskHasPatience: taskHasPatience.array,
            mixTasks: mixTasks.array, mixCumulative: mixCumulative.array, balkNotices: balkNotices,
            serviceRNG: serviceRNG, patienceRNG: patienceRNG, stock: stock, restocks: restocks, freeRestocks: freeRestocks,
            nextNumber: nextNumber, servedTotal: servedTotal, servedSinceStatistics: servedSinceStatistics, needsRecovery: needsRecovery, statisticsStart: statisticsStart,
            isOpen: isOpen, closeReported: closeReported, observers: observers, tellerPolicy: tellerPolicy,
            builtinTellerRule: builtinTellerRule, tellerPolicyScope: tellerPolicyScope, serviceTime: serviceTime, pendingByItem: pendingByItem.array,
            makers: makers)
    }

    /// Puts back exactly the state of `snapshot` (taken from this simulation): running on gives the same
    /// events, draws and figures as if nothing had happened since.
    /// - Throws: ``CoreError/notAllowed(_:)`` while the simulation runs or a hook runs (the state is then
    ///   mid-event), or for a snapshot of another simulation. Nothing changes then.
    /// - Complexity: O(size of the snapshot + state now).
    public func restore(_ snapshot: Snapshot) throws {
        guard snapshot.owner == ObjectIdentifier(self) else {
            throw CoreError.notAllowed("restore: the snapshot was taken from another simulation")
        }
        if isRunning || decisionDepth > 0 || busyDepth > 0 {
            throw CoreError.notAllowed("'restore' cannot be called while the simulation is running")
        }
        scheduler = snapshot.scheduler
        tasks = snapshot.tasks
        table.contents = snapshot.customers
        lineStore.replaceAll(with: snapshot.lines)
        lineLengths.resize(to: snapshot.lines.count)
        for l in lineStore.indices { publishLength(l) }
        statisticsStore.replaceAll(with: snapshot.statistics)
        poolStore.replaceAll(with: snapshot.pools)
        tellerStates.replaceAll(with: snapshot.tellers)
        tellerSkills.replaceAll(with: snapshot.tellerSkills)
        tellerService.replaceAll(with: snapshot.tellerService)
        lineTellers.replaceAll(with: snapshot.lineTellers)
        lineTellerRanges.replaceAll(with: snapshot.lineTellerRanges)
        lineOwnTellers.replaceAll(with: snapshot.lineOwnTellers)
        lineOwnTellerRanges.replaceAll(with: snapshot.lineOwnTellerRanges)
        sources.replaceAll(with: snapshot.sources)
        taskHasPatience.replaceAll(with: snapshot.taskHasPatience)
        mixTasks.replaceAll(with: snapshot.mixTasks)
        mixCumulative.replaceAll(with: snapshot.mixCumulative)
        balkNotices = snapshot.balkNotices
        serviceRNG = snapshot.serviceRNG
        patienceRNG = snapshot.patienceRNG
        stock = snapshot.stock
        restocks = snapshot.restocks
        freeRestocks = snapshot.freeRestocks
        pendingByItem.replaceAll(with: snapshot.pendingByItem)
        nextNumber = snapshot.nextNumber
        servedTotal = snapshot.servedTotal
        servedSinceStatistics = snapshot.servedSinceStatistics
        needsRecovery = snapshot.needsRecovery
        statisticsStart = snapshot.statisticsStart
        isOpen = snapshot.isOpen
        closeReported = snapshot.closeReported
        // Hooks last, in this order: setting `tellerPolicy` resets `builtinTellerRule` and `tellerPolicyScope`, and every setter
        // recomputes the fast-path flags derived from them.
        tellerPolicy = snapshot.tellerPolicy
        builtinTellerRule = snapshot.builtinTellerRule
        tellerPolicyScope = snapshot.tellerPolicyScope
        serviceTime = snapshot.serviceTime
        makers = snapshot.makers  // after both hooks: setting either clears it
        observers = snapshot.observers
        #if DEBUG
        checkInvariants()
        #endif
    }
}

extension RecipeService {
    /// The makers' bookkeeping at one moment (a ``Simulation/Snapshot`` does not reach it: the service is
    /// held by whoever installed it).
    public struct State {
        let recipeOfTask: [Int]
        let decided: Int
        let lastCustomer: Int
        let lastDuration: Double
        let lastFailed: Bool
    }

    /// Takes the bookkeeping aside.
    public var state: State {
        State(recipeOfTask: recipeOfTask, decided: decided, lastCustomer: lastCustomer, lastDuration: lastDuration,
              lastFailed: lastFailed)
    }

    /// Puts back bookkeeping taken with ``state``.
    public func restore(_ state: State) {
        recipeOfTask = state.recipeOfTask
        decided = state.decided
        lastCustomer = state.lastCustomer
        lastDuration = state.lastDuration
        lastFailed = state.lastFailed
    }
}

extension CustomerTable {
    /// The slab, free list and attributes, as values.
    struct Contents {
        let records: [CustomerRecord]
        let free: [Int32]
        let attributes: [Int32: [String: AttributeValue]]
        let inUseCount: Int
    }

    /// Copies out / writes back into the same buffers.
    var contents: Contents {
        get { Contents(records: records.array, free: free.array, attributes: attributes, inUseCount: inUseCount) }
        set {
            records.replaceAll(with: newValue.records)
            free.replaceAll(with: newValue.free)
            attributes = newValue.attributes
            inUseCount = newValue.inUseCount
        }
    }
}

extension UnsafeList {
    /// Replaces the elements, keeping the buffer (and growing it if needed).
    /// - Complexity: O(count + elements).
    func replaceAll(with elements: [Element]) {
        removeAll()
        for element in elements { append(element) }
    }
}
