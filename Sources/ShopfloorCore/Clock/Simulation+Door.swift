/// Opening hours: the door closes at a time. From then on built-in arrivals stop and customers who would arrive
/// (``Simulation/arrive(_:)-(CustomerSpec)`` from a script or timer) are **refused**: counted in the task's
/// `refused`, never numbered, not arrivals and not balks (a balk is a customer who came in and found the line
/// full). Customers inside are served as usual; the counter's `close` is reported after the last of them leaves.
///
/// ```swift
/// try sim.closeDoor(at: 8 * 3600)
/// ```
extension Simulation {
    /// Closes the door at `time` (now or later), replacing an earlier closing time not yet reached.
    public func closeDoor(at time: Double) throws {
        try checkMutable(.closeDoor)
        try CoreError.require(!runState.clock.doorClosed, "closeDoor: the door is already closed")
        try CoreError.require(time.isFinite && time >= now, "closeDoor: 'at' must be a finite time >= now (\(quoted(now))), got \(quoted(time))")
        runState.clock.doorCloseTime = time
        if time == now { try handleDoorClose(); return }
        runState.scheduler.scheduleBackground(.doorClose, payload: 0, at: time)
    }

    /// Whether the door has closed.
    public var isDoorClosed: Bool { runState.clock.doorClosed }

    /// The door-closing event: arrival sources stop (their pending arrivals are dropped), later arrivals are refused.
    func handleDoorClose() throws {
        runState.clock.doorClosed = true
        for s in sources.indices { stopSource(s) }
    }

    /// Counts customers refused at the closed door (statistics since the start, as for arrivals).
    func refuse(_ specs: [CustomerSpec]) {
        for spec in specs { statisticsStore[spec.task].refused &+= 1 }
    }
}
