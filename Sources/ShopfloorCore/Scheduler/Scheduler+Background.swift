/// The scheduler's second queue: events that fire in the one `(time, sequence)` order with all others but do not
/// keep a run alive (background timers, pool schedule steps, the door closing).
///
/// Why a second heap rather than a flag per event: "is any work left that keeps the run going?" must be cheap and
/// exact while cancellation is lazy; with background events apart it is "does the main queue hold a live event?",
/// answered by its head. Both heaps draw sequence numbers from the same counter, so merging them by `(time,
/// sequence)` gives exactly the order one heap would.
extension Scheduler {
    /// Schedules a background event at `time` (validated by the caller: finite, not before now).
    mutating func scheduleBackground(_ kind: EventKind, payload: UInt64, at time: Double) {
        precondition(kind.isBackground && time >= now, "background event of kind \(kind) at \(time)")
        background.push(Event(time: time, sequence: nextSequence, kind: kind, payload: payload))
        hasBackground = true
        nextSequence &+= 1
    }

    /// The next event of either queue, without removing it.
    /// - Complexity: O(1).
    // Performance: without background events (every scenario without timers) the main queue's head, inlined
    // (`nextEventTime`, asked before every event of a run to a time: scripts/bench/tandem stations=1).
    @inline(__always)
    public var nextEvent: Event? {
        if !hasBackground { return queue.min }
        guard let b = background.min else { return queue.min }
        guard let q = queue.min else { return b }
        return Event.precedes(q, b) ? q : b
    }

    /// Removes the earlier head of the two queues.
    /// - Complexity: O(log n).
    mutating func takeNextMerged() -> Event? {
        guard let b = background.min else { return queue.popMin() }
        if let q = queue.min, Event.precedes(q, b) { return queue.popMin() }
        let event = background.popMin()
        hasBackground = !background.isEmpty
        return event
    }

    /// Removes the head of the main queue (a cancelled event), without moving the clock.
    mutating func dropMainHead() {
        _ = queue.popMin()
    }

    /// Removes every pending event of the main queue that `matches` (O(n), then the heap is rebuilt in the same
    /// `(time, sequence)` order): for the rare cancellation that cannot be lazy, the finish of a service handed
    /// back when its teller leaves. Returns the events removed.
    mutating func removeEvents(where matches: (Event) -> Bool) -> [Event] {
        let all = queue.unordered
        let removed = all.filter(matches)
        guard !removed.isEmpty else { return [] }
        queue.removeAll()
        for event in all where !matches(event) { queue.push(event) }
        return removed
    }
}
