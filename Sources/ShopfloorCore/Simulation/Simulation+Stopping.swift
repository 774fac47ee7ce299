extension Simulation {
    // MARK: Runs a prompt can stop

    /// Processes events in order up to and including time `time`, asking `shouldStop` before each event
    /// and stopping there — between two events, at a consistent state — when it answers `true`.
    /// Unlike ``run(until:)`` the clock is not moved past the last event: call `run(until:)` afterwards
    /// to finish (it then only advances the clock).
    ///
    /// The REPL's `:run` and `:step` use it so that Ctrl-C ends at an event boundary and the events done so
    /// far stand. Not for hot loops: `shouldStop` is a closure call per event.
    /// - Returns: `true` if every event up to `time` was processed, `false` if `shouldStop` stopped it.
    /// - Throws: if a hook throws (see "Hooks that throw" on ``Simulation``).
    @discardableResult
    public func runEvents(through time: Double = .infinity, stoppingWhen shouldStop: () -> Bool) throws -> Bool {
        try beginRun(.run)
        defer { isRunning = false }
        if runState.needsRecovery { try recover() }
        while let next = nextEventTime, next <= time {
            if time == .infinity && onlyBackgroundLeft() { break }  // "until nothing is left": background does not count
            if shouldStop() { return false }
            if !(try stepOne()) { break }
        }
        return true
    }
}
