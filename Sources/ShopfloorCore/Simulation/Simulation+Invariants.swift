extension Simulation {
    /// Checks every counter, stock and run invariant; a violation is a bug and stops with a `precondition`.
    /// Called after every event in debug builds; tests call it directly too. Each group checks its own
    /// (``CounterState``, ``StockState``, ``RunState``); what a group cannot know — whether a policy is installed,
    /// whether work was interrupted — is passed in.
    /// - Complexity: O(customers in system + tellers × skills + events + restock orders).
    public func checkInvariants() {
        runState.checkInvariants()
        counter.checkInvariants(policyInstalled: tellerPolicy != nil, needsRecovery: runState.needsRecovery,
                                ownSkillOnly: ownSkillOnly)
        stockState.checkInvariants()
    }
}
