/// Time series sampled at the same instants, in bounded memory: when `capacity` samples are
/// held, every other one is dropped and the recorder samples half as often from then on. A run
/// of any length keeps between capacity/2 and capacity points per series.
public struct SampledSeries: Sendable {
    public let capacity: Int
    public private(set) var times: [Double] = []
    /// Values per series name, aligned with `times`.
    public private(set) var values: [String: [Double]] = [:]
    /// Every how many offers a sample is kept (doubles at each thinning).
    public private(set) var stride = 1
    private var offers = 0

    public init(capacity: Int = 1024) {
        self.capacity = max(4, capacity)
    }

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

    private mutating func thin() {
        func everyOther(_ a: [Double]) -> [Double] { Swift.stride(from: 0, to: a.count, by: 2).map { a[$0] } }
        times = everyOther(times)
        for name in values.keys { values[name] = everyOther(values[name]!) }
        stride *= 2
    }
}
