/// How a teller leaves when their pool shrinks (a break, a shift's end).
public enum TellerLeaving: Sendable, Equatable {
    /// A busy teller finishes the customer in service first, then leaves (the default).
    case afterService
    /// A busy teller leaves at once and hands the customer back to their line, ahead of everyone who arrived after
    /// them (the head under FIFO), even in a full line (it then holds one more than its capacity until they are
    /// served; arrivals meanwhile balk). Their wait was measured at their first start and is not measured again.
    case handBack
}
