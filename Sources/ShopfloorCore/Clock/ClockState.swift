/// The time-driven part of a run: core timers, pool schedules, the door, and whether the run's end was reported.
/// A field of ``RunState`` (so a snapshot copies it with the clock and the event queue it refers to).
///
/// Everything here is empty or `false` in a scenario that uses none of it; the hot paths read none of it.
struct ClockState {
    /// Timers by slot (``TimerID``); a free slot is `nil` and listed in `freeTimers`.
    var timers: ContiguousArray<TimerEntry?> = []
    var freeTimers: [Int32] = []
    /// Generation per timer slot, bumped when the slot is freed: a stale event or id no longer matches.
    var timerGenerations: ContiguousArray<UInt32> = []
    /// Pool schedules by pool index (grown on demand); `nil` = none.
    var schedules: ContiguousArray<PoolSchedule?> = []
    /// Schedule steps still to come (over all pools): they keep an idle run alive while customers are inside.
    var pendingPoolChanges = 0
    /// When the door closes (``Simulation/closeDoor(at:)``), if it was asked to; `.infinity` = never.
    var doorCloseTime = Double.infinity
    /// Whether the door is closed: built-in arrivals have stopped and `arrive` refuses customers.
    var doorClosed = false
    /// Whether the end of run (``CounterObservers/onEnd``) was reported.
    var endReported = false
    /// Whether the last run call stopped with an error (a hook, a broken limit): no end is reported then.
    var lastRunFailed = false

    init() {}

    /// The clock's invariants: free timer slots are empty, the pending schedule steps are counted right.
    /// - Complexity: O(timers + pools).
    func checkInvariants() {
        precondition(timers.count == timerGenerations.count, "timer generations out of step")
        for slot in freeTimers { precondition(timers[Int(slot)] == nil, "free timer slot \(slot) holds a timer") }
        precondition(timers.filter { $0 == nil }.count == freeTimers.count, "timer free list")
        let pending = schedules.reduce(0) { $0 + ($1.map { $0.steps.count - $0.next } ?? 0) }
        precondition(pending == pendingPoolChanges, "pending pool schedule steps \(pendingPoolChanges) ≠ \(pending)")
    }
}

/// One live core timer: when it fires next and what it calls.
struct TimerEntry {
    /// The first firing; a repeating timer fires at `first + k × interval` (no drift from adding up).
    let first: Double
    /// 0 for a one-shot timer.
    let interval: Double
    /// The last time a repeating timer may fire (inclusive).
    let to: Double
    /// Firings so far.
    var fired = 0
    /// Whether its events keep a run alive (``EventKind/timedCall``) or not (``EventKind/backgroundCall``).
    let keepsRunAlive: Bool
    let action: TimerAction

    /// The `k`-th firing after the first, `first + k × interval` — or `to` when that sum passes `to` by no more than
    /// its rounding: `every(0.1, { from = 0, to = 0.3 })` fires at 0.3 (3 × 0.1 is 0.30000000000000004 in binary),
    /// as "up to and including `to`" promises, instead of silently skipping its last call.
    static func firing(_ k: Int, first: Double, interval: Double, to: Double) -> Double {
        let next = first + Double(k) * interval
        guard next > to, to.isFinite else { return next }
        // The sum's error: the binary representations of `first`, `interval` and `to` (each within half an ulp of
        // what was written) and two roundings — a few ulps of the largest magnitude. Never half an interval.
        let slack = min(16 * Swift.max(next.magnitude, to.magnitude, first.magnitude).ulp, interval / 2)
        return next - to <= slack ? to : next
    }
}

/// A pool's size over time: steps `(at, count)` in time order, the next one to apply, and how a teller leaves.
struct PoolSchedule {
    let steps: [(at: Double, count: Int)]
    var next = 0
    let leaving: TellerLeaving
    /// Bumped when the schedule is replaced: its pending step event is then stale.
    let generation: UInt32
}
