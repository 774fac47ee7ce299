/// What happened to a customer, as observers see it. `fail`: a maker found the customer's order short and turned
/// them away at once — no service, so no `start` or `finish` (the summary's `failed`, never `served`).
public enum CounterEventKind: String, Sendable, Codable, CaseIterable {
    case arrive, start, finish, balk, renege, fail
}

/// One customer event delivered to an observer (and, through the scripting layer, to `--trace`).
public struct CounterEvent: Sendable, Equatable {
    public var kind: CounterEventKind
    /// Virtual time of the event.
    public var time: Double
    /// The customer, as of the event.
    public var customer: Customer
    /// The teller, for `start`, `finish` and `fail`.
    public var teller: Int?
}
