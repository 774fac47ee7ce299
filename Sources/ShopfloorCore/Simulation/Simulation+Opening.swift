extension Simulation {
    /// Stops tellers from taking work until ``open()``: customers who arrive meanwhile wait in their
    /// lines (an arrival finding its line full still balks). Used while a scenario builds its world.
    public func close() throws {
        try checkMutable(.close)
        counter.isOpen = false
    }

    /// Lets tellers take work: every idle teller is offered the waiting customers at once, at the
    /// current time, with observers told as usual.
    /// - Throws: if a hook throws (the rest is redone on the next step, as after any hook error).
    public func open() throws {
        try checkMutable(.open)
        guard !counter.isOpen else { return }
        counter.isOpen = true
        runState.needsRecovery = true
        try recover()
    }
}
