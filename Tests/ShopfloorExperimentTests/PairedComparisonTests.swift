import Testing
@testable import ShopfloorExperiment

/// `compare`: paired differences against the baseline at each grid point, replication by replication.
struct PairedComparisonTests {
    let fixture = ResultFixture.tellers()

    /// Groups: 0 tellers=2 fifo, 1 tellers=2 cross_training, 2 tellers=3 fifo, 3 tellers=3 cross_training.
    func cells(dropping dropped: Set<Int> = []) -> [CellRecord] {
        let waits: [[Double]] = [[5, 7, 6], [4, 5, 5], [3, 3, 4], [3, 2, 4]]
        return (0..<12).filter { !dropped.contains($0) }.map { i in
            fixture.cell(i, ["w": waits[i % 4][i / 4]])
        }
    }

    @Test func handComputedExample() throws {
        let result = try fixture.result(cells())
        #expect(result.comparisons.map(\.group) == [1, 3])
        #expect(result.comparisons.map(\.baselineGroup) == [0, 2])
        // Group 1 − group 0: differences −1, −2, −1.
        let d = try #require(result.comparisons[0].measures["w"])
        #expect(d.summary.n == 3)
        #expect(abs(d.summary.mean - -4.0 / 3) < 1e-15)
        #expect(abs(d.summary.standardDeviation - (1.0 / 3).squareRoot()) < 1e-15)
        // t = −4 on 2 degrees of freedom: p = 1 − 4/√18; half-width t(0.975, 2) × se = 4.302653 / 3.
        #expect(abs(d.pValue - (1 - 4 / 18.0.squareRoot())) < 1e-12)
        #expect(abs(d.summary.halfWidth - 4.302653 / 3) < 1e-6)
        // Group 3 − group 2: differences 0, −1, 0.
        let e = try #require(result.comparisons[1].measures["w"])
        #expect(abs(e.summary.mean - -1.0 / 3) < 1e-15)
        #expect(abs(e.pValue - (1 - 1 / 3.0.squareRoot())) < 1e-12, "t = −1 on 2 degrees of freedom")
    }

    @Test func onlyReplicationsPresentInBoth() throws {
        // Cell 9 is group 1's replication 2: the pair (5, 6) drops out, leaving −1, −2.
        let result = try fixture.result(cells(dropping: [9]))
        let d = try #require(result.comparisons[0].measures["w"])
        #expect(d.summary.n == 2)
        #expect(d.summary.mean == -1.5)
        #expect(result.groups[0].measures["w"]?.n == 3, "the baseline's own figures keep all three")
    }

    @Test func aFailedCellPairsWithNothing() throws {
        var all = cells()
        all[4] = fixture.cell(4, nil, error: "bank.lua:3: boom")  // group 0's replication 1
        let result = try fixture.result(all)
        let d = try #require(result.comparisons[0].measures["w"])
        #expect(d.summary.n == 2)
        #expect(d.summary.mean == -1)  // pairs (4 − 5), (5 − 6)
        #expect(result.groups[0].failed == 1)
        #expect(result.failedCells.map(\.index) == [4])
    }

    @Test func identicalGroupsHaveNoDifference() throws {
        let same = (0..<12).map { fixture.cell($0, ["w": Double($0 / 4)]) }
        let d = try #require(try fixture.result(same).comparisons[0].measures["w"])
        #expect(d.summary.mean == 0 && d.summary.halfWidth == 0 && d.pValue == 1)
    }

    /// Differences of ±5e306 have a spread of about 1e307; their squares overflowed and the spread read as 0,
    /// so the comparison printed `1.151e+305 ± 0  p<0.001` for differences that were noise.
    @Test func hugeDifferencesKeepTheirSpread() throws {
        let base: [Double] = [5e307, 6e307, 5.5e307], other: [Double] = [5.6e307, 5.4e307, 5.7e307]
        let d = PairedDifference(other: other, baseline: base, confidence: 0.95)
        // Differences 0.6e307, −0.6e307, 0.2e307: the expected figures computed in units of 1e307.
        let diffs = [0.6, -0.6, 0.2], m = diffs.reduce(0, +) / 3
        let sd = (diffs.map { ($0 - m) * ($0 - m) }.reduce(0, +) / 2).squareRoot()
        #expect(abs(d.summary.mean - m * 1e307) <= 1e-12 * 1e307)
        #expect(abs(d.summary.standardDeviation - sd * 1e307) <= 1e-12 * 1e307)
        // t = m / (sd / √3) on 2 degrees of freedom: p = 1 − |t| / √(2 + t²).
        let t = m / (sd / 3.0.squareRoot())
        #expect(abs(d.pValue - (1 - abs(t) / (2 + t * t).squareRoot())) < 1e-9)
    }

    /// A difference that overflows (other − baseline beyond 1.8e308) has no mean, no spread and no test:
    /// the p-value read 0 ("p<0.001") beside a mean of `null`.
    @Test func anOverflowingDifferenceHasNoTest() {
        let d = PairedDifference(other: [-1.7e308, -1.7e308, -1.6e308], baseline: [1.7e308, 1.7e308, 1.7e308], confidence: 0.95)
        #expect(!d.summary.mean.isFinite)
        #expect(d.summary.standardDeviation.isNaN && d.summary.halfWidth.isNaN)
        #expect(d.pValue.isNaN)
    }
}
