/// Named random streams derived from one run seed.
///
/// Each stream is its own ``Xoshiro256StarStar`` seeded from `(run seed, stream name)`, so adding a draw
/// in one policy (say, the `"service"` stream) never shifts the draws of another (`"arrivals"`).
/// The derivation is stable across processes and machines:
/// `seed(name) = splitmix64.mix(splitmix64.mix(runSeed) ^ fnv1a64(name))`.
///
/// ```swift
/// let streams = RandomStreams(seed: 42)
/// var arrivals = streams.stream("arrivals")
/// var service  = streams.stream("service")
/// ```
public struct RandomStreams: Sendable, Equatable {
    /// The run seed.
    public let seed: UInt64

    public init(seed: UInt64) { self.seed = seed }

    /// The seed of the stream called `name`.
    @inlinable
    public func seed(for name: String) -> UInt64 {
        SplitMix64.mix(SplitMix64.mix(seed) ^ StableHash.fnv1a64(name))
    }

    /// A fresh generator for the stream called `name` (the same name always gives the same sequence).
    /// - Complexity: O(length of `name`).
    @inlinable
    public func stream(_ name: String) -> Xoshiro256StarStar {
        Xoshiro256StarStar(seed: seed(for: name))
    }

    /// The generator for replication `index` of stream `name` (replications never share draws).
    @inlinable
    public func stream(_ name: String, replication index: Int) -> Xoshiro256StarStar {
        Xoshiro256StarStar(seed: SplitMix64.mix(seed(for: name) ^ SplitMix64.mix(UInt64(bitPattern: Int64(index)))))
    }
}
