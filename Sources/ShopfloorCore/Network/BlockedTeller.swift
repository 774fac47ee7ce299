/// A teller holding a customer it has served whose next line is full (blocking after service, ``WhenFull/wait``).
struct BlockedTeller: Sendable, Equatable {
    /// The teller (busy, its customer in state ``CustomerState/blocked``).
    var teller: Int32
    /// The task the customer goes to once there is room.
    var task: Int32
    /// The customer's priority class in that line.
    var priority: Int32
}
