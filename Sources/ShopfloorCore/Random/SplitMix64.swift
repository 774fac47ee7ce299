/// Sebastiano Vigna's SplitMix64: a tiny generator used here only to expand seeds.
///
/// xoshiro256** must not start from a state with low entropy (or all zeros), so its four state words are
/// the first four SplitMix64 outputs of the user's seed, as the xoshiro authors recommend.
///
/// ```swift
/// var mix = SplitMix64(seed: 42)
/// let word = mix.next()
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public var state: UInt64

    @inlinable
    public init(seed: UInt64) { state = seed }

    /// The next 64-bit output.
    /// - Complexity: O(1).
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The SplitMix64 finaliser: a bijective avalanche of one word (also used to mix stream names into seeds).
    @inlinable
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
