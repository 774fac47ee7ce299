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

    /// How many of 400 experiments (base seeds 1…400) of `replications` cells have a 95 % interval
    /// covering the exact mean; also how many the normal's 1.96 would cover.
    static func coverage(replications: Int) throws -> (t: Int, normal: Int) {
        var covered = 0, normal = 0
        for base in 1...400 {
            let fixture = ResultFixture.single(replications: .fixed(count: replications), seed: base)
            let cells = (0..<replications).map { r in
                fixture.cell(r, ["classes.service.mean_time": Self.cellMeasure(seed: CellSeed.seed(base: base, replication: r))])
            }
            let result = try fixture.result(cells)
            let s = try #require(result.groups[0].measures["classes.service.mean_time"])
            #expect(s.n == replications)
            if abs(s.mean - Self.meanService) <= s.halfWidth { covered += 1 }
            if abs(s.mean - Self.meanService) <= 1.959964 * s.standardError { normal += 1 }
        }
        return (covered, normal)
    }

    @Test func ninetyFivePercentIntervalsCoverTheTruth() throws {
        let covered = try Self.coverage(replications: 20).t
        // 95 % ± 3.3 % of 400: 367 to 393 (about three standard errors of a binomial proportion).
        #expect((367...393).contains(covered), "covered \(covered) of 400")
    }

    /// With 5 replications the normal's 1.96 covers 357 of 400 (89 %): Student's t (2.776 on 4 degrees of freedom,
    /// 381 of 400) is what keeps the promise.
    @Test func fewReplicationsNeedStudentsT() throws {
        let (covered, normal) = try Self.coverage(replications: 5)
        #expect((367...393).contains(covered), "covered \(covered) of 400")
        #expect(normal < 367, "1.96 × se would cover \(normal) of 400")
    }

    /// The replications of one experiment are independent draws: different seeds, different values.
    @Test func cellSeedsDiffer() {
        let seeds = (0..<20).map { CellSeed.seed(base: 7, replication: $0) }
        #expect(Set(seeds).count == 20)
        #expect(Set(seeds.map(Self.cellMeasure)).count == 20)
    }
}
