/// Time series sampled at the same instants, in bounded memory: when `capacity` samples are
/// held, neighbouring pairs are merged into one and the recorder samples half as often from then on.
/// A run of any length keeps between capacity/2 and capacity points per series.
///
/// A point at time `t[k]` stands for the interval since the point before it (since ``origin`` for the
/// first), so the points tile the run: merging a pair keeps that true (a mean weighted by the two
/// intervals' lengths, a sum of the two, or the later instant's value, as ``Kind`` says). Dropping every
/// other point instead left each kept mean standing for half its interval.
public struct SampledSeries: Sendable {
    /// What a value says about its interval, which decides how two are merged.
    public enum Kind: Sendable {
        /// A time-weighted mean over the interval (queue length, utilisation).
        case intervalMean
        /// A total over the interval (units delivered).
        case intervalSum
        /// The value at the instant (a stock level, a running count).
        case instant
    }

    public let capacity: Int
    public let kind: Kind
    /// Where the first interval begins (the time of the recorder's first look at the run).
    public private(set) var origin: Double = 0
    public private(set) var times: [Double] = []
    /// Values per series name, aligned with `times`.
    public private(set) var values: [String: [Double]] = [:]
    /// Every how many offers a sample is kept (doubles at each thinning).
    public private(set) var stride = 1
    private var offers = 0

    public init(capacity: Int = 1024, kind: Kind = .instant) {
        self.capacity = max(4, capacity + capacity % 2)  // even: thinning merges whole pairs
        self.kind = kind
    }

    /// Where the first interval begins; before any offer.
    public mutating func begin(at time: Double) { origin = time }

    /// Whether the next offer will be kept: the recorder measures an interval only up to a kept point.
    public var keepsNextOffer: Bool { offers % stride == 0 }

    /// Offers a sample; kept when it falls on the current stride.
    /// - Complexity: amortised O(series).
    public mutating func offer(time: Double, _ sample: () -> [String: Double]) {
        defer { offers += 1 }
        guard offers % stride == 0 else { return }
        let point = sample()
        for name in point.keys where values[name] == nil {
            // A series that appears later (a new line) is zero before.
            values[name] = Array(repeating: 0, count: times.count)
        }
        times.append(time)
        for name in values.keys { values[name]!.append(point[name] ?? 0) }
        if times.count >= capacity { thin() }
    }

    /// Merges points 0+1, 2+3, …: each pair becomes one point at the later time.
    private mutating func thin() {
        let old = times
        let pairs = Swift.stride(from: 1, to: old.count, by: 2)
        times = pairs.map { old[$0] }
        for name in values.keys {
            let v = values[name]!
            values[name] = pairs.map { i in
                switch kind {
                case .instant: return v[i]
                case .intervalSum: return v[i - 1] + v[i]
                case .intervalMean:
                    let before = i >= 2 ? old[i - 2] : origin
                    let span = old[i] - before
                    guard span > 0 else { return v[i] }
                    return (v[i - 1] * (old[i - 1] - before) + v[i] * (old[i] - old[i - 1])) / span
                }
            }
        }
        stride *= 2
    }
}
