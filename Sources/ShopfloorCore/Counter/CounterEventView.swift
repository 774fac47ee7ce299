/// A customer event as plain values, read straight from the core's customer record: what a light
/// observer (``CounterObservers/onStartView``, ``CounterObservers/onFinishView``) receives instead of a
/// built ``CounterEvent`` with its ``Customer``.
///
/// ```swift
/// simulation.observers.onFinishView = { view in total += view.serviceStart - view.arrivalTime }
/// ```
// Performance: building a `Customer` and a `CounterEvent` per event cost ~50 ns with an observer
// installed (scripts/bench/hooks, docs/performance.md); this view is copied from the record, nothing more.
public struct CounterEventView: Sendable {
    public let kind: CounterEventKind
    /// Virtual time of the event.
    public let time: Double
    public let number: Int
    /// The task's index.
    public let task: Int
    public let priority: Int
    /// When the customer first arrived (a route keeps it).
    public let arrivalTime: Double
    /// When the customer joined their current task's line; equal to `arrivalTime` on the first visit.
    public let visitArrival: Double
    /// Which visit this is (1 without routes).
    public let visits: Int
    /// When service started; NaN before it starts.
    public let serviceStart: Double
    /// The teller (0-based), or -1 for none.
    public let teller: Int
    /// The customer's attributes, if any.
    public let attributes: [String: AttributeValue]?

    @inline(__always)
    init(kind: CounterEventKind, time: Double, record r: CustomerRecord, teller: Int, attributes: [String: AttributeValue]?) {
        self.kind = kind
        self.time = time
        self.number = r.number
        self.task = Int(r.task)
        self.priority = Int(r.priority)
        self.arrivalTime = r.firstArrival
        self.visitArrival = r.arrivalTime
        self.visits = Int(r.visits)
        self.serviceStart = r.serviceStart
        self.teller = teller
        self.attributes = attributes
    }
}
