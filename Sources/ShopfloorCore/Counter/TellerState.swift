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
}
