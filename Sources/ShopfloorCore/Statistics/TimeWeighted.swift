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
    /// Smallest and largest value held for a positive time before `lastTime` (see ``minimum(until:)``).
    var heldMinimum = Double.infinity
    var heldMaximum = -Double.infinity

    public init(start: Double, value: Double) {
        self.start = start
        self.lastTime = start
        self.value = value
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

    /// Restarts measurement at `time`, keeping the current value (warm-up reset).
    public mutating func restart(at time: Double) {
        start = time
        lastTime = time
        area = 0
        heldMinimum = .infinity
        heldMaximum = -.infinity
    }
}
