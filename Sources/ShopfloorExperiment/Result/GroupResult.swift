/// One group's figures: a grid point under one plugin choice, its replication decision and, per measure
/// (expanded name), the summary over the replications the decision uses.
public struct GroupResult: Sendable, Equatable {
    /// The group's number (0 ..< the design's groupCount).
    public var group: Int
    /// The grid point's parameter values, by factor name.
    public var point: [String: FactorValue]
    /// The plugin chosen per kind.
    public var use: [String: String]
    public var decision: ReplicationDecision
    /// Cells of this group present, whether used or not, failed or not.
    public var cellsPresent: Int
    /// Cells among the used replications that failed (they count in no measure).
    public var failed: Int
    /// Measure name → summary over the used replications that ran and have it.
    public var measures: [String: SampleSummary]
}
