/// The run: the clock and event queue, the work a throw interrupted, and what has been measured (customers served,
/// when statistics started; the per-task statistics are the simulation's buffer `statisticsStore`). One group of ``Simulation``'s state, copied whole by
/// a snapshot. (The run's limits and progress guard are configuration and transient counters: not in here.)
@usableFromInline
struct RunState {
    @usableFromInline var scheduler = Scheduler()
    /// Set when a throw interrupted follow-up work; the next step redoes it first.
    var needsRecovery = false
    /// Customers served since the last `reset` (not cleared by a statistics reset; drives `run(untilServed:)`).
    @usableFromInline var servedTotal = 0
    /// Customers served who arrived since the statistics start: the summary's `served`.
    @usableFromInline var servedSinceStatistics = 0
    /// When statistics started (0 or the last statistics reset).
    @usableFromInline var statisticsStart = 0.0
    /// Core timers, pool schedules, the door, the end of run (``ClockState``).
    var clock = ClockState()

    init() {}

    /// Checks the event queue's heap order.
    /// - Complexity: O(events).
    func checkInvariants() {
        scheduler.queue.checkInvariants()
        scheduler.background.checkInvariants()
        precondition(scheduler.hasBackground == !scheduler.background.isEmpty, "background flag out of step")
        clock.checkInvariants()
    }
}
