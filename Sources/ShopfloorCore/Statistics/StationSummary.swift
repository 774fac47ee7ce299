/// One station in a ``Summary``: its tasks' and pools' figures added up (per visit: a customer served twice at
/// the station counts twice).
public struct StationSummary: Sendable, Equatable, Codable {
    public var name: String
    /// The station's tasks and pools, by name, in the order added.
    public var tasks: [String]
    public var pools: [String]
    /// Visits: arrivals at its tasks (new and routed), services, balks, reneges, failed orders.
    public var arrived: Int
    public var served: Int
    public var balked: Int
    public var reneged: Int
    public var failed: Int
    /// Waits of every visit that started service at the station.
    public var wait: DurationSummary
    /// Visit arrival to the end of its service, every served visit.
    public var timeInStation: DurationSummary
    public var tellers: Int
    /// Busy teller-time ÷ (tellers × measured time); a teller blocked after service counts as busy.
    public var utilisation: Double
    /// Teller-seconds blocked after service (part of the busy time).
    public var blockedTime: Double
    /// Time-weighted mean number waiting in its lines (the sum of its lines' means).
    public var meanLineLength: Double
    /// Time-weighted mean number at the station: waiting, in service or blocked (Little's L).
    public var meanInStation: Double
    /// Waiting at the end.
    public var length: Int
}
