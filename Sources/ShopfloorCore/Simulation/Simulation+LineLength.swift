extension Simulation {
    /// Customers waiting in `line` (0 for an unknown line), without building any array: policies and
    /// views ask this per decision.
    /// - Complexity: O(1).
    public func length(ofLine line: Int) -> Int {
        guard lineStore.indices.contains(line) else { return 0 }
        return lineStore[line].count
    }
}
