/// The core's record of one teller: trivial, in one flat array. Skills are a range of `Simulation.tellerSkills`.
struct TellerState: Sendable {
    var pool: Int32
    var skillStart: Int32
    var skillCount: Int32
    var busy = false
    /// Customer slot being served, or -1.
    var slot: Int32 = -1
    /// Customers this teller has served.
    var served = 0
    /// The customer in service is being turned away: a maker found their recipe short (the order
    /// failed, its service lasts 0 s). Set when the order is decided, read and cleared at the finish.
    var turningAway = false
    /// Away from the counter (a break, off shift: Simulation+Pools.swift). An away teller is also `busy` with
    /// slot -1, so every "is this teller free?" test on the hot paths stays one test.
    var away = false
    /// Leaves when the customer in service is done (their pool shrank meanwhile).
    var leaving = false
}

/// A teller as policies and observers see it.
public struct Teller: Sendable, Equatable {
    public var index: Int
    public var pool: Int
    /// Task indices the teller serves, in preference order.
    public var skills: [Int]
    public var isBusy: Bool
    /// Number of the customer being served.
    public var customer: Int?
    public var served: Int
    /// Away from the counter (a pool schedule or size change); never busy then.
    public var isAway: Bool = false
}
