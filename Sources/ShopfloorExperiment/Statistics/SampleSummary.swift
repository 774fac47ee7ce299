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
/// the renderers write it as `null` or `–`. So is one too large to represent (∞), and every spread of
/// values that are not all finite: the sums run on values scaled by a power of two, so no finite input
/// overflows or underflows into a wrong spread (a standard deviation of 0 for values near 1e200).
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
    /// mean / standardError (the t statistic against 0), from the scaled sums: finite whenever both are
    /// nonzero, even where one of them alone is too large to represent. NaN under two values, or with no
    /// spread (standardError 0).
    public var meanOverStandardError: Double

    public init(_ values: [Double], confidence: Double) {
        n = values.count
        minimum = values.min() ?? .nan
        maximum = values.max() ?? .nan
        guard n > 0 else {
            mean = .nan; standardDeviation = .nan; standardError = .nan; halfWidth = .nan; relativeHalfWidth = .nan
            meanOverStandardError = .nan
            return
        }
        let count = Double(n)
        // A value that is not finite (a paired difference of two huge values overflows to ±∞) leaves no
        // figure but the mean's sign: ±∞ or NaN for the mean, NaN for the spread — never a spread of 0.
        guard values.allSatisfy(\.isFinite) else {
            mean = values.reduce(0, +) / count
            standardDeviation = .nan; standardError = .nan; halfWidth = .nan; relativeHalfWidth = .nan
            meanOverStandardError = .nan
            return
        }
        // Every sum runs on the values divided by a power of two near the largest |value| (exact: only the
        // exponent changes), so it neither overflows (values near 1e308: the sum, and squares beyond 1e154)
        // nor underflows (squares of spreads below 1e-154 were 0, so a real spread read as none: sd 0,
        // half-width 0, "precise", p = 0). Each figure is scaled back at the end: one that is too large
        // to represent is ∞ and rendered as `null`, never a wrong finite number.
        let largest = values.reduce(0) { max($0, abs($1)) }
        let scale = largest == 0 ? 1 : Double(sign: .plus, exponent: largest.exponent, significand: 1)
        let first = values.reduce(0) { $0 + $1 / scale } / count
        var squares = 0.0, deviations = 0.0
        for v in values {
            let d = v / scale - first
            squares += d * d
            deviations += d
        }
        // The second pass's mean of deviations corrects the first pass's rounding (Chan, Golub & LeVeque).
        let scaledMean = first + deviations / count
        mean = scaledMean * scale
        guard n > 1 else {
            standardDeviation = .nan; standardError = .nan; halfWidth = .nan; relativeHalfWidth = .nan
            meanOverStandardError = .nan
            return
        }
        let scaledSD = sqrt(max(0, (squares - deviations * deviations / count) / (count - 1)))
        let scaledSE = scaledSD / sqrt(count)
        let scaledHalfWidth = StudentT.critical(confidence: confidence, degreesOfFreedom: count - 1) * scaledSE
        standardDeviation = scaledSD * scale
        standardError = scaledSE * scale
        halfWidth = scaledHalfWidth * scale
        // The ratio of the scaled figures: the scale cancels, so it is right even where the half-width or
        // the mean alone would not be representable.
        relativeHalfWidth = scaledHalfWidth == 0 ? 0 : scaledHalfWidth / abs(scaledMean)
        meanOverStandardError = scaledSE == 0 ? .nan : scaledMean / scaledSE
    }
}
