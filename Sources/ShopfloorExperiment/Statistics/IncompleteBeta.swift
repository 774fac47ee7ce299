import Foundation

/// The regularised incomplete beta function I_x(a, b), the one special function Student's t needs.
///
/// Evaluated by its continued fraction (Numerical Recipes §6.4) with the modified Lentz method, on the
/// side of the symmetry I_x(a, b) = 1 − I_{1−x}(b, a) where the fraction converges fast. The caller
/// passes both x and 1 − x: Student's tail has 1 − x = t²/(ν + t²) exactly, where computing `1 - x`
/// would lose the digits that matter for small t.
///
/// ```swift
/// IncompleteBeta.regularized(a: 2, b: 3, x: 0.4, complement: 0.6)   // 0.5248
/// ```
enum IncompleteBeta {
    /// I_x(a, b) for a, b > 0 and x + complement = 1, x in [0, 1].
    static func regularized(a: Double, b: Double, x: Double, complement y: Double) -> Double {
        if x <= 0 { return 0 }
        if y <= 0 { return 1 }
        // x^a (1−x)^b / (a B(a, b)), in logarithms so large a and b do not overflow.
        let front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(y))
        if x < (a + 1) / (a + b + 2) {
            return front * continuedFraction(a: a, b: b, x: x) / a
        }
        return 1 - front * continuedFraction(a: b, b: a, x: y) / b
    }

    /// The continued fraction for I_x(a, b), by the modified Lentz method; converges in
    /// O(√max(a, b)) terms when x < (a + 1)/(a + b + 2).
    private static func continuedFraction(a: Double, b: Double, x: Double) -> Double {
        let tiny = 1e-300, epsilon = 1e-16
        let qab = a + b, qap = a + 1, qam = a - 1
        var c = 1.0
        var d = 1 - qab * x / qap
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...10_000 {
            let m = Double(m), m2 = 2 * m
            // Even step.
            var aa = m * (b - m) * x / ((qam + m2) * (a + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            // Odd step.
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < epsilon { break }
        }
        return h
    }
}
