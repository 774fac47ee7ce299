/// A streaming time-weighted average of a piecewise-constant quantity (queue length, busy tellers, stock).
///
/// Constant memory: the area under the curve since `start`, the current value and when it last changed.
/// Minimum and maximum count only values **held for a positive time**, and the value at the end: a customer who
/// joins a line and is taken at the same instant does not make the line's maximum 1, but the final value is
/// always within [minimum, maximum].
public struct TimeWeighted: Sendable, Equatable, Codable {
    /// When measurement started (the run start or the last statistics reset).
    public private(set) var start: Double
    /// When the value last changed.
    public private(set) var lastTime: Double
    /// The current value.
    public private(set) var value: Double
    /// ∫ value dt from `start` to `lastTime`.
    public private(set) var area: Double = 0
    /// When the record began (`start` before any restart): a report's time series covers the whole run, the
    /// warm-up included, while the figures cover the time from `start`.
    public private(set) var origin: Double
    /// ∫ value dt from `origin` to `start`: what restarts set aside (see ``totalArea(until:)``).
    public private(set) var areaBeforeStart: Double = 0
    /// Smallest and largest value held for a positive time before `lastTime` (see ``minimum(until:)``).
    var heldMinimum = Double.infinity
    var heldMaximum = -Double.infinity

    public init(start: Double, value: Double) {
        self.start = start
        self.lastTime = start
        self.value = value
        self.origin = start
    }

    /// A record begun later that stands for one kept since `origin`: the area before `start` is
    /// `areaBeforeStart` (a pool's present tellers, recorded from its first size change, were all there before).
    init(start: Double, value: Double, origin: Double, areaBeforeStart: Double) {
        self.init(start: start, value: value)
        self.origin = origin
        self.areaBeforeStart = areaBeforeStart
    }

    /// The value becomes `newValue` at `time` (≥ the last change).
    /// - Complexity: O(1).
    @inline(__always)
    public mutating func set(_ newValue: Double, at time: Double) {
        if time > lastTime {
            area += value * (time - lastTime)
            lastTime = time
            if value < heldMinimum { heldMinimum = value }
            if value > heldMaximum { heldMaximum = value }
        }
        value = newValue
    }

    /// The smallest value held for a positive time from `start` to `time`, or the value at `time` if that is
    /// smaller (the value a run ends with counts even if it was set at the last instant: min ≤ final).
    public func minimum(until time: Double) -> Double {
        Swift.min(heldMinimum, value)
    }

    /// The largest value held for a positive time from `start` to `time`, or the value at `time` if that is
    /// larger (max ≥ final).
    public func maximum(until time: Double) -> Double {
        Swift.max(heldMaximum, value)
    }

    /// ∫ value dt from `start` to `time`.
    public func area(until time: Double) -> Double {
        area + value * (time - lastTime)
    }

    /// The time-weighted mean from `start` to `time` (the current value if no time has passed).
    public func mean(until time: Double) -> Double {
        let span = time - start
        return span > 0 ? area(until: time) / span : value
    }

    /// ∫ value dt from `origin` to `time`, across restarts: a report samples its time series from it, so an
    /// interval that holds the warm-up's end reads the same as any other (from `area` it went negative).
    public func totalArea(until time: Double) -> Double {
        areaBeforeStart + area(until: time)
    }

    /// Restarts measurement at `time`, keeping the current value (warm-up reset).
    public mutating func restart(at time: Double) {
        areaBeforeStart += area(until: time)
        start = time
        lastTime = time
        area = 0
        heldMinimum = .infinity
        heldMaximum = -.infinity
    }
}
