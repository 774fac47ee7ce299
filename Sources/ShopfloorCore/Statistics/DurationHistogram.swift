#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A log-linear histogram of non-negative integers with 3 significant digits: the HdrHistogram layout
/// (2048 sub-buckets, unit resolution below 2048, then 1024 sub-buckets per power of two), specialised
/// for the core's durations in nanoseconds.
///
/// Performance: replaces `Histogram<UInt64>` from hdrhistogram-swift, whose generic `record` (index
/// computation, auto-resize and min/max bookkeeping on a large struct) cost ~15 % of a customer in the
/// bank-open benchmark (scripts/bench/bank-open, policies=builtin). The table covers the whole `UInt64`
/// range up front (56,320 counts), so recording never resizes; it is allocated zeroed by `calloc`, so
/// untouched buckets cost no resident memory. Buckets, percentiles and their rounding are exactly
/// HdrHistogram's, so results are unchanged: a percentile is the nearest-rank value rounded up to the
/// highest value of its bucket, at most 1/1024 above it.
///
/// Counts are 32-bit, with the (rare) carries past 2³² kept aside per bucket, so counts stay exact.
/// Performance: recording is a cache miss into a wide table (a bucket per 1/1024 of a value); 4-byte counts halve
/// the lines a run touches (bank-open, scripts/bench/bank-open: the increments were ~15 % of policies=builtin).
///
/// ```swift
/// var h = DurationHistogram()
/// h.record(1_500)
/// h.valueAtPercentile(50)     // 1500
/// ```
struct DurationHistogram: Sendable {
    /// Values below 2048 get a bucket each; above, 1024 sub-buckets per power of two.
    static let subBucketHalfCountMagnitude = 10
    static let subBucketHalfCount = 1 << subBucketHalfCountMagnitude
    static let subBucketMask: UInt64 = (1 << 11) - 1
    /// Buckets for every UInt64: (53 + 1) power-of-two buckets of 1024, plus the first half bucket.
    static let countsLength = (54 + 1) << subBucketHalfCountMagnitude

    final class Storage: @unchecked Sendable {
        /// The low 32 bits of each bucket's count.
        let counts: UnsafeMutablePointer<UInt32>
        /// The high bits of the counts that passed 2³² (bucket index → count >> 32).
        var carries: [Int: UInt64] = [:]
        var totalCount: UInt64 = 0
        var maxValue: UInt64 = 0
        var minNonZeroValue: UInt64 = .max
        /// Highest index ever incremented since the last reset (bounds scans and resets).
        var highestIndex = -1

        init() {
            guard let raw = calloc(DurationHistogram.countsLength, MemoryLayout<UInt32>.stride) else {
                preconditionFailure("out of memory for a duration histogram")
            }
            counts = raw.bindMemory(to: UInt32.self, capacity: DurationHistogram.countsLength)
        }

        deinit { free(counts) }

        /// The full count of bucket `index`.
        @inline(__always)
        func count(at index: Int) -> UInt64 {
            let low = UInt64(counts[index])
            return carries.isEmpty ? low : low | (carries[index] ?? 0) << 32
        }

        /// Adds `n` to bucket `index`, carrying past 2³².
        func add(_ n: UInt64, at index: Int) {
            let sum = UInt64(counts[index]) &+ (n & 0xFFFF_FFFF)
            counts[index] = UInt32(truncatingIfNeeded: sum)
            let carry = (sum >> 32) &+ (n >> 32)
            if carry > 0 { carries[index, default: 0] &+= carry }
        }

        func copy() -> Storage {
            let c = Storage()
            if highestIndex >= 0 { c.counts.update(from: counts, count: highestIndex + 1) }
            c.carries = carries
            c.totalCount = totalCount
            c.maxValue = maxValue
            c.minNonZeroValue = minNonZeroValue
            c.highestIndex = highestIndex
            return c
        }
    }

    private var storage = Storage()

    init() {}

    /// Values recorded.
    var totalCount: UInt64 { storage.totalCount }

    /// The counts index of `value` (HdrHistogram's `countsIndexForValue` with unit magnitude 0).
    @inline(__always)
    static func index(of value: UInt64) -> Int {
        let bucket = 53 &- (value | subBucketMask).leadingZeroBitCount
        let subBucket = Int(truncatingIfNeeded: value >> UInt64(bucket))
        return ((bucket &+ 1) << subBucketHalfCountMagnitude) &+ subBucket &- subBucketHalfCount
    }

    /// The lowest value of the bucket at `index` (HdrHistogram's `valueFromIndex`).
    static func value(at index: Int) -> UInt64 {
        var bucket = (index >> subBucketHalfCountMagnitude) - 1
        var subBucket = (index & (subBucketHalfCount - 1)) + subBucketHalfCount
        if bucket < 0 {
            subBucket -= subBucketHalfCount
            bucket = 0
        }
        return UInt64(subBucket) << UInt64(bucket)
    }

    /// The highest value equivalent to `value` (the top of its bucket).
    static func highestEquivalent(_ value: UInt64) -> UInt64 {
        let bucket = 53 - (value | subBucketMask).leadingZeroBitCount
        let subBucket = value >> UInt64(bucket)
        let lowest = subBucket << UInt64(bucket)
        let adjusted = subBucket >= 2048 ? bucket + 1 : bucket
        return lowest &+ (UInt64(1) << UInt64(adjusted)) &- 1
    }

    /// Records one value.
    /// - Complexity: O(1).
    @inline(__always)
    mutating func record(_ value: UInt64) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        let s = storage
        let i = Self.index(of: value)
        let low = s.counts[i] &+ 1
        s.counts[i] = low
        if low == 0 { s.carries[i, default: 0] &+= 1 }  // passed 2³²: the carry keeps it exact
        s.totalCount &+= 1
        if i > s.highestIndex { s.highestIndex = i }
        if value > s.maxValue { s.maxValue = value }
        if value < s.minNonZeroValue && value != 0 { s.minNonZeroValue = value }
    }

    /// Records `value` `count` times.
    /// - Complexity: O(1).
    mutating func record(_ value: UInt64, count: UInt64) {
        guard count > 0 else { return }
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        let s = storage
        let i = Self.index(of: value)
        s.add(count, at: i)
        s.totalCount &+= count
        if i > s.highestIndex { s.highestIndex = i }
        if value > s.maxValue { s.maxValue = value }
        if value < s.minNonZeroValue && value != 0 { s.minNonZeroValue = value }
    }

    /// Calls `body` with the lowest and highest value and the count of every bucket holding values, in
    /// increasing order of value.
    /// - Complexity: O(buckets in use).
    func forEachBucket(_ body: (_ lowest: UInt64, _ highest: UInt64, _ count: UInt64) -> Void) {
        let s = storage
        var i = 0
        while i <= s.highestIndex {
            let n = s.count(at: i)
            if n > 0 {
                let lowest = Self.value(at: i)
                body(lowest, Self.highestEquivalent(lowest), n)
            }
            i += 1
        }
    }

    /// How many recorded values fall in `value`'s bucket.
    func count(atValue value: UInt64) -> UInt64 { storage.count(at: Self.index(of: value)) }

    /// The smallest value recorded (0 if a 0 was recorded or nothing was).
    var min: UInt64 { (storage.count(at: 0) > 0 || storage.totalCount == 0) ? 0 : storage.minNonZeroValue }

    /// The value at `percentile` (0…100), exactly as HdrHistogram's `valueAtPercentile`.
    /// - Complexity: O(buckets in use).
    func valueAtPercentile(_ percentile: Double) -> UInt64 {
        let s = storage
        guard percentile != 0 else { return min }
        guard percentile < 100 else { return s.maxValue }
        let requested = Swift.min(Swift.max(percentile.nextDown, 0), 100)
        let fpCount = (requested * Double(s.totalCount)) / 100
        let countAtPercentile = Swift.max(1, UInt64(fpCount.rounded(.up)))
        var total: UInt64 = 0
        var i = 0
        while i <= s.highestIndex {
            total &+= s.count(at: i)
            if total >= countAtPercentile {
                let value = Self.highestEquivalent(Self.value(at: i))
                return Swift.max(Swift.min(value, s.maxValue), min)
            }
            i += 1
        }
        return 0
    }

    /// ``valueAtPercentile(_:)`` of each of `percentiles` (ascending), each walk going on from where the one
    /// before stopped: a summary asks four (p50, p90, p95, p99) of every wait and time in system.
    /// - Complexity: O(buckets in use + percentiles).
    func valuesAtPercentiles(_ percentiles: [Double]) -> [UInt64] {
        let s = storage
        var total: UInt64 = 0
        var i = 0
        return percentiles.map { percentile in
            guard percentile != 0 else { return min }
            guard percentile < 100 else { return s.maxValue }
            let requested = Swift.min(Swift.max(percentile.nextDown, 0), 100)
            let countAtPercentile = Swift.max(1, UInt64(((requested * Double(s.totalCount)) / 100).rounded(.up)))
            // The bucket where the walk stopped is counted in `total` already; it may hold this percentile too.
            if i > 0 && total >= countAtPercentile { return Swift.max(Swift.min(Self.highestEquivalent(Self.value(at: i - 1)), s.maxValue), min) }
            while i <= s.highestIndex {
                total &+= s.count(at: i)
                i += 1
                if total >= countAtPercentile {
                    return Swift.max(Swift.min(Self.highestEquivalent(Self.value(at: i - 1)), s.maxValue), min)
                }
            }
            return 0
        }
    }

    /// Forgets every value.
    /// - Complexity: O(buckets in use).
    mutating func reset() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(); return }
        let s = storage
        if s.highestIndex >= 0 { s.counts.update(repeating: 0, count: s.highestIndex + 1) }
        s.carries = [:]
        s.totalCount = 0
        s.maxValue = 0
        s.minNonZeroValue = .max
        s.highestIndex = -1
    }
}
