/// Paired differences of one group against its baseline group (same grid point, the `compare` kind set
/// to the baseline plugin), per measure, over the replications both use and both ran.
public struct GroupComparison: Sendable, Equatable {
    /// The compared group (its `use` differs from the baseline's in the `compare` kind only).
    public var group: Int
    public var baselineGroup: Int
    /// Measure name → the paired difference (group − baseline).
    public var measures: [String: PairedDifference]
}
