extension Simulation {
    /// Checks every counter, stock and run invariant; a violation is a bug and stops with a `precondition`.
    /// Called after every event in debug builds; tests call it directly too. Each group's checks live
    /// in its file (``CounterState``, ``StockState``, ``RunState``, ``NetworkState``).
    /// - Complexity: O(customers in system + tellers × skills + events + restock orders).
    public func checkInvariants() {
        runState.checkInvariants()
        checkCounterInvariants()
        checkStockInvariants()
        checkNetworkInvariants()
        precondition(afterEventWork == (network.tracksJourneys || watchesEvents), "after-event flag out of step")
    }
}
