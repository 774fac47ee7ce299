/// Streaming statistics of one task class: outcomes and the wait / time-in-system distributions.
public struct TaskStatistics: Sendable {
    /// Customers who arrived (including those who balked).
    public internal(set) var arrived = 0
    /// Customers whose service finished.
    public internal(set) var served = 0
    /// Customers who found the line full.
    public internal(set) var balked = 0
    /// Customers who ran out of patience.
    public internal(set) var reneged = 0
    /// Customers a maker turned away: their order could not be made from stock (never counted as served).
    public internal(set) var turnedAway = 0
    /// Customers who started service.
    public internal(set) var started = 0
    /// Time from arrival to service start, for every customer who started service.
    public internal(set) var wait = DurationStatistics()
    /// Time from arrival to departure, for every customer served.
    public internal(set) var timeInSystem = DurationStatistics()
    /// Time from arrival to leaving the line, for every customer who reneged (their own statistic: not in `wait`).
    public internal(set) var renegedWait = DurationStatistics()
    /// Customers refused at a closed door (``Simulation/closeDoor(at:)``): never arrived, not balked.
    public internal(set) var refused = 0
    /// Service level and per-attribute waits, when asked for (``Simulation/measureWaits(ofTask:serviceLevels:by:)``).
    public internal(set) var details: WaitDetails?

    public init() {}

    mutating func reset() {
        arrived = 0; served = 0; balked = 0; reneged = 0; turnedAway = 0; started = 0; refused = 0
        wait.reset()
        timeInSystem.reset()
        renegedWait.reset()
        details?.reset()
    }
}
