import Testing
@testable import ShopfloorCore

/// The report's wait histograms are real counts from the histogram's buckets (issue 12 item 5): every bin is
/// exact but for values within a bucket's width (0.1 %) of its edges.
@Suite("Wait histogram bins")
struct WaitHistogramBinTests {
    @Test("bin counts match exact counts up to values within 0.1 % of an edge", arguments: [UInt64(7), 8, 9])
    func binsAreRealCounts(seed: UInt64) {
        var rng = Xoshiro256StarStar(seed: seed)
        var stats = DurationStatistics()
        var values: [Double] = []
        for i in 0..<20_000 {
            let v = i % 5 == 0 ? 0 : rng.exponential(mean: 2)  // a fifth served at once, as at a real counter
            values.append(v)
            stats.record(v)
        }
        let top = stats.percentile(99.5)
        let edges = (0...24).map { Double($0) * top / 24 }
        let binned = stats.binCounts(edges: edges)
        #expect(binned.counts.reduce(0, +) + binned.beyond == values.count)
        for i in 0..<24 {
            let exact = values.filter { $0 >= edges[i] && $0 < edges[i + 1] }.count
            let nearEdge = values.filter { v in [edges[i], edges[i + 1]].contains { abs(v - $0) <= $0 / 1000 + 1e-9 } }.count
            #expect(abs(binned.counts[i] - exact) <= nearEdge, "bin \(i): \(binned.counts[i]) vs exact \(exact)")
        }
        #expect(binned.counts[0] >= 4_000)  // the zeros are in the first bin
    }
}
