import Testing
@testable import ShopfloorExperiment

/// One measure's figures over replications, and their edge cases.
struct SampleSummaryTests {
    @Test func textbookSample() {
        let s = SampleSummary([2, 4, 4, 4, 5, 5, 7, 9], confidence: 0.95)
        #expect(s.n == 8)
        #expect(s.mean == 5)
        #expect(abs(s.standardDeviation - (32.0 / 7).squareRoot()) < 1e-14)
        #expect(abs(s.standardError - (32.0 / 7 / 8).squareRoot()) < 1e-14)
        // t(0.975, 7) = 2.364624.
        #expect(abs(s.halfWidth - 2.364624 * (32.0 / 7 / 8).squareRoot()) < 1e-6)
        #expect(abs(s.relativeHalfWidth - s.halfWidth / 5) < 1e-15)
        #expect(s.minimum == 2 && s.maximum == 9)
    }

    /// A one-pass Σx² − n·mean² loses every digit here; two passes keep them.
    @Test func tinySpreadOnAHugeMean() {
        let s = SampleSummary([1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16], confidence: 0.95)
        #expect(s.mean == 1e9 + 10)
        #expect(abs(s.standardDeviation - 30.0.squareRoot()) < 1e-6)
    }

    @Test func tooFewValues() {
        let none = SampleSummary([], confidence: 0.95)
        #expect(none.n == 0 && none.mean.isNaN && none.halfWidth.isNaN && none.minimum.isNaN)
        let one = SampleSummary([3.5], confidence: 0.95)
        #expect(one.n == 1 && one.mean == 3.5 && one.standardDeviation.isNaN && one.halfWidth.isNaN)
        #expect(one.minimum == 3.5 && one.maximum == 3.5)
    }

    @Test func equalValuesArePrecise() {
        let s = SampleSummary([0, 0, 0], confidence: 0.95)
        #expect(s.halfWidth == 0 && s.relativeHalfWidth == 0)
        let spread = SampleSummary([-1, 1], confidence: 0.95)
        #expect(spread.relativeHalfWidth.isInfinite, "a zero mean with spread is never precise")
    }

    /// Squares of deviations beyond 1e154 overflowed, and ∞ − ∞ became a standard deviation of 0: values
    /// spread over 1e200 read as "every value equal" (half-width 0, relative precision 0, so the sequential
    /// rule called the group precise). Sums near 1e308 overflowed the mean into `null`.
    @Test func hugeValuesKeepTheirSpread() {
        let s = SampleSummary([1e200, 2e200, 3e200, 4e200], confidence: 0.95)
        #expect(abs(s.mean - 2.5e200) <= 1e-15 * 2.5e200)
        let sd = (5.0 / 3).squareRoot() * 1e200
        #expect(abs(s.standardDeviation - sd) <= 1e-14 * sd)
        #expect(abs(s.halfWidth - 3.182446305284263 * sd / 2) <= 1e-12 * sd)
        #expect(abs(s.relativeHalfWidth - 3.182446305284263 * (5.0 / 3).squareRoot() / 2 / 2.5) < 1e-12)
        let near = SampleSummary([1.5e308, 1.6e308, 1.7e308], confidence: 0.95)
        #expect(abs(near.mean - 1.6e308) <= 1e-15 * 1.6e308)
        #expect(abs(near.standardDeviation - 1e307) <= 1e-12 * 1e307)
        let constant = SampleSummary([1.7e308, 1.7e308], confidence: 0.95)
        #expect(constant.mean == 1.7e308 && constant.standardDeviation == 0 && constant.relativeHalfWidth == 0)
    }

    /// Squares of deviations below 1e-154 underflowed to 0: a real spread read as none.
    @Test func tinyValuesKeepTheirSpread() {
        let s = SampleSummary([1e-200, 2e-200, 3e-200, 4e-200], confidence: 0.95)
        let sd = (5.0 / 3).squareRoot() * 1e-200
        #expect(abs(s.mean - 2.5e-200) <= 1e-15 * 2.5e-200)
        #expect(abs(s.standardDeviation - sd) <= 1e-14 * sd)
        #expect(abs(s.relativeHalfWidth - 3.182446305284263 * (5.0 / 3).squareRoot() / 2 / 2.5) < 1e-12)
    }

    /// A figure too large to represent is ∞ (rendered `null`), and values that are not finite leave no
    /// spread at all: never a standard deviation of 0.
    @Test func unrepresentableFiguresAreNotNumbers() {
        let wide = SampleSummary([-1.7e308, 1.7e308], confidence: 0.95)
        #expect(wide.mean == 0)
        #expect(wide.standardDeviation.isInfinite && wide.halfWidth.isInfinite)
        #expect(wide.relativeHalfWidth.isInfinite, "a zero mean with spread is never precise")
        let infinite = SampleSummary([1, .infinity, 3], confidence: 0.95)
        #expect(infinite.mean == .infinity)
        #expect(infinite.standardDeviation.isNaN && infinite.halfWidth.isNaN && infinite.relativeHalfWidth.isNaN)
    }
}
