/// A kind of business a customer comes for (deposit, loan, a juice order): its own waiting line,
/// service-time distribution, optional waiting-room capacity and optional patience.
public struct TaskClass: Sendable, Equatable {
    /// Unique name (also the waiting line's name).
    public var name: String
    /// Default service time, drawn from the `"service"` stream (a pool or the service-time hook may override).
    public var service: Distribution
    /// Most customers who may wait; `nil` = unlimited. An arrival finding the line full balks.
    public var capacity: Int?
    /// Patience of customers who do not bring their own, drawn from the `"patience"` stream; `nil` = forever.
    public var patience: Distribution?

    public init(name: String, service: Distribution, capacity: Int? = nil, patience: Distribution? = nil) {
        self.name = name
        self.service = service
        self.capacity = capacity
        self.patience = patience
    }
}
