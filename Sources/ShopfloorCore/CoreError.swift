/// The one error type of ShopfloorCore.
///
/// Bad input (from Lua, files or the command line) is never a trap: it becomes a `CoreError` whose
/// message quotes the offending parameter, SimPy style (`'mean' must be > 0, got -1`).
/// A broken invariant, by contrast, is a bug and stops the process with a `precondition`.
public enum CoreError: Error, CustomStringConvertible, Sendable {
    /// A parameter is out of range or malformed; the message quotes it.
    case invalidArgument(String)
    /// An event was scheduled before the current virtual time.
    case scheduledInThePast(now: Double, requested: Double)
    /// A name (task, item, recipe, pool, line) that the core does not know.
    case unknownName(kind: String, name: String)
    /// A recipe could not be made; nothing was taken.
    case shortage(Shortage)
    /// A hook installed by the scripting layer threw `underlying` (kept as is, so a Lua error keeps its
    /// traceback). The core stopped in a consistent state.
    case hookFailed(hook: String, underlying: any Error)
    /// A simulation method was called where it is not allowed (e.g. `run` from inside an observer): which one, and
    /// why (typed, so a host can name the call its user made: ``Refusal``).
    case refused(Refusal)
    /// Something else asked where it is not allowed (a snapshot restored into another simulation).
    case notAllowed(String)
    /// A zero-time loop: `events` events at simulated time `time` without the clock moving
    /// (``RunLimits/maxEventsPerInstant``); `kind` and `payload` are the next event's (which source, which order).
    case noProgress(time: Double, events: Int, kind: EventKind, payload: UInt64)
    /// The run used up its wall-clock limit (``RunLimits/wallClock(seconds:)``) at simulated time `time`.
    case wallClockLimit(seconds: Double, time: Double)

    public var description: String {
        switch self {
        case .invalidArgument(let message):
            return message
        case let .scheduledInThePast(now, requested):
            return "cannot schedule an event at \(requested): the clock is already at \(now)"
        case let .unknownName(kind, name):
            return "unknown \(kind) '\(name)'"
        case .shortage(let shortage):
            return shortage.description
        case let .hookFailed(hook, underlying):
            return "\(hook) failed: \(underlying)"
        case .refused(let refusal):
            return refusal.description
        case .notAllowed(let message):
            return message
        case let .noProgress(time, events, kind, _):
            return "no progress: \(events) events at simulated time \(quoted(time)) and the clock never moves "
                + "(a zero-time loop, e.g. \(kind.zeroTimeLoopExample)); stopped at the limit of events per instant"
        case let .wallClockLimit(seconds, time):
            return "the run used up its wall-clock limit of \(quoted(seconds)) s (stopped at simulated time \(quoted(time)))"
        }
    }

    /// Throws `invalidArgument` with `message` unless `condition` holds.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(CoreError) {
        if !condition { throw CoreError.invalidArgument(message()) }
    }
}

/// Formats a number the way error messages quote it: `-1`, not `-1.0`.
@usableFromInline
func quoted(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
