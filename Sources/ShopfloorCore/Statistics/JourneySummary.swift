/// End-to-end figures of one class (the task customers left from, after their last service) in a ``Summary``.
public struct JourneySummary: Sendable, Equatable, Codable {
    /// The task's path (`station.task`, or its plain name while its station is unnamed); `"*"` for all classes.
    public var name: String
    /// Journeys that ended after a service here.
    public var completed: Int
    /// Customers who left from this task without service: balked, reneged, turned away (lost journeys).
    public var lost: Int
    /// Mean and largest number of services per completed journey.
    public var meanVisits: Double
    public var maxVisits: Int
    /// First arrival to exit, completed journeys.
    public var timeInSystem: DurationSummary
}
