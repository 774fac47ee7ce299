/// The core's own record of a customer in the system: trivial (no references), so copying it costs no
/// reference counting and a slab of them is one flat buffer.
struct CustomerRecord: Sendable {
    var number: Int
    /// When the customer joined their current task's line (this visit): waits and per-task figures count from it.
    var arrivalTime: Double
    /// When the customer first arrived (their journey's start); equal to `arrivalTime` on the first visit.
    var firstArrival: Double
    var serviceStart: Double
    /// `.infinity` when the customer never reneges.
    var patience: Double
    var task: Int32
    var priority: Int32
    var teller: Int32
    /// Bumped each time the slot is freed, so stale line entries and renege events can be recognised.
    var generation: UInt32
    /// Which visit this is: 1, then one more each time a route moves the customer to a next task.
    var visits: Int32
    /// `.waiting` or `.inService` while the slot is used; `free` is tracked separately by `inUse`.
    var state: CustomerState
    var inUse: Bool
    var hasAttributes: Bool
    /// Whether the customer's arrival has been reported (the arrive observer called, or none installed): no
    /// start, renege or finish may be reported before it (checked in debug builds).
    var announced: Bool

    init(number: Int, arrivalTime: Double, patience: Double, task: Int32, priority: Int32) {
        self.number = number
        self.arrivalTime = arrivalTime
        self.firstArrival = arrivalTime
        self.serviceStart = .nan
        self.patience = patience
        self.task = task
        self.priority = priority
        self.teller = -1
        self.generation = 0
        self.visits = 1
        self.state = .waiting
        self.inUse = true
        self.hasAttributes = false
        self.announced = false
    }
}
