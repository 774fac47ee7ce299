import Testing
@testable import ShopfloorCore

/// ``DurationHistogram`` keeps 32-bit counts per bucket and carries past 2³² aside: counts stay exact.
@Suite("Duration histogram counts")
struct HistogramCountTests {
    @Test("a bucket past 2³² keeps its exact count, and percentiles see it")
    func countsCarryPast32Bits() {
        var h = DurationHistogram()
        let big = UInt64(UInt32.max)
        h.record(1_000, count: big)       // one below the wrap
        h.record(1_000)                    // wraps the 32-bit count: the carry keeps 2³²
        h.record(1_000, count: big + 3)    // carries again, by more than 2³² at once
        h.record(5_000_000)
        #expect(h.count(atValue: 1_000) == 2 * big + 4)
        #expect(h.totalCount == 2 * big + 5)
        // All but one value sit in 1,000's bucket: every percentile below the last value's share is 1,000.
        #expect(h.valueAtPercentile(50) == 1_000)
        #expect(h.valueAtPercentile(99.9999999) == 1_000)
        #expect(h.valueAtPercentile(100) == 5_000_000)
        #expect(h.min == 1_000)
    }

    @Test("a copy keeps its own counts and carries; a reset forgets them")
    func copiesAndResetsIncludeCarries() {
        var h = DurationHistogram()
        h.record(7, count: UInt64(UInt32.max) + 2)
        var copy = h
        copy.record(7)
        #expect(h.count(atValue: 7) == UInt64(UInt32.max) + 2)
        #expect(copy.count(atValue: 7) == UInt64(UInt32.max) + 3)
        h.reset()
        #expect(h.count(atValue: 7) == 0 && h.totalCount == 0)
        h.record(7)
        #expect(h.count(atValue: 7) == 1)
        #expect(copy.count(atValue: 7) == UInt64(UInt32.max) + 3)
    }
}
