import Foundation
import Testing
@testable import ShopfloorCore

/// `DurationStatistics.percentiles(_:)` walks the histogram once for several percentiles (a summary asks four of
/// every figure); it must answer exactly what `percentile(_:)` answers for each, whatever the data: zeros (a
/// customer served at once), values past the histogram's range, one value, none.
@Suite("Several percentiles in one walk")
struct PercentilesOnePassTests {
    static let asked: [Double] = [0, 0.1, 1, 25, 50, 80, 90, 95, 99, 99.9, 100]

    @Test(arguments: [0, 1, 7, 1000, 50_000])
    func test_percentiles_equalEachPercentile(count: Int) {
        var rng = Xoshiro256StarStar(seed: UInt64(count) + 11)
        var stats = DurationStatistics()
        for k in 0..<count {
            let u = Double(rng.next() >> 11) / Double(1 << 53)
            switch k % 5 {
            case 0: stats.record(0)                                          // served at once
            case 1: stats.record(-log(1 - u) * 30)                           // exponential
            case 2: stats.record(u < 0.01 ? 1e11 : u * 1e-6)                 // past the range, or tiny
            default: stats.record(u * 600)
            }
        }
        #expect(stats.percentiles(Self.asked) == Self.asked.map(stats.percentile))
        let summary = stats.summary
        #expect([summary.p50, summary.p90, summary.p95, summary.p99] == [50, 90, 95, 99].map(stats.percentile))
    }
}
