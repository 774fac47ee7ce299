import Foundation
import ShopfloorText

/// A confidence-interval chart as inline SVG: one measure across the grid points (the x axis, one
/// category per point), one colour per plugin choice, each group a dot at its mean with a bar over its
/// interval. Drawn by hand like the run report's charts (no library fits an offline page written from
/// Swift); every text goes through ``HTMLText``.
struct IntervalChart {
    struct Mark {
        var category: Int
        var series: Int
        var mean: Double
        var halfWidth: Double
    }

    var title: String
    var yTitle: String
    var xTitle: String
    var categories: [String]
    var series: [String]
    var marks: [Mark]

    static let width = 900.0, height = 320.0
    static let left = 78.0, right = 24.0, top = 54.0, bottom = 62.0
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"]

    var svg: String {
        let finite = marks.filter { $0.mean.isFinite }
        guard !finite.isEmpty else { return "<p class=\"empty\">\(HTMLText.escaped(title)): no values to draw.</p>" }
        let lows = finite.map { $0.mean - ($0.halfWidth.isFinite ? $0.halfWidth : 0) }
        let highs = finite.map { $0.mean + ($0.halfWidth.isFinite ? $0.halfWidth : 0) }
        let ticks = Self.ticks(low: lows.min()!, high: highs.max()!)
        let yLow = ticks.first!, yHigh = ticks.last!
        let plotW = Self.width - Self.left - Self.right, plotH = Self.height - Self.top - Self.bottom
        let y = { (v: Double) in Self.top + plotH - (v - yLow) / (yHigh - yLow) * plotH }
        let slot = plotW / Double(max(categories.count, 1))
        // Series side by side inside a category's slot, so overlapping intervals stay apart.
        let spread = min(slot * 0.6, 18.0 * Double(series.count))
        let x = { (category: Int, s: Int) -> Double in
            let centre = Self.left + slot * (Double(category) + 0.5)
            return series.count <= 1 ? centre : centre - spread / 2 + spread * Double(s) / Double(series.count - 1)
        }
        var s = "<svg class=\"chart\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" "
            + "aria-label=\"\(HTMLText.escaped(title))\" xmlns=\"http://www.w3.org/2000/svg\">"
        s += "<text x=\"\(Self.left)\" y=\"22\" class=\"title\">\(HTMLText.escaped(title))</text>"
        for t in ticks {
            let py = Self.f(y(t))
            s += "<line x1=\"\(Self.left)\" x2=\"\(Self.width - Self.right)\" y1=\"\(py)\" y2=\"\(py)\" class=\"grid\"/>"
            s += "<text x=\"\(Self.left - 8)\" y=\"\(Self.f(y(t) + 4))\" class=\"tick\" text-anchor=\"end\">\(Figures.significant(t))</text>"
        }
        let axisY = Self.f(Self.top + plotH)
        s += "<line x1=\"\(Self.left)\" x2=\"\(Self.width - Self.right)\" y1=\"\(axisY)\" y2=\"\(axisY)\" class=\"axis\"/>"
        s += "<line x1=\"\(Self.left)\" x2=\"\(Self.left)\" y1=\"\(Self.top)\" y2=\"\(axisY)\" class=\"axis\"/>"
        // Category labels: horizontal while they fit their slot, else slanted.
        let slanted = categories.contains { Double($0.count) * 6.5 > slot }
        for (i, label) in categories.enumerated() {
            let px = Self.f(Self.left + slot * (Double(i) + 0.5)), py = Self.f(Self.top + plotH + 16)
            s += slanted
                ? "<text transform=\"translate(\(px) \(py)) rotate(-25)\" class=\"tick\" text-anchor=\"end\">\(HTMLText.escaped(label))</text>"
                : "<text x=\"\(px)\" y=\"\(py)\" class=\"tick\" text-anchor=\"middle\">\(HTMLText.escaped(label))</text>"
        }
        s += "<text x=\"\(Self.f(Self.left + plotW / 2))\" y=\"\(Self.f(Self.height - 6))\" class=\"axis-title\" text-anchor=\"middle\">\(HTMLText.escaped(xTitle))</text>"
        s += "<text transform=\"translate(16 \(Self.f(Self.top + plotH / 2))) rotate(-90)\" class=\"axis-title\" text-anchor=\"middle\">\(HTMLText.escaped(yTitle))</text>"
        for mark in finite {
            let colour = Self.palette[mark.series % Self.palette.count]
            let px = Self.f(x(mark.category, mark.series))
            let name = HTMLText.escaped(series.indices.contains(mark.series) ? series[mark.series] : "")
            s += "<g class=\"mark\" data-series=\"\(name)\">"
            if mark.halfWidth.isFinite && mark.halfWidth > 0 {
                let hi = Self.f(y(mark.mean + mark.halfWidth)), lo = Self.f(y(mark.mean - mark.halfWidth))
                s += "<line x1=\"\(px)\" x2=\"\(px)\" y1=\"\(hi)\" y2=\"\(lo)\" stroke=\"\(colour)\" class=\"bar\"/>"
                for cap in [hi, lo] {
                    s += "<line x1=\"\(Self.f(x(mark.category, mark.series) - 4))\" x2=\"\(Self.f(x(mark.category, mark.series) + 4))\" "
                        + "y1=\"\(cap)\" y2=\"\(cap)\" stroke=\"\(colour)\" class=\"bar\"/>"
                }
            }
            s += "<circle cx=\"\(px)\" cy=\"\(Self.f(y(mark.mean)))\" r=\"3.5\" fill=\"\(colour)\"/></g>"
        }
        // The legend: a row under the title, one colour per plugin choice.
        if series.count > 1 {
            var lx = Self.left
            for (i, name) in series.enumerated() {
                s += "<circle cx=\"\(Self.f(lx + 5))\" cy=\"36\" r=\"4\" fill=\"\(Self.palette[i % Self.palette.count])\"/>"
                s += "<text x=\"\(Self.f(lx + 13))\" y=\"40\" class=\"legend\">\(HTMLText.escaped(name))</text>"
                lx += Double(name.count) * 6.6 + 34
            }
        }
        return s + "</svg>"
    }

    /// "Nice" ticks (1, 2, 5 × 10ⁿ steps) covering low…high, with a margin when every value is equal.
    static func ticks(low: Double, high: Double, count: Int = 5) -> [Double] {
        var low = low, high = high
        if high - low <= abs(high) * 1e-12 {
            let pad = abs(high) > 0 ? abs(high) * 0.1 : 1
            low -= pad; high += pad
        }
        let raw = (high - low) / Double(count)
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
        let first = floor(low / step) * step, last = ceil(high / step) * step
        let n = Int(((last - first) / step).rounded())
        // Multiplying (not adding steps) keeps rounding from piling up along the axis.
        return (0...max(n, 1)).map { (first / step + Double($0)).rounded() * step }
    }

    /// A coordinate with one decimal: enough for a 900-unit view box, and stable bytes.
    static func f(_ v: Double) -> String { String(format: "%.1f", v) }
}
