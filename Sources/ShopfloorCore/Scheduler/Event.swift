/// What an event does when it fires. One byte, so an ``Event`` stays a 32-byte trivial struct.
public enum EventKind: UInt8, Sendable, Codable {
    /// The next arrival of arrival source `payload`.
    case arrival
    /// Teller `payload` finishes serving its customer.
    case finish
    /// A waiting customer's patience runs out; `payload` = slot << 32 | generation (lazily cancelled).
    case renege
    /// Restock order `payload` is delivered.
    case delivery
    /// A timer the scripting layer set; `payload` is its id, handed back to the timer hook.
    case timer
    /// Statistics are reset here (warm-up end), without disturbing the run; background: a warm-up longer than the
    /// run must not stretch it (the caller sees the clock stopped before the reset and says so).
    case statisticsReset
    /// A core timer (``Simulation/addTimer(at:keepsRunAlive:_:)``) that keeps a run alive; `payload` = slot << 32 |
    /// generation in the timer table (lazily cancelled).
    case timedCall
    /// The same for a timer that does not keep a run alive (in the scheduler's background queue).
    case backgroundCall
    /// The next step of pool `payload >> 32`'s schedule (generation in the low bits); background.
    case poolChange
    /// The door closes (``Simulation/closeDoor(at:)``); background.
    case doorClose
}

extension EventKind {
    /// Whether events of this kind wait in the scheduler's background queue: they fire in order with every
    /// other event but never keep a run alive on their own (see Simulation+Timers.swift).
    @inlinable public var isBackground: Bool {
        self == .backgroundCall || self == .poolChange || self == .doorClose || self == .statisticsReset
    }
}

extension EventKind {
    /// How a run gets stuck at one instant through events of this kind (for ``CoreError/noProgress(time:events:kind:payload:)``).
    var zeroTimeLoopExample: String {
        switch self {
        case .arrival: return "a customer generator answering gap 0 again and again"
        case .delivery: return "restocks with lead time 0 ordered again on every delivery"
        case .timer: return "a timer set again with delay 0 each time it fires"
        case .finish: return "services of 0 s that never end"
        case .timedCall, .backgroundCall: return "a timer repeating every 0 s, or set again at the same instant"
        case .renege, .statisticsReset, .poolChange, .doorClose: return "events scheduled again at the same instant"
        }
    }
}

/// A scheduled event: a time, a tie-breaking sequence number and a small payload — no closure, no class.
///
/// Events are ordered by `(time, sequence)`, so events at the same time fire in the order they were scheduled
/// (SimPy's `eid`), which makes a run deterministic. Payloads are plain integers so scheduling allocates nothing.
public struct Event: Sendable, Equatable {
    /// Virtual time, in seconds.
    public var time: Double
    /// Insertion order; breaks ties between equal times.
    public var sequence: UInt64
    /// Kind-specific integer (teller index, source index, packed customer slot, timer id, …).
    public var payload: UInt64
    /// What happens.
    public var kind: EventKind

    @inlinable
    public init(time: Double, sequence: UInt64, kind: EventKind, payload: UInt64) {
        self.time = time
        self.sequence = sequence
        self.kind = kind
        self.payload = payload
    }

    /// Strict `(time, sequence)` order.
    @inlinable @inline(__always)
    public static func precedes(_ a: Event, _ b: Event) -> Bool {
        a.time < b.time || (a.time == b.time && a.sequence < b.sequence)
    }
}
