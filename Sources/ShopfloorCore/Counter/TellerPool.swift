/// A group of identical tellers added together (`2 deposit tellers`): the unit utilisation is reported for.
public struct TellerPool: Sendable {
    /// Unique name (defaults to the skills joined by `+`).
    public let name: String
    /// Indices of the pool's tellers in ``Simulation/tellers``.
    public let tellers: Range<Int>
    /// Task indices the tellers serve, in preference order (the default policy tries them in this order).
    public let skills: [Int]
    /// Service-time distribution for this pool's tellers, overriding each task's own; `nil` = the task's.
    public let service: Distribution?
    /// Tellers of this pool now serving.
    public internal(set) var busyCount = 0
    /// Time-weighted number of busy tellers.
    public internal(set) var busy: TimeWeighted

    init(name: String, tellers: Range<Int>, skills: [Int], service: Distribution?, start: Double) {
        self.name = name
        self.tellers = tellers
        self.skills = skills
        self.service = service
        self.busy = TimeWeighted(start: start, value: 0)
    }

    /// Busy time ÷ (tellers × measured time) until `time`.
    public func utilisation(until time: Double) -> Double {
        let span = time - busy.start
        return span > 0 ? busy.area(until: time) / (Double(tellers.count) * span) : 0
    }
}
