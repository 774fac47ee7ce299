/// Where a customer is in their visit.
public enum CustomerState: UInt8, Sendable, Codable {
    /// In a waiting line.
    case waiting
    /// With a teller.
    case inService
    /// Left after service (or, with a route, done with this visit's service).
    case served
    /// Found the line full on arrival and left.
    case balked
    /// Ran out of patience while waiting and left.
    case reneged
    /// Left without service: a maker found their order short (a failed juice order).
    case turnedAway
    /// Served, and held at their teller because the line of their next task is full (blocking after service,
    /// ``WhenFull/wait``).
    case blocked
}

/// A customer as observers, policies and hooks see them: a value snapshot, safe to keep.
///
/// The core itself stores customers as trivial records in a reusable slab (see `CustomerTable`); this type is
/// built only when a hook or observer asks, so nothing here costs anything on the hot path.
public struct Customer: Sendable, Equatable {
    /// The waiting number: 1, 2, 3… continuing across batches until ``Simulation/reset()``.
    public var number: Int
    /// Index of the customer's task (and waiting line) in ``Simulation/tasks``.
    public var task: Int
    /// Priority class: higher is served first, FIFO within a class.
    public var priority: Int
    /// How long the customer waits before reneging; `nil` = forever.
    public var patience: Double?
    /// When the customer arrived (first arrived: a route keeps it).
    public var arrivalTime: Double
    /// When the customer joined their current task's line; equal to ``arrivalTime`` on the first visit.
    public var visitArrival: Double
    /// Which visit this is: 1, then one more each time a route moves the customer on (``Route``).
    public var visits: Int
    /// When service started, if it has.
    public var serviceStart: Double?
    /// The teller serving (or who served) the customer, if any.
    public var teller: Int?
    /// Where the customer is.
    public var state: CustomerState
    /// Script-defined attributes; `nil` when there are none (the common, allocation-free case).
    public var attributes: [String: AttributeValue]?

    public init(number: Int, task: Int, priority: Int = 0, patience: Double? = nil, arrivalTime: Double,
                serviceStart: Double? = nil, teller: Int? = nil, state: CustomerState = .waiting,
                attributes: [String: AttributeValue]? = nil, visitArrival: Double? = nil, visits: Int = 1) {
        self.number = number
        self.task = task
        self.priority = priority
        self.patience = patience
        self.arrivalTime = arrivalTime
        self.visitArrival = visitArrival ?? arrivalTime
        self.visits = visits
        self.serviceStart = serviceStart
        self.teller = teller
        self.state = state
        self.attributes = attributes
    }
}
