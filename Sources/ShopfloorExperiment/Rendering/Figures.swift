import Foundation

/// How the text and HTML renderings write numbers: a mean to the precision its half-width supports,
/// the half-width to two significant digits, parameter values without float noise.
///
/// ```swift
/// Figures.interval(mean: 3.10437, halfWidth: 0.0612)   // "3.104 ± 0.061"
/// Figures.interval(mean: 20000, halfWidth: 0)          // "20000 ± 0"
/// Figures.pValue(0.00002)                              // "p<0.001"
/// ```
enum Figures {
    /// `mean ± halfWidth`, both to the decimals of the half-width's second significant digit; the mean
    /// alone (4 significant digits) when there is no half-width (one replication); `–` for no mean. In exponent
    /// form (``scientific(mean:halfWidth:)``) where decimals would pass 9 or the figures 10¹⁵: fixed decimals
    /// capped at 9 wrote a half-width of 3e-12 as `± 0.000000000`, and a mean of 1e300 as 301 digits.
    static func interval(mean: Double, halfWidth: Double) -> String {
        guard mean.isFinite else { return "–" }
        guard halfWidth.isFinite else { return significant(mean) }
        if halfWidth == 0 { return significant(mean) + " ± 0" }
        let decimals = 1 - Int(floor(log10(halfWidth)))
        if decimals > 9 || abs(mean) >= 1e15 || halfWidth >= 1e15 { return scientific(mean: mean, halfWidth: halfWidth) }
        return fixed(mean, max(0, decimals)) + " ± " + fixed(halfWidth, max(0, decimals))
    }

    /// `3.104e-12 ± 6.1e-14`: the half-width to two significant digits, the mean to the same place.
    static func scientific(mean: Double, halfWidth: Double) -> String {
        let place = Int(floor(log10(halfWidth)))
        let magnitude = mean == 0 ? place : Int(floor(log10(abs(mean))))
        let digits = min(max(0, magnitude - place + 1), 16)
        return String(format: "%.\(digits)e", mean) + " ± " + String(format: "%.1e", halfWidth)
    }

    /// Four significant digits, no exponent for everyday magnitudes, no trailing zeros.
    static func significant(_ v: Double) -> String {
        guard v.isFinite else { return "–" }
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        let magnitude = abs(v) < 1e-300 ? 0 : Int(floor(log10(abs(v))))
        if magnitude < -4 || magnitude > 14 { return String(format: "%.3e", v) }
        return trimmed(String(format: "%.\(max(0, 3 - magnitude))f", v))
    }

    /// A two-sided p-value: 3 decimals, `p<0.001` below.
    static func pValue(_ p: Double) -> String {
        guard p.isFinite else { return "p –" }
        return p < 0.001 ? "p<0.001" : String(format: "p=%.3f", p)
    }

    /// A parameter value as `--set` would take it, without binary noise (`1.8`, not `1.8000000000000003`).
    static func value(_ v: FactorValue) -> String {
        switch v {
        case .string(let s): s
        case .number(let d): d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : trimmed(String(format: "%.10g", d))
        }
    }

    /// A percentage with up to two decimals (`95 %`, `97.5 %`).
    static func percent(_ fraction: Double) -> String {
        trimmed(String(format: "%.2f", fraction * 100)) + " %"
    }

    private static func fixed(_ v: Double, _ decimals: Int) -> String {
        let s = String(format: "%.\(decimals)f", v)
        // "-0.000" reads as a sign that is not there.
        return s.hasPrefix("-") && s.allSatisfy({ "-0.".contains($0) }) ? String(s.dropFirst()) : s
    }

    private static func trimmed(_ s: String) -> String {
        guard s.contains("."), !s.contains("e") else { return s }
        var t = Substring(s)
        while t.hasSuffix("0") { t = t.dropLast() }
        if t.hasSuffix(".") { t = t.dropLast() }
        return String(t)
    }
}
