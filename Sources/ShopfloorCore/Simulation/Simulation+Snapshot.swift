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
    ///
    /// Whole state groups (``CounterState``, ``StockState``, ``RunState``, ``NetworkState``: a field added to a group is copied with
    /// it), copies of the class-held buffers (``Simulation/buffers``) and the hooks installed. `SnapshotCoverageTests`
    /// fails when a stored property of `Simulation` is in neither this, `buffers`, nor its list of exclusions.
    public struct Snapshot {
        let owner: ObjectIdentifier
        let counter: CounterState
        let stockState: StockState
        let runState: RunState
        let network: NetworkState
        /// Copies of ``Simulation/buffers``, in that order.
        let buffers: [AnyObject]
        let observers: CounterObservers
        let tellerPolicy: TellerPolicy?
        let builtinTellerRule: BuiltinTellerRule
        let tellerPolicyScope: TellerPolicyScope
        let serviceTime: ServiceTimeHook?
        let makers: RecipeService?
        let recipes: RecipeService?

        /// The clock when the snapshot was taken.
        public var now: Double { runState.scheduler.now }
        /// Task classes at the time (the structure a restore brings back).
        public var taskCount: Int { counter.tasks.count }
        /// Tellers at the time.
        public var tellerCount: Int { buffers.lazy.compactMap { $0 as? UnsafeList<TellerState> }.first?.count ?? 0 }
    }

    /// Takes the whole state aside. Take it between events (not from inside a hook or observer): that
    /// is the state a restore brings back.
    /// - Complexity: O(customers in system + pending events + lines + tellers + stock items).
    public func snapshot() -> Snapshot {
        Snapshot(
            owner: ObjectIdentifier(self), counter: counter, stockState: stockState, runState: runState, network: network,
            buffers: Self.buffers.map { $0.copy(self) }, observers: observers, tellerPolicy: tellerPolicy,
            builtinTellerRule: builtinTellerRule, tellerPolicyScope: tellerPolicyScope, serviceTime: serviceTime,
            makers: makers, recipes: recipes)
    }

    /// Puts back exactly the state of `snapshot` (taken from this simulation): running on gives the same
    /// events, draws and figures as if nothing had happened since.
    /// - Throws: ``CoreError/refused(_:)`` while the simulation runs or a hook runs (the state is then
    ///   mid-event), ``CoreError/notAllowed(_:)`` for a snapshot of another simulation. Nothing changes then.
    /// - Complexity: O(size of the snapshot + state now).
    public func restore(_ snapshot: Snapshot) throws {
        guard snapshot.owner == ObjectIdentifier(self) else {
            throw CoreError.notAllowed("restore: the snapshot was taken from another simulation")
        }
        if isRunning || decisionDepth > 0 || busyDepth > 0 {
            throw CoreError.refused(Refusal(.restore, .running))
        }
        counter = snapshot.counter
        stockState = snapshot.stockState
        runState = snapshot.runState
        progressInstant = -.infinity  // the clock may go back: the next event's time is compared afresh
        network = snapshot.network
        for (field, saved) in zip(Self.buffers, snapshot.buffers) { field.assign(self, saved) }
        // Hooks last, in this order: setting `tellerPolicy` resets `builtinTellerRule` and `tellerPolicyScope`, and every setter
        // recomputes the fast-path flags derived from them.
        tellerPolicy = snapshot.tellerPolicy
        builtinTellerRule = snapshot.builtinTellerRule
        tellerPolicyScope = snapshot.tellerPolicyScope
        serviceTime = snapshot.serviceTime
        makers = snapshot.makers  // after both hooks: setting either clears it
        recipes = snapshot.recipes
        observers = snapshot.observers  // also recomputes `afterEventWork` from the restored network
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
