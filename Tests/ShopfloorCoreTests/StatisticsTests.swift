import Testing
@testable import ShopfloorCore

@Suite("Statistics")
struct StatisticsTests {
    /// The exact nearest-rank percentile of sorted values.
    func nearestRank(_ sorted: [Double], _ p: Double) -> Double {
        sorted[max(1, Int((p / 100 * Double(sorted.count)).rounded(.up))) - 1]
    }

    @Test("percentiles are within 0.1 % (or 1 ns) of the exact nearest-rank value")
    func percentilesAreAccurate() throws {
        for seed in UInt64(0)..<20 {
            var rng = Xoshiro256StarStar(seed: seed)
            let d = try Distribution.lognormal(mean: 3, sd: 5).validated()
            var stats = DurationStatistics()
            var values: [Double] = []
            for i in 0..<Int(rng.int(1, 20_000)) {
                let x = i % 7 == 0 ? 0 : d.sample(using: &rng) * (seed % 2 == 0 ? 1 : 1e-4)
                stats.record(x)
                values.append(x)
            }
            values.sort()
            for p in [1.0, 25, 50, 90, 95, 99, 99.9, 100] {
                let exact = nearestRank(values, p)
                let got = stats.percentile(p)
                #expect(abs(got - exact) <= max(exact * 0.001, 1e-9), "seed \(seed) p\(p): \(got) vs \(exact)")
            }
            #expect(stats.max == values.last!)
            #expect(abs(stats.mean - values.reduce(0, +) / Double(values.count)) < 1e-9 * max(1, stats.mean))
        }
    }

    @Test("the time-weighted mean integrates a step function, and min/max ignore instants")
    func timeWeighted() {
        var tw = TimeWeighted(start: 0, value: 0)
        tw.set(2, at: 1)     // 0 on [0,1)
        tw.set(5, at: 3)     // 2 on [1,3)
        tw.set(9, at: 3)     // 5 held for no time
        tw.set(1, at: 4)     // 9 on [3,4)
        #expect(tw.area(until: 6) == 0 + 4 + 9 + 2)
        #expect(tw.mean(until: 6) == 15.0 / 6)
        #expect(tw.maximum(until: 6) == 9)
        #expect(tw.minimum(until: 6) == 0)
        tw.restart(at: 6)
        #expect(tw.mean(until: 8) == 1)
    }

    @Test("a warm-up reset restarts statistics without disturbing the run")
    func warmUpReset() throws {
        let warm = try BankOpenModel().make(seed: 8)
        let cold = try BankOpenModel().make(seed: 8)
        try warm.resetStatistics(at: 100)
        try warm.run(until: 500)
        try cold.run(until: 500)
        // Same customers, same clock: the reset changed only what was counted.
        #expect(warm.servedTotal == cold.servedTotal)
        #expect(warm.inSystem == cold.inSystem)
        let s = warm.summary()
        #expect(s.startTime == 100 && s.endTime == 500)
        #expect(s.served < cold.summary().served)
        #expect(abs(s.pools[0].busyTime / (2 * 400) - s.pools[0].utilisation) < 1e-12)
    }
}
