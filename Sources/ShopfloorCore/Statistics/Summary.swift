/// Count, mean, percentiles and maximum of a duration, in seconds.
public struct DurationSummary: Sendable, Equatable, Codable {
    public var count: Int
    public var mean: Double
    public var p50: Double
    public var p90: Double = 0
    public var p95: Double
    public var p99: Double
    public var max: Double

    /// The figures over no customers: all 0, as every summary writes them (a figure over nobody is 0, not missing).
    public static let zero = DurationSummary(count: 0, mean: 0, p50: 0, p90: 0, p95: 0, p99: 0, max: 0)
}

/// One task class in a ``Summary``.
public struct TaskSummary: Sendable, Equatable, Codable {
    public var name: String
    public var arrived: Int
    public var served: Int
    public var balked: Int
    public var reneged: Int
    /// Customers a maker turned away because their order was short (a failed juice order).
    public var failed: Int
    /// Wait from arrival to service start (customers who started service, turned away or not).
    public var wait: DurationSummary
    /// Arrival to departure (customers served).
    public var timeInSystem: DurationSummary
    /// Customers refused at the closed door (not arrived, not balked).
    public var refused: Int = 0
    /// Arrival to leaving the line, for customers who reneged (not in `wait`).
    public var renegedWait: DurationSummary? = nil
    /// P(wait ≤ t) per threshold asked for (``Simulation/measureWaits(ofTask:serviceLevels:by:)``); empty otherwise.
    public var serviceLevels: [ServiceLevel] = []
    /// Waits per value of the attribute asked for, sorted by value (missing last); `nil` when none was asked for.
    public var waitsBy: AttributeTally? = nil
}

/// The service level at one threshold: of `of` customers who started service, `within` waited at most `threshold`.
public struct ServiceLevel: Sendable, Equatable, Codable {
    public var threshold: Double
    public var within: Int
    public var of: Int
    /// `within ÷ of` (0 when nobody started service).
    public var fraction: Double { of > 0 ? Double(within) / Double(of) : 0 }
}

/// Waits split by the values of one customer attribute.
public struct AttributeTally: Sendable, Equatable, Codable {
    public var attribute: String
    /// (value, waits) in increasing order of the value's text; customers without the attribute last, as "(none)".
    public var values: [Value]

    public struct Value: Sendable, Equatable, Codable {
        public var value: String
        public var wait: DurationSummary
    }
}

/// One waiting line in a ``Summary``.
public struct LineSummary: Sendable, Equatable, Codable {
    public var name: String
    /// Time-weighted mean number waiting over the measured time.
    public var meanLength: Double
    public var maxLength: Int
    /// Waiting at the end.
    public var length: Int
}

/// One teller pool in a ``Summary``.
public struct PoolSummary: Sendable, Equatable, Codable {
    public var name: String
    public var tellers: Int
    /// Busy time ÷ (tellers × measured time).
    public var utilisation: Double
    /// Teller-seconds spent serving.
    public var busyTime: Double
}

/// Everything a run measured, as one value: the CLI prints it as text or JSON.
///
/// Arrays keep declaration order (tasks, lines, pools, items, recipes as they were added), so output never
/// depends on dictionary order.
public struct Summary: Sendable, Equatable, Codable {
    /// The run seed.
    public var seed: UInt64
    /// When statistics started (0, or the warm-up reset time).
    public var startTime: Double
    /// The clock when the summary was taken.
    public var endTime: Double
    /// Totals over all tasks (since the statistics start).
    public var arrived: Int
    public var served: Int
    public var balked: Int
    public var reneged: Int
    /// Customers still waiting or in service at `endTime`.
    public var inSystem: Int
    /// Time-average number of customers in the system (waiting or in service) over the measured time: the sum of
    /// the lines' mean lengths and the pools' mean busy tellers (exact: every customer inside is in one of them).
    public var meanInSystem: Double = 0
    public var tasks: [TaskSummary]
    public var lines: [LineSummary]
    public var pools: [PoolSummary]
    /// Present when the simulation has stock.
    public var stock: StockSummary?
    /// Per station, in station order; empty for a world of one station without routes (its figures are this
    /// summary's own, and adding them up again costs a histogram walk per task: see ``Simulation/isNetwork``).
    public var stations: [StationSummary] = []
    /// End to end, per class as customers leave (one per task, in task order), then all classes (`"*"`); empty,
    /// as ``stations``, for a world of one station without routes (every journey is then one visit: ``tasks``).
    public var journeys: [JourneySummary] = []
}
