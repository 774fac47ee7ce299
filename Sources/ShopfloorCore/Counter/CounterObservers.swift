/// Optional callbacks for what happens at the counter. Each is `nil` by default and costs only a nil check.
///
/// Observers are called **after** the event's state change is complete, so an observer that throws leaves
/// the simulation consistent: the event happened, the error propagates out of `step`/`run`, and whatever
/// follow-up work it interrupted (a free teller taking the next customer) is redone on the next step.
/// Observers may add customers or place orders; they may not run the simulation.
///
/// ```swift
/// simulation.observers.onFinish = { event in print("customer \(event.customer.number) done") }
/// ```
public struct CounterObservers {
    public var onArrive: ((CounterEvent) throws -> Void)?
    public var onStart: ((CounterEvent) throws -> Void)?
    public var onFinish: ((CounterEvent) throws -> Void)?
    public var onBalk: ((CounterEvent) throws -> Void)?
    public var onRenege: ((CounterEvent) throws -> Void)?
    /// A maker turned the customer away, their order short (``CounterEventKind/fail``): at the instant the order
    /// was decided, instead of a `start` and a `finish` — a hook counting finishes counts those served.
    public var onFail: ((CounterEvent) throws -> Void)?
    /// Lighter forms of ``onStart`` and ``onFinish``: the event's plain values (``CounterEventView``), no
    /// ``Customer`` built. Called only when the matching full observer is `nil` (install one or the other).
    // Performance: the scripting layer's event hooks use these unless a trace or live view listens
    // (scripts/bench/hooks).
    public var onStartView: ((CounterEventView) throws -> Void)?
    public var onFinishView: ((CounterEventView) throws -> Void)?
    /// Everyone has left and nothing is scheduled (reported by ``Simulation/runUntilIdle(maxEvents:)``).
    public var onClose: ((Simulation) throws -> Void)?
    /// A recipe order succeeded or failed.
    public var onOrder: ((OrderEvent) throws -> Void)?
    /// A restock order was delivered.
    public var onDelivery: ((Delivery) throws -> Void)?
    /// A timer set with ``Simulation/setTimer(id:after:)`` fired.
    public var onTimer: ((_ id: Int, _ simulation: Simulation) throws -> Void)?
    /// After every event a run processes (its state change and observers done): where "wait until a line is empty"
    /// or "until stock falls below 5" is checked. One flag test per event when not installed.
    public var onEventDone: ((_ event: Event, _ simulation: Simulation) throws -> Void)?
    /// The run ended normally, after its last event; see ``Simulation/endRun()``.
    public var onEnd: ((Simulation) throws -> Void)?

    public init() {}

    /// Whether any customer observer is installed (one test on the hot path instead of eight).
    var observesCustomers: Bool {
        onArrive != nil || onStart != nil || onFinish != nil || onBalk != nil || onRenege != nil || onFail != nil
            || onStartView != nil || onFinishView != nil
    }
}
