/// End-to-end statistics of the customers who finished their journey at one task (their class when they left):
/// from first arrival to the exit after their last service, and how many visits (services) it took.
///
/// Recorded only once a route exists (``NetworkState/tracksJourneys``); before that every journey is one visit and
/// these figures are the task's own (``Simulation/summary()`` derives them), so single-station runs record nothing
/// extra. Customers who leave without service (balk, renege, turned away, or a full line on a ``WhenFull/leave``
/// route) are the task's `balked`/`reneged`/`failed` counts: the lost journeys.
public struct JourneyStatistics: Sendable {
    /// Journeys that ended after a service at this task.
    public internal(set) var completed = 0
    /// Services those journeys took in all (visits; ≥ `completed`).
    public internal(set) var visits = 0
    /// Most visits of one journey.
    public internal(set) var maxVisits = 0
    /// First arrival to exit.
    public internal(set) var timeInSystem = DurationStatistics()

    public init() {}

    @inline(__always)
    mutating func record(timeInSystem seconds: Double, visits n: Int) {
        completed &+= 1
        visits &+= n
        if n > maxVisits { maxVisits = n }
        timeInSystem.record(seconds)
    }

    mutating func reset() {
        completed = 0; visits = 0; maxVisits = 0
        timeInSystem.reset()
    }
}
