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
    /// What a busy teller of this pool does when the pool shrinks and no other rule is given: the default of
    /// ``Simulation/setPoolSize(_:to:leaving:)`` and ``Simulation/setPoolSchedule(_:_:leaving:)`` for this pool.
    public let leaving: TellerLeaving
    /// Tellers of this pool now serving.
    public internal(set) var busyCount = 0
    /// Time-weighted number of busy tellers.
    public internal(set) var busy: TimeWeighted
    /// Tellers of this pool at the counter (not away); all of them unless a schedule or size change says otherwise.
    public internal(set) var presentCount: Int
    /// Time-weighted number of tellers present, kept from the first time the pool's size changes (`nil` before:
    /// then every teller was present all along, and utilisation is computed exactly as without schedules).
    public internal(set) var present: TimeWeighted?

    init(name: String, tellers: Range<Int>, skills: [Int], service: Distribution?, leaving: TellerLeaving = .afterService,
         start: Double) {
        self.name = name
        self.tellers = tellers
        self.skills = skills
        self.service = service
        self.leaving = leaving
        self.busy = TimeWeighted(start: start, value: 0)
        self.presentCount = tellers.count
    }

    /// Busy time ÷ teller time present until `time`: tellers × measured time, or, once the pool's size has
    /// changed, the time-weighted tellers present (a teller away on a break is not idle).
    public func utilisation(until time: Double) -> Double {
        let span = time - busy.start
        if let present {
            let presentTime = present.area(until: time)
            return presentTime > 0 ? busy.area(until: time) / presentTime : 0
        }
        return span > 0 ? busy.area(until: time) / (Double(tellers.count) * span) : 0
    }
}
