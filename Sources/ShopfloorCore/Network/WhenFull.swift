/// What a routed customer does when the line of their next task is full (no room and no idle teller for it).
///
/// Chosen per route. The default is ``wait``: blocking after service, the classic tandem-with-finite-buffer
/// model (Ciw's default too), so a finite line never silently loses customers.
public enum WhenFull: Sendable, Equatable {
    /// Blocking after service: the customer stays at the teller who served them — the teller blocked, unable to
    /// take anyone — until the line has room (or a teller of that task is idle); blocked customers move on in the
    /// order they were blocked. A blocked teller counts as busy in utilisation; its blocked time is reported
    /// apart (``PoolSummary``… ``StationSummary/blockedTime``).
    case wait
    /// The customer leaves: counted as a balk at the full task (its `arrived` and `balked`), reported to the balk
    /// observer, and a lost journey end to end.
    case leave
}
