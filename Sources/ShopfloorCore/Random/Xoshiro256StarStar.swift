/// xoshiro256** 1.0 (Blackman & Vigna), the generator behind every random draw in a run.
///
/// Fast (a few shifts and one multiply), 256 bits of state, passes BigCrush, and — unlike
/// `SystemRandomNumberGenerator` — fully determined by its seed, so a run replays byte for byte.
/// The state is the first four outputs of ``SplitMix64`` seeded with `seed`.
///
/// ```swift
/// var rng = Xoshiro256StarStar(seed: 7)
/// let u = rng.uniform()          // [0, 1), 53 random bits
/// let die = rng.int(1, 6)        // unbiased
/// ```
public struct Xoshiro256StarStar: RandomNumberGenerator, Sendable, Equatable {
    public var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    /// Seeds the four state words from SplitMix64(seed).
    @inlinable
    public init(seed: UInt64) {
        var mix = SplitMix64(seed: seed)
        s0 = mix.next(); s1 = mix.next(); s2 = mix.next(); s3 = mix.next()
    }

    /// The next 64-bit output.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    public mutating func next() -> UInt64 {
        let result = rotl(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        return result
    }

    @inlinable @inline(__always)
    func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 &- k)) }

    /// A uniform `Double` in [0, 1) built from the top 53 bits (every representable multiple of 2⁻⁵³).
    @inlinable @inline(__always)
    public mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform `Double` in (0, 1]: safe to pass to `log`.
    @inlinable @inline(__always)
    public mutating func uniformPositive() -> Double {
        Double((next() >> 11) &+ 1) * 0x1.0p-53
    }

    /// An exponential draw with the given mean (ziggurat method; see `ExponentialZiggurat`).
    @inlinable @inline(__always)
    public mutating func exponential(mean: Double) -> Double {
        mean * ExponentialZiggurat.shared.sample(using: &self)
    }

    /// A uniform integer in `lo...hi` without modulo bias (Lemire's multiply-and-reject).
    /// - Precondition: `lo <= hi` (callers validate user input first; see ``int(_:_:)-throws``).
    /// - Complexity: O(1) expected.
    @inlinable
    public mutating func int(_ lo: Int, _ hi: Int) -> Int {
        precondition(lo <= hi, "int(lo, hi) needs lo <= hi")
        let span = UInt64(bitPattern: Int64(hi) &- Int64(lo)) &+ 1
        if span == 0 { return Int(truncatingIfNeeded: next()) }  // the full 64-bit range
        return lo &+ Int(truncatingIfNeeded: bounded(span))
    }

    /// A uniform integer in `0..<bound` without modulo bias (Lemire 2019).
    @inlinable
    public mutating func bounded(_ bound: UInt64) -> UInt64 {
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }

    /// A uniformly chosen element, or `nil` for an empty collection.
    /// - Complexity: O(1) for random-access collections.
    @inlinable
    public mutating func pick<C: Collection>(_ elements: C) -> C.Element? {
        guard !elements.isEmpty else { return nil }
        let offset = Int(bounded(UInt64(elements.count)))
        return elements[elements.index(elements.startIndex, offsetBy: offset)]
    }
}
