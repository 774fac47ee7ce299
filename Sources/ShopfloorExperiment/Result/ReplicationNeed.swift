/// What a short group still needs: how many more replications, which, and their cell indices.
///
/// Numbering is replication-major (`index = replication × groupCount + group`): one group's cells are
/// `groupCount` apart, and the next batch of *every* group is one contiguous index range
/// (``ExperimentResult/neededCells``).
public struct ReplicationNeed: Sendable, Equatable {
    public var group: Int
    public var point: [String: FactorValue]
    public var use: [String: String]
    /// How many replications are missing (below the count or checkpoint to reach).
    public var more: Int
    /// The replications to run, ascending.
    public var replications: [Int]
    /// Their cell indices, ascending.
    public var cells: [Int]
}
