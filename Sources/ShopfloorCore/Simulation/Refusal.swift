/// A change of the simulation refused where it was asked for: which operation, and why now is not the time.
///
/// Typed rather than worded, because the core's operation is not what its users call: a Lua script calls
/// `counter:run`, which starts the arrivals first (``Operation/startArrivals``), and `counter:set_tellers`, which
/// is ``Operation/setPoolSize``. A host names the call its user made (``message(calling:)``); the scripting layer
/// does so for every Lua function, and words the reasons in the script's terms. ``description`` names the core's
/// own method, for a Swift caller.
public struct Refusal: Equatable, Sendable, CustomStringConvertible {
    /// The refused operation: the ``Simulation`` method that refused, by its Swift name.
    public enum Operation: String, Sendable, CaseIterable {
        case addArrivals, addStock, addTask, addTellers, addTimer, arrive, changeArrivals, close, closeDoor, defineItem,
             dispatchIdleTellers, endRun, measureWaits, open, order, placeRestock, register, reset, resetStatistics,
             restore, run, serveRecipes, setCapacity, setPoolSchedule, setPoolSize, setRoute, setStock, setTimer,
             startArrivals, station, step, stopArrivals
    }

    /// Why the operation cannot run now.
    public enum Reason: Sendable {
        /// The end of the run is being reported (``Simulation/endRun()``'s observer): nothing happens after it.
        case runEnded
        /// A decision hook runs (a teller policy, the service-time hook, a generator), or an order's observers
        /// inside a maker's decision: its answer would be computed on a state that changed under it.
        case insideDecision
        /// A run is under way (the caller is an observer called from it), or a customer is being let in.
        case running
    }

    public let operation: Operation
    public let reason: Reason

    public init(_ operation: Operation, _ reason: Reason) {
        self.operation = operation
        self.reason = reason
    }

    /// The refusal with the operation called `name`, in the core's words for the reason.
    public func message(calling name: String) -> String {
        switch reason {
        case .runEnded: "'\(name)' cannot be called once the run has ended (from the end-of-run observer): nothing happens after it"
        case .insideDecision: "'\(name)' cannot be called from inside a decision hook (a teller policy, the service-time hook, a generator) "
            + "nor from an order's observers inside a maker's decision"
        case .running: "'\(name)' cannot be called while the simulation is running (from an observer)"
        }
    }

    public var description: String { message(calling: operation.rawValue) }
}
