/// What happened to a customer, as observers see it.
public enum CounterEventKind: String, Sendable, Codable {
    case arrive, start, finish, balk, renege
}

/// One customer event delivered to an observer (and, through the scripting layer, to `--trace`).
public struct CounterEvent: Sendable, Equatable {
    public var kind: CounterEventKind
    /// Virtual time of the event.
    public var time: Double
    /// The customer, as of the event.
    public var customer: Customer
    /// The teller, for `start` and `finish`.
    public var teller: Int?
}
