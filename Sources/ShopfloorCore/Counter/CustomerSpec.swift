/// A customer about to arrive: what a generator returns and what ``Simulation/arrive(_:)`` takes.
public struct CustomerSpec: Sendable, Equatable {
    /// Task (waiting line) index; see ``Simulation/taskIndex(named:)``.
    public var task: Int
    /// Priority class (higher first). Default 0.
    public var priority: Int
    /// Patience in seconds; `nil` uses the task's patience distribution, if any, else waits forever.
    public var patience: Double?
    /// Script-defined attributes; leave `nil` on the hot path.
    public var attributes: [String: AttributeValue]?

    public init(task: Int, priority: Int = 0, patience: Double? = nil, attributes: [String: AttributeValue]? = nil) {
        self.task = task
        self.priority = priority
        self.patience = patience
        self.attributes = attributes
    }
}

/// What a customer generator returns: the gap to the next arrival and who arrives then.
public enum GeneratedArrival: Sendable, Equatable {
    /// One customer arrives `gap` seconds from now.
    case single(gap: Double, CustomerSpec)
    /// Several customers arrive together `gap` seconds from now (in this order).
    case batch(gap: Double, [CustomerSpec])

    /// The gap to the arrival.
    public var gap: Double {
        switch self {
        case .single(let gap, _), .batch(let gap, _): return gap
        }
    }
}

/// A teller policy's decision.
public enum TellerChoice: Sendable, Equatable {
    /// Stay idle for now (the teller is offered work again when someone arrives in one of its lines).
    case stayIdle
    /// Take the head of this line (highest priority class first, FIFO within it).
    case head(line: Int)
    /// Take this waiting customer (by number), wherever they stand in a line the teller can serve.
    case customer(number: Int)
}
