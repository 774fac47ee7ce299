/// Streaming statistics of a duration (wait, time in system): exact count, mean and max, and percentiles
/// from a histogram with HdrHistogram's layout (``DurationHistogram``).
///
/// Durations are recorded in integer **nanoseconds** with 3 significant digits, so a reported percentile is
/// the exact nearest-rank value rounded up to its histogram bucket: at most 1/1024 (< 0.1 %) above it, or
/// within 1 ns for tiny values. Memory is constant (a table covering every duration, resident only where
/// buckets are used: a few hundred KB), whatever the number of customers. Zero durations (a customer served at once — often half
/// of them) are only counted, not put in the histogram: exact, and one histogram update fewer on the hot path.
public struct DurationStatistics: Sendable {
    /// Values recorded.
    public private(set) var count = 0
    /// Exact sum in seconds (for the mean; the histogram's own mean is bucketed).
    public private(set) var sum = 0.0
    /// Exact largest value in seconds.
    public private(set) var max = 0.0
    /// Values that were exactly 0 (kept out of the histogram).
    public private(set) var zeros = 0
    var histogram = DurationHistogram()

    public init() {}

    /// Records one duration (seconds, ≥ 0).
    /// - Complexity: O(1).
    @inline(__always)
    public mutating func record(_ seconds: Double) {
        count &+= 1
        guard seconds > 0 else { zeros &+= 1; return }
        sum += seconds
        if seconds > max { max = seconds }
        // Nanoseconds, rounded half up (durations are never negative, so no `rounded()` libm call is needed).
        histogram.record(Self.nanoseconds(seconds))
    }

    /// The longest duration the histogram resolves: 2⁶⁴ ns ≈ 1.8·10¹⁰ s (584 years). Longer ones share its top
    /// bucket; a percentile that falls there is reported as the exact ``max``.
    public static let histogramLimit = 18_446_744_073.709_551_615

    /// `seconds` (> 0) in nanoseconds, rounded half up; saturated at `UInt64.max` instead of trapping.
    @inline(__always)
    static func nanoseconds(_ seconds: Double) -> UInt64 {
        let ns = seconds * 1e9 + 0.5
        // 2⁶⁴ is exact as a Double; below it the conversion cannot trap.
        return ns < 18_446_744_073_709_551_616.0 ? UInt64(ns) : .max
    }

    /// The mean in seconds (0 when empty).
    public var mean: Double { count > 0 ? sum / Double(count) : 0 }

    /// The `percentile` (0…100) by nearest rank, in seconds (0 when empty).
    public func percentile(_ percentile: Double) -> Double {
        guard count > 0 else { return 0 }
        if percentile >= 100 { return max }
        // Nearest rank among all values; ranks up to `zeros` are the zeros, the rest are ranks in the histogram.
        let rank = Swift.max(1, Int((percentile / 100 * Double(count)).rounded(.up)))
        if rank <= zeros { return 0 }
        let nonZero = count - zeros
        let inner = Double(rank - zeros) / Double(nonZero) * 100
        let value = histogram.valueAtPercentile(Swift.min(inner, 100))
        // The saturated top bucket holds every duration past the histogram's range: only the max is known exactly.
        if value >= DurationHistogram.highestEquivalent(.max) { return max }
        return Double(value) / 1e9
    }

    /// How many recorded durations fall in each bin `[edges[i], edges[i+1])` (seconds, increasing), and how many
    /// at or beyond the last edge: real counts from the histogram's buckets, each bucket placed by its midpoint,
    /// so only values within a bucket's width (< 0.1 %) of an edge can land in the neighbouring bin. Zero
    /// durations count in the first bin when it starts at 0.
    /// - Complexity: O(histogram buckets in use + bins).
    public func binCounts(edges: [Double]) -> (counts: [Int], beyond: Int) {
        guard edges.count >= 2 else { return ([], count) }
        var counts = [Int](repeating: 0, count: edges.count - 1)
        var beyond = 0
        func add(_ seconds: Double, _ n: Int) {
            if seconds < edges[0] { return }
            if seconds >= edges[edges.count - 1] { beyond += n; return }
            // Binary search for the bin: the last edge <= seconds.
            var lo = 0, hi = edges.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if edges[mid] <= seconds { lo = mid } else { hi = mid }
            }
            counts[lo] += n
        }
        add(0, zeros)
        histogram.forEachBucket { lowest, highest, n in
            let midpoint = (Double(lowest) + Double(highest)) / 2 / 1e9
            add(Swift.min(midpoint, max), Int(clamping: n))
        }
        return (counts, beyond)
    }

    /// Adds every duration `other` recorded, as if recorded here (a station's waits from its tasks'): counts,
    /// sum and max exact, the histogram's buckets added.
    /// - Complexity: O(buckets in use in `other`).
    public mutating func merge(_ other: DurationStatistics) {
        // Into an empty one (a station's or journey's first task): a copy, not a walk of the histogram's buckets.
        if count == 0 { self = other; return }
        count &+= other.count
        zeros &+= other.zeros
        sum += other.sum
        if other.max > max { max = other.max }
        var histogram = self.histogram
        other.histogram.forEachBucket { lowest, _, n in histogram.record(lowest, count: n) }
        self.histogram = histogram
    }

    /// Forgets everything (warm-up reset).
    public mutating func reset() {
        count = 0
        zeros = 0
        sum = 0
        max = 0
        histogram.reset()
    }

    /// The summary figures.
    public var summary: DurationSummary {
        let p = percentiles([50, 90, 95, 99])
        return DurationSummary(count: count, mean: mean, p50: p[0], p90: p[1], p95: p[2], p99: p[3], max: max)
    }

    /// ``percentile(_:)`` of each of `percentiles` (ascending), with one walk of the histogram.
    public func percentiles(_ percentiles: [Double]) -> [Double] {
        guard count > 0 else { return percentiles.map { _ in 0 } }
        var out = [Double](repeating: 0, count: percentiles.count)
        var inner: [Double] = [], positions: [Int] = []
        for (k, percentile) in percentiles.enumerated() {
            if percentile >= 100 { out[k] = max; continue }
            let rank = Swift.max(1, Int((percentile / 100 * Double(count)).rounded(.up)))
            if rank <= zeros { continue }
            inner.append(Swift.min(Double(rank - zeros) / Double(count - zeros) * 100, 100))
            positions.append(k)
        }
        for (value, k) in zip(histogram.valuesAtPercentiles(inner), positions) {
            out[k] = value >= DurationHistogram.highestEquivalent(.max) ? max : Double(value) / 1e9
        }
        return out
    }
}
