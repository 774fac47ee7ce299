#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The limits that keep a run from going on without end, whatever the scripts do: a zero-time loop (a generator
/// answering gap 0 forever, a restock delivered at once that orders again) never moves the clock, so no stop
/// rule in simulated time can end it.
///
/// ```swift
/// sim.limits.maxEventsPerInstant = 10_000     // a zero-time loop is an error after 10,000 events at one instant
/// sim.limits.horizon = 3600                   // nothing after 3600 s is processed (`--until`)
/// sim.limits.wallClock(seconds: 5)            // stop after 5 s of wall-clock time spent running
/// ```
public struct RunLimits: Sendable, Equatable {
    /// The default for ``maxEventsPerInstant``: far above any real scenario's busiest instant (a million customers
    /// served at the same instant), far below what exhausts memory.
    public static let defaultMaxEventsPerInstant = 1_000_000

    /// Most events processed at one simulated instant; one more is ``CoreError/noProgress(time:events:kind:payload:)``.
    public var maxEventsPerInstant = RunLimits.defaultMaxEventsPerInstant
    /// No event later than this is processed, by any run method (`--until`): a hard stop.
    public var horizon = Double.infinity
    /// The monotonic clock reading (``monotonicSeconds()``) after which running stops with
    /// ``CoreError/wallClockLimit(seconds:time:)``, and the limit in seconds it was set from; nil = no limit.
    public private(set) var wallClockDeadline: (at: Double, seconds: Double)? {
        get { deadline.isFinite ? (deadline, deadlineSeconds) : nil }
        set { deadline = newValue?.at ?? .infinity; deadlineSeconds = newValue?.seconds ?? 0 }
    }
    var deadline = Double.infinity
    var deadlineSeconds = 0.0

    public init() {}

    /// Allows `seconds` of wall-clock time from now (the whole command's time: call it when the command starts).
    public mutating func wallClock(seconds: Double) {
        wallClockDeadline = (Self.monotonicSeconds() + seconds, seconds)
    }

    /// Seconds on the monotonic clock (not the time of day: immune to clock changes).
    public static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    public static func == (a: RunLimits, b: RunLimits) -> Bool {
        a.maxEventsPerInstant == b.maxEventsPerInstant && a.horizon == b.horizon && a.deadline == b.deadline
    }
}
