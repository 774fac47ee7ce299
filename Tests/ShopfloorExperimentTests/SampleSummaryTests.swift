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
}
