/// What a core timer calls when it fires: the simulation and the timer's own id (to cancel itself).
/// Called after the event's state change (the next firing of a repeating timer is already scheduled), like an
/// observer: it may add customers, change pool sizes, set or cancel timers; it may not run the simulation.
public typealias TimerAction = (_ simulation: Simulation, _ timer: TimerID) throws -> Void

/// A core timer, as ``Simulation/addTimer(at:keepsRunAlive:_:)`` and ``Simulation/addTimer(every:from:to:keepsRunAlive:_:)``
/// return it. Ids are reused after a timer ends, with a new generation: an old id cancels nothing.
public struct TimerID: Hashable, Sendable, CustomStringConvertible {
    let slot: Int32
    let generation: UInt32

    /// The payload of the timer's events.
    var payload: UInt64 { UInt64(UInt32(bitPattern: slot)) << 32 | UInt64(generation) }

    init(slot: Int32, generation: UInt32) {
        self.slot = slot
        self.generation = generation
    }

    /// The timer whose event carries `payload` (a ``CoreError/noProgress(time:events:kind:payload:)`` of a
    /// ``EventKind/timedCall`` or ``EventKind/backgroundCall``), so a host can name the timer at fault.
    public init(payload: UInt64) {
        self.init(slot: Int32(bitPattern: UInt32(truncatingIfNeeded: payload >> 32)), generation: UInt32(truncatingIfNeeded: payload))
    }

    public var description: String { "timer \(slot).\(generation)" }
}
