import Foundation

/// One measure over a group's replications: n, mean, standard deviation, standard error, the
/// confidence half-width (Student's t), relative precision, min and max.
///
/// Values are taken in the order given — the caller passes them by cell index, so the same cells give
/// the same bits whichever order they arrived in. Two passes (the mean, then the centred sum of squares
/// with its rounding correction), which stays accurate when the spread is tiny against the mean
/// (mean waits of 3.1 s ± 0.001 s) where the one-pass Σx² − n·mean² cancels.
///
/// A figure that needs more values than there are is NaN (no mean of nothing; no spread of one value);
/// the renderers write it as `null` or `–`.
///
/// ```swift
/// let s = SampleSummary([2, 4, 4, 4, 5, 5, 7, 9], confidence: 0.95)
/// s.mean; s.standardDeviation; s.halfWidth   // 5, 2.138…, 1.787…
/// ```
public struct SampleSummary: Sendable, Equatable {
    public var n: Int
    public var mean: Double
    /// The sample standard deviation (n − 1 in the denominator).
    public var standardDeviation: Double
    /// standardDeviation / √n.
    public var standardError: Double
    /// t(confidence, n − 1) × standardError: the interval is mean ± halfWidth.
    public var halfWidth: Double
    /// halfWidth / |mean|: 0 when halfWidth is 0 (every value equal), infinite for a zero mean with spread.
    public var relativeHalfWidth: Double
    public var minimum: Double
    public var maximum: Double

    public init(_ values: [Double], confidence: Double) {
        n = values.count
        minimum = values.min() ?? .nan
        maximum = values.max() ?? .nan
        guard n > 0 else {
            mean = .nan; standardDeviation = .nan; standardError = .nan; halfWidth = .nan; relativeHalfWidth = .nan
            return
        }
        let count = Double(n)
        let first = values.reduce(0, +) / count
        var squares = 0.0, deviations = 0.0
        for v in values {
            let d = v - first
            squares += d * d
            deviations += d
        }
        // The second pass's mean of deviations corrects the first pass's rounding (Chan, Golub & LeVeque).
        mean = first + deviations / count
        guard n > 1 else {
            standardDeviation = .nan; standardError = .nan; halfWidth = .nan; relativeHalfWidth = .nan
            return
        }
        standardDeviation = sqrt(max(0, (squares - deviations * deviations / count) / (count - 1)))
        standardError = standardDeviation / sqrt(count)
        halfWidth = StudentT.critical(confidence: confidence, degreesOfFreedom: count - 1) * standardError
        relativeHalfWidth = halfWidth == 0 ? 0 : halfWidth / abs(mean)
    }
}
