import Foundation

/// A paired comparison: the differences (other − baseline) replication by replication, their mean and
/// confidence half-width, and the two-sided p-value of the paired t-test (H₀: the mean difference is 0).
///
/// Cells of the same replication share their random streams (common random numbers), so the pair's noise
/// largely cancels: the paired half-width is far narrower than the two groups' own.
///
/// ```swift
/// let d = PairedDifference(other: [3, 5, 4], baseline: [1, 2, 2], confidence: 0.95)
/// d.summary.mean   // 2.333…  (differences 2, 3, 2)
/// d.pValue         // 0.0198  (t = 7 on 2 degrees of freedom)
/// ```
public struct PairedDifference: Sendable, Equatable {
    /// The differences' summary (n pairs, mean difference, its half-width…).
    public var summary: SampleSummary
    /// P(|T| ≥ |mean / standard error|) with n − 1 degrees of freedom; NaN under two pairs or when a
    /// difference is not finite. With no spread at all the test degenerates: 1 when every difference is 0,
    /// else 0.
    public var pValue: Double

    /// `other[i]` and `baseline[i]` are the same replication's values.
    public init(other: [Double], baseline: [Double], confidence: Double) {
        precondition(other.count == baseline.count, "a paired difference needs pairs")
        summary = SampleSummary(zip(other, baseline).map { $0 - $1 }, confidence: confidence)
        if summary.n < 2 || summary.standardError.isNaN {
            // Under two pairs, or a difference that is not finite (two huge values overflow): no test.
            pValue = .nan
        } else if summary.standardError == 0 {
            pValue = summary.mean == 0 ? 1 : 0
        } else {
            pValue = StudentT.twoSidedP(summary.meanOverStandardError, degreesOfFreedom: Double(summary.n - 1))
        }
    }
}
