#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A probability distribution as a value: what a task's service time, an arrival gap or a patience is drawn from.
///
/// Cases carry their parameters and are validated by ``validated()`` (the core validates every distribution
/// it is given before the first draw, so `sample(using:)` itself never checks).
///
/// ```swift
/// let service = try Distribution.exponential(mean: 0.7).validated()
/// var rng = Xoshiro256StarStar(seed: 1)
/// let t = service.sample(using: &rng)
/// ```
public enum Distribution: Sendable, Equatable, Hashable, Codable {
    /// Always `value`.
    case fixed(Double)
    /// Uniform on [a, b).
    case uniform(Double, Double)
    /// Exponential with the given mean (rate = 1/mean).
    case exponential(mean: Double)
    /// Normal (Gaussian). Used as a duration, a negative draw counts as 0 (see ``sampleDuration(using:)``).
    case normal(mean: Double, sd: Double)
    /// Log-normal given by the mean and standard deviation **of the value itself** (not of its logarithm),
    /// because that is what people measure at a counter. The underlying normal has
    /// `σ² = ln(1 + sd²/mean²)` and `μ = ln(mean) − σ²/2`.
    case lognormal(mean: Double, sd: Double)
    /// Erlang: the sum of `k` exponentials, with overall `mean` (each phase has mean `mean / k`).
    case erlang(k: Int, mean: Double)
    /// Gamma with `shape` (k) and `scale` (θ); mean = shape × scale.
    case gamma(shape: Double, scale: Double)
    /// A finite set of values with relative weights (an empirical distribution).
    case discrete(DiscreteTable)

    /// A discrete/empirical distribution over `values` with relative `weights` (validated here).
    public static func discrete(values: [Double], weights: [Double]) throws(CoreError) -> Distribution {
        .discrete(try DiscreteTable(values: values, weights: weights))
    }

    /// The mean of what is drawn as a duration (``sampleDuration(using:)``): what the core serves with, what
    /// `:mean()` and `service_means()` report and what policies rank by. For every distribution a duration may
    /// be drawn from this is its theoretical mean, except `normal`, whose negative draws count as 0: its mean is
    /// that of the normal clamped at 0, `m·Φ(m/sd) + sd·φ(m/sd)` (see ``normalMeanClampedAtZero(mean:sd:)``).
    public var mean: Double {
        switch self {
        case .fixed(let v): return v
        case let .uniform(a, b): return (a + b) / 2
        case .exponential(let m): return m
        case let .normal(m, sd): return Self.normalMeanClampedAtZero(mean: m, sd: sd)
        case .lognormal(let m, _): return m
        case .erlang(_, let m): return m
        case let .gamma(shape, scale): return shape * scale
        case .discrete(let table): return table.mean
        }
    }

    /// The mean of `max(X, 0)` for X normal with `mean` and `sd`: `m·Φ(m/sd) + sd·φ(m/sd)` (`max(m, 0)` when
    /// sd = 0), Φ and φ the standard normal distribution and density.
    public static func normalMeanClampedAtZero(mean m: Double, sd: Double) -> Double {
        guard sd > 0 else { return Swift.max(m, 0) }
        let z = m / sd
        let cdf = 0.5 * erfc(-z / 2.0.squareRoot())
        let density = exp(-0.5 * z * z) / (2 * Double.pi).squareRoot()
        return m * cdf + sd * density
    }

    /// One draw.
    /// - Complexity: O(1), except `erlang` (O(k) for k ≤ 16) and `discrete` (O(log n)).
    @inlinable
    public func sample(using rng: inout Xoshiro256StarStar) -> Double {
        switch self {
        case .fixed(let v):
            return v
        case let .uniform(a, b):
            return a + (b - a) * rng.uniform()
        case .exponential(let m):
            return m * ExponentialZiggurat.shared.sample(using: &rng)
        case let .normal(m, sd):
            return m + sd * Self.standardNormal(using: &rng)
        case let .lognormal(m, sd):
            let sigma2 = log1p((sd * sd) / (m * m))
            let mu = log(m) - sigma2 / 2
            return exp(mu + sigma2.squareRoot() * Self.standardNormal(using: &rng))
        case let .erlang(k, m):
            if k <= 16 {
                var product = 1.0
                for _ in 0..<k { product *= rng.uniformPositive() }
                return -(m / Double(k)) * log(product)
            }
            return Self.gamma(shape: Double(k), using: &rng) * (m / Double(k))
        case let .gamma(shape, scale):
            return Self.gamma(shape: shape, using: &rng) * scale
        case .discrete(let table):
            return table.sample(using: &rng)
        }
    }

    /// One draw used as a duration: never negative (a negative normal draw becomes 0, which biases the mean
    /// upward only when `sd` is a large fraction of `mean`).
    @inlinable @inline(__always)
    public func sampleDuration(using rng: inout Xoshiro256StarStar) -> Double {
        let x = sample(using: &rng)
        return x > 0 ? x : 0
    }

    /// A standard normal draw (Box–Muller; the second value is discarded so a draw is stateless and a
    /// stream's position depends only on how many draws were made).
    @inlinable
    static func standardNormal(using rng: inout Xoshiro256StarStar) -> Double {
        let u1 = rng.uniformPositive()
        let u2 = rng.uniform()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// Gamma(shape, 1) by Marsaglia & Tsang (2000); shape < 1 uses the `U^(1/shape)` boost.
    @inlinable
    static func gamma(shape: Double, using rng: inout Xoshiro256StarStar) -> Double {
        if shape < 1 {
            let g = gamma(shape: shape + 1, using: &rng)
            return g * pow(rng.uniformPositive(), 1 / shape)
        }
        let d = shape - 1.0 / 3.0
        let c = 1 / (9 * d).squareRoot()
        while true {
            var x: Double, v: Double
            repeat {
                x = standardNormal(using: &rng)
                v = 1 + c * x
            } while v <= 0
            v = v * v * v
            let u = rng.uniformPositive()
            if u < 1 - 0.0331 * (x * x) * (x * x) { return d * v }
            if log(u) < 0.5 * x * x + d * (1 - v + log(v)) { return d * v }
        }
    }
}
