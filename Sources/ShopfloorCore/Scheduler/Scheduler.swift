/// The virtual clock and its agenda: events fire in `(time, sequence)` order and the clock jumps to each.
///
/// ```swift
/// var scheduler = Scheduler()
/// try scheduler.schedule(.timer, payload: 1, after: 2.5)
/// while let event = scheduler.next() { print(scheduler.now, event.kind) }
/// ```
public struct Scheduler: Sendable {
    /// The current virtual time in seconds. Never decreases (except by ``reset()``).
    public private(set) var now: Double = 0
    /// Pending events.
    public internal(set) var queue = EventQueue()
    /// Pending events that do not keep a run alive (background timers, pool schedule steps, the door closing),
    /// apart so "is there work left?" is one look at ``queue`` (see Scheduler+Background.swift). Shares the
    /// sequence numbers: events of both queues fire in one `(time, sequence)` order.
    public internal(set) var background = EventQueue()
    /// `!background.isEmpty`, kept as a plain flag: the per-event test is one load (bank-open, scripts/bench/bank-open).
    @usableFromInline var hasBackground = false
    /// The next sequence number; also the number of events ever scheduled since the last reset.
    public internal(set) var nextSequence: UInt64 = 0

    public init() {}

    /// Schedules an event at absolute time `time`.
    /// - Throws: ``CoreError/scheduledInThePast(now:requested:)`` if `time < now` (or not a number).
    /// - Complexity: O(log n).
    public mutating func schedule(_ kind: EventKind, payload: UInt64, at time: Double) throws(CoreError) {
        guard time >= now else { throw CoreError.scheduledInThePast(now: now, requested: time) }
        unsafeSchedule(kind, payload: payload, at: time)
    }

    /// Schedules an event `delay` seconds from now.
    /// - Throws: if `delay` is negative or not a number.
    public mutating func schedule(_ kind: EventKind, payload: UInt64, after delay: Double) throws(CoreError) {
        try schedule(kind, payload: payload, at: now + delay)
    }

    /// Schedules without the past check; for the core's own events whose delay it has already validated.
    @inline(__always)
    mutating func unsafeSchedule(_ kind: EventKind, payload: UInt64, at time: Double) {
        queue.push(Event(time: time, sequence: nextSequence, kind: kind, payload: payload))
        nextSequence &+= 1
    }

    /// The time of the next event (of either queue), if any.
    @inline(__always)
    public var nextTime: Double? { nextEvent?.time }

    /// Removes the next event and advances the clock to its time.
    /// - Complexity: O(log n).
    public mutating func next() -> Event? {
        guard let event = queue.popMin() else { return nil }
        now = event.time
        return event
    }

    /// Removes the next event **without** moving the clock: for an event that was cancelled after it was
    /// scheduled (a renege of a customer already served, an arrival of a stopped source), which must neither
    /// count as pending work nor advance the clock.
    /// - Complexity: O(log n).
    @inline(__always)
    mutating func discardNext() {
        _ = takeNext()
    }

    /// Removes the next event without moving the clock; the caller either puts it back (``putBack(_:)``) or
    /// moves the clock to it (``moveClock(to:)``). Lets the simulation look at an event once per step.
    // Performance: with no background event pending (every scenario without timers) one `isEmpty` test more.
    @inline(__always)
    mutating func takeNext() -> Event? {
        if !hasBackground { return queue.popMin() }
        return takeNextMerged()
    }

    /// ``takeNext()`` when no background event is pending (the caller tested ``hasBackground``).
    @inline(__always)
    mutating func takeNextMain() -> Event? {
        queue.popMin()
    }

    /// Puts back an event ``takeNext()`` removed: same time and sequence, so the order is unchanged.
    mutating func putBack(_ event: Event) {
        if event.kind.isBackground { background.push(event); hasBackground = true } else { queue.push(event) }
    }

    /// Moves the clock to the time of an event just taken with ``takeNext()``.
    @inline(__always)
    mutating func moveClock(to time: Double) {
        now = time
    }

    /// Moves the clock forward to `time` without an event (for `run(until:)` ending between events).
    /// - Precondition: `time >= now` and no pending event is earlier than `time`.
    public mutating func advance(to time: Double) {
        precondition(time >= now && (nextEvent.map { $0.time >= time } ?? true), "clock would skip an event")
        now = time
    }

    /// Clears all events and puts the clock back to 0.
    public mutating func reset() {
        queue.removeAll()
        background.removeAll()
        hasBackground = false
        now = 0
        nextSequence = 0
    }
}
