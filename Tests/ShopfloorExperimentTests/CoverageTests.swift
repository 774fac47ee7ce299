import ShopfloorCore
import Testing
@testable import ShopfloorExperiment

/// The statistical check: 95 % intervals cover a known mean in 95 ± 3.3 % of experiments.
///
/// Each of 400 experiments (base seeds 1…400) has 20 replications; a replication's measure is the mean of
/// the first 200 service times drawn, exponential with mean 1.5 s, from the cell's own seed
/// (``CellSeed``) — so its exact expectation is 1.5. The cells go through ``ExperimentResult`` like a
/// real run's, so the seeds, the numbering, the summary and Student's t are what is tested. Fixed seeds:
/// the count is the same on every run (380 of 400).
struct CoverageTests {
    static let meanService = 1.5

    /// What one cell of the experiment measures: the mean of its first 200 service times.
    static func cellMeasure(seed: Int) -> Double {
        var rng = Xoshiro256StarStar(seed: UInt64(seed))
        var total = 0.0
        for _ in 0..<200 { total += rng.exponential(mean: meanService) }
        return total / 200
    }

    @Test func ninetyFivePercentIntervalsCoverTheTruth() throws {
        var covered = 0
        let experiments = 400
        for base in 1...experiments {
            let fixture = ResultFixture.single(replications: .fixed(count: 20), seed: base)
            let cells = (0..<20).map { r in
                fixture.cell(r, ["classes.service.mean_time": Self.cellMeasure(seed: CellSeed.seed(base: base, replication: r))])
            }
            let result = try fixture.result(cells)
            let s = try #require(result.groups[0].measures["classes.service.mean_time"])
            #expect(s.n == 20)
            if abs(s.mean - Self.meanService) <= s.halfWidth { covered += 1 }
        }
        // 95 % ± 3.3 % of 400: 367 to 393 (about three standard errors of a binomial proportion).
        #expect((367...393).contains(covered), "covered \(covered) of \(experiments)")
    }

    /// The replications of one experiment are independent draws: different seeds, different values.
    @Test func cellSeedsDiffer() {
        let seeds = (0..<20).map { CellSeed.seed(base: 7, replication: $0) }
        #expect(Set(seeds).count == 20)
        #expect(Set(seeds.map(Self.cellMeasure)).count == 20)
    }
}
