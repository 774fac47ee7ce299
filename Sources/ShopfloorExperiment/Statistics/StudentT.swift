import Foundation

/// Student's t distribution with ν degrees of freedom: the CDF and its quantile, for confidence
/// intervals of replication means (a few dozen replications: the normal's 1.96 would be too narrow).
///
/// The CDF comes from the regularised incomplete beta; the quantile from a Cornish–Fisher start refined
/// by Newton steps kept inside a bracket (bisection when a step leaves it), to about 1e-12.
///
/// ```swift
/// StudentT.critical(confidence: 0.95, degreesOfFreedom: 5)   // 2.5706 (two-sided)
/// StudentT.cdf(2.5706, degreesOfFreedom: 5)                    // 0.975
/// ```
public enum StudentT {
    /// P(T ≤ t). Symmetric: cdf(−t) = 1 − cdf(t). NaN for ν ≤ 0 or a NaN argument.
    public static func cdf(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        guard nu > 0, !t.isNaN else { return .nan }
        let tail = upperTail(abs(t), nu)
        return t >= 0 ? 1 - tail : tail
    }

    /// The two-sided p-value of a t statistic: P(|T| ≥ |t|).
    public static func twoSidedP(_ t: Double, degreesOfFreedom nu: Double) -> Double {
        guard nu > 0, !t.isNaN else { return .nan }
        return min(1, 2 * upperTail(abs(t), nu))
    }

    /// The t with P(T ≤ t) = p, for 0 < p < 1 (NaN outside, or for ν ≤ 0).
    public static func quantile(_ p: Double, degreesOfFreedom nu: Double) -> Double {
        guard nu > 0, p > 0, p < 1 else { return .nan }
        if p == 0.5 { return 0 }
        return p > 0.5 ? critical(upperTail: 1 - p, nu) : -critical(upperTail: p, nu)
    }

    /// The two-sided critical value at `confidence` (0.95 → t with P(|T| ≤ t) = 0.95): the factor that
    /// turns a standard error into a confidence half-width.
    public static func critical(confidence: Double, degreesOfFreedom nu: Double) -> Double {
        guard nu > 0, confidence > 0, confidence < 1 else { return .nan }
        return critical(upperTail: (1 - confidence) / 2, nu)
    }

    /// P(T > t) for t ≥ 0: ½ I_{ν/(ν+t²)}(ν/2, ½).
    static func upperTail(_ t: Double, _ nu: Double) -> Double {
        if t.isInfinite { return 0 }
        let t2 = t * t
        return 0.5 * IncompleteBeta.regularized(a: nu / 2, b: 0.5, x: nu / (nu + t2), complement: t2 / (nu + t2))
    }

    /// The density at t.
    static func density(_ t: Double, _ nu: Double) -> Double {
        let normalising: Double = lgamma((nu + 1) / 2) - lgamma(nu / 2) - 0.5 * log(nu * Double.pi)
        let shape: Double = (nu + 1) / 2 * log1p(t * t / nu)
        return exp(normalising - shape)
    }

    /// The t > 0 with P(T > t) = q, for 0 < q < ½.
    static func critical(upperTail q: Double, _ nu: Double) -> Double {
        // Closed forms for one and two degrees of freedom (Cauchy, and t₂'s algebraic CDF).
        if nu == 1 { return tan(.pi * (0.5 - q)) }
        if nu == 2 { return sqrt(2 / (4 * q * (1 - q)) - 2) }
        // Cornish–Fisher expansion around the normal quantile: within a few percent from ν = 3 on.
        let z = NormalQuantile.upper(q)
        let z2 = z * z
        let first: Double = z * (z2 + 1) / (4 * nu)
        let second: Double = z * ((5 * z2 + 16) * z2 + 3) / (96 * nu * nu)
        let third: Double = z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / (384 * nu * nu * nu)
        var t = z + first + second + third
        // The root lies in (lo, hi): the tail falls as t grows.
        var lo = 0.0, hi = max(2 * t, 1)
        while upperTail(hi, nu) > q { lo = hi; hi *= 2 }
        if !(t > lo && t < hi) { t = (lo + hi) / 2 }
        for _ in 0..<100 {
            let f = upperTail(t, nu) - q
            if f > 0 { lo = t } else { hi = t }
            var next = t + f / density(t, nu)  // Newton on the tail: d/dt P(T > t) = −density.
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if abs(next - t) <= 1e-13 * max(1, abs(t)) { return next }
            t = next
        }
        return t
    }
}

/// The standard normal's quantile, as a start for Student's: Acklam's rational approximation
/// (relative error below 1.2e-9, ample for a start that Newton steps refine).
enum NormalQuantile {
    /// The z > 0 with P(Z > z) = q, for 0 < q < ½.
    static func upper(_ q: Double) -> Double {
        let a = [-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                 1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00]
        let b = [-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                 6.680131188771972e+01, -1.328068155288572e+01]
        let c = [-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                 -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00]
        let d = [7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00]
        if q < 0.02425 {
            let r = sqrt(-2 * log(q))
            return -(((((c[0] * r + c[1]) * r + c[2]) * r + c[3]) * r + c[4]) * r + c[5])
                / ((((d[0] * r + d[1]) * r + d[2]) * r + d[3]) * r + 1)
        }
        let u = 0.5 - q, r = u * u
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * u
            / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
    }
}
