/// The end of a run, and the notification after each event.
extension Simulation {
    /// Reports the end of the run to ``CounterObservers/onEnd``, once: call it when a run stops normally — a stop
    /// rule met, the time limit (`--until`) reached, nothing left to do, a Ctrl-C between events — after the last
    /// event (and after `close`, which ``runUntilIdle(maxEvents:)`` reports). The core cannot tell which run call
    /// is the last; the caller can. Nothing is reported if the last run call stopped with an error (a hook that
    /// threw, a broken limit: ``CoreError/noProgress(time:events:kind:payload:)``, the wall-clock limit), nor a
    /// second time (until ``reset()``).
    /// - Returns: whether the end was reported now.
    /// - Throws: what the observer throws (wrapped in ``CoreError/hookFailed(hook:underlying:)``); the end counts
    ///   as reported.
    @discardableResult
    public func endRun() throws -> Bool {
        try checkMutable(.endRun)
        if isRunning || busyDepth > 0 { throw CoreError.refused(Refusal(.endRun, .running)) }
        guard !runState.clock.endReported, !runState.clock.lastRunFailed else { return false }
        runState.clock.endReported = true
        guard let onEnd = observers.onEnd else { return true }
        reportingEnd = true
        defer { reportingEnd = false }
        do { try onEnd(self) } catch { throw CoreError.hookFailed(hook: "end observer", underlying: error) }
        return true
    }

    /// Whether the end of the run was reported.
    public var hasEnded: Bool { runState.clock.endReported }

    /// Calls ``CounterObservers/onEventDone`` after an event (only when installed: `watchesEvents`).
    @inline(never)
    func notifyEventDone(_ event: Event) throws {
        guard let onEventDone = observers.onEventDone else { return }
        do { try onEventDone(event, self) } catch { throw CoreError.hookFailed(hook: "event observer", underlying: error) }
    }

    /// For ``reset()``: timers and schedules end, the door opens, every teller is back, the end is not reported.
    ///
    /// Every timer slot stays, free, one generation on: a ``TimerID`` from before the reset (a Lua handle of
    /// `shopfloor.every`) then names no timer made after it. Starting the slots afresh gave a new timer the old id,
    /// and the old handle said `active()` and cancelled the new timer.
    func resetClock() {
        let generations = runState.clock.timerGenerations
        runState.clock = ClockState()
        runState.clock.timers = ContiguousArray(repeating: nil, count: generations.count)
        runState.clock.timerGenerations = ContiguousArray(generations.map { $0 &+ 1 })
        runState.clock.freeTimers = (0..<Int32(generations.count)).reversed()
        for t in tellerStates.indices {
            tellerStates[t].away = false
            tellerStates[t].leaving = false
        }
        for p in poolStore.indices {
            poolStore[p].presentCount = poolStore[p].tellers.count
            poolStore[p].present = nil
        }
    }
}
