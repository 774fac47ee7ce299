/// The validated payload of ``Distribution/discrete(_:)``: values with cumulative weights for O(log n) draws.
public struct DiscreteTable: Sendable, Equatable, Hashable, Codable {
    /// The values, in the order given.
    public let values: [Double]
    /// The relative weights, in the order given.
    public let weights: [Double]
    /// Running sums of `weights`; the last one is the total.
    @usableFromInline let cumulative: [Double]

    /// Validates: same length, at least one value, finite values, non-negative finite weights, positive total.
    public init(values: [Double], weights: [Double]) throws(CoreError) {
        try CoreError.require(!values.isEmpty, "discrete: 'values' must not be empty")
        try CoreError.require(values.count == weights.count,
            "discrete: 'weights' must have one weight per value (\(values.count) values, got \(weights.count) weights)")
        var running = 0.0
        var sums: [Double] = []
        sums.reserveCapacity(weights.count)
        for (i, w) in weights.enumerated() {
            try CoreError.require(values[i].isFinite, "discrete: 'values[\(i + 1)]' must be finite, got \(values[i])")
            try CoreError.require(w.isFinite && w >= 0, "discrete: 'weights[\(i + 1)]' must be >= 0, got \(quoted(w))")
            running += w
            sums.append(running)
        }
        try CoreError.require(running > 0, "discrete: the sum of 'weights' must be > 0, got \(quoted(running))")
        self.values = values
        self.weights = weights
        self.cumulative = sums
    }

    /// The weighted mean of the values.
    public var mean: Double {
        zip(values, weights).reduce(0) { $0 + $1.0 * $1.1 } / cumulative[cumulative.count - 1]
    }

    /// One draw.
    /// - Complexity: O(log n).
    @inlinable
    public func sample(using rng: inout Xoshiro256StarStar) -> Double {
        values[index(for: rng.uniform() * cumulative[cumulative.count - 1])]
    }

    /// The first index whose cumulative weight exceeds `target` (a zero weight is never chosen).
    @inlinable
    func index(for target: Double) -> Int {
        var lo = 0, hi = cumulative.count - 1
        while lo < hi {
            let mid = (lo + hi) >> 1
            if cumulative[mid] > target { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
