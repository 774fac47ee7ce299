import Foundation
import ShopfloorScripting
import ShopfloorText

/// Charts as inline SVG, drawn by hand (no charting library fits a self-contained, offline HTML
/// file written from Swift): line charts over time and histograms, with labelled axes and ticks.
enum SVGChart {
    static let width = 1160.0, height = 300.0
    static let left = 70.0, right = 30.0, top = 36.0, bottom = 48.0
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"]

    /// "Nice" tick values covering 0…max (1, 2, 5 × 10ⁿ steps).
    static func ticks(upTo maximum: Double, count: Int = 5) -> [Double] {
        guard maximum > 0, maximum.isFinite else { return [0, 1] }
        let raw = maximum / Double(count)
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? raw
        return stride(from: 0, through: maximum + step * 0.999, by: step).map { $0 }
    }

    static func label(_ v: Double) -> String {
        if v == v.rounded() && abs(v) < 1e9 { return String(Int(v)) }
        return String(format: abs(v) < 0.01 ? "%.3g" : "%.2f", v).replacingOccurrences(of: #"\.?0+$"#, with: "", options: .regularExpression)
    }

    /// An axis tick: large values compact (`2.5M`, `40k`) so each label fits under its tick
    /// (a 10,000,000-customer run's time axis reads 1M … 5M, not 1000000 … 5000000).
    static func tickLabel(_ v: Double) -> String {
        if abs(v) >= 1e6 { return label(v / 1e6) + "M" }
        if abs(v) >= 1e3 { return label(v / 1e3) + "k" }
        return label(v)
    }

    /// Text or an attribute value in the SVG (``HTMLText``, the one HTML escaper).
    static func escape(_ s: String) -> String { HTMLText.escaped(s) }

    /// Frame, axes, ticks and axis titles; returns the SVG prefix and the value→pixel mappings.
    static func frame(title: String, xTitle: String, yTitle: String, xMax: Double, yMax: Double, xMin: Double = 0)
        -> (svg: String, x: (Double) -> Double, y: (Double) -> Double) {
        // Round tick values inside the data's time span; the axis ends where the data ends.
        let xTicks = ticks(upTo: xMax, count: 6).filter { $0 >= xMin && $0 <= xMax }
        let yTicks = ticks(upTo: yMax)
        let xHigh = xMax > xMin ? xMax : xMin + 1, yHigh = max(yTicks.last ?? 1, yMax)
        let plotW = width - left - right, plotH = height - top - bottom
        let x = { (v: Double) in left + (v - xMin) / max(xHigh - xMin, 1e-12) * plotW }
        let y = { (v: Double) in top + plotH - v / max(yHigh, 1e-12) * plotH }
        var s = "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" role=\"img\" aria-label=\"\(escape(title))\" xmlns=\"http://www.w3.org/2000/svg\">"
        s += "<text x=\"\(left)\" y=\"20\" class=\"title\">\(escape(title))</text>"
        for t in yTicks {
            let py = y(t)
            s += "<line x1=\"\(left)\" x2=\"\(width - right)\" y1=\"\(py)\" y2=\"\(py)\" class=\"grid\"/>"
            s += "<text x=\"\(left - 8)\" y=\"\(py + 4)\" class=\"tick\" text-anchor=\"end\">\(tickLabel(t))</text>"
        }
        for t in xTicks {
            let px = x(t)
            s += "<line x1=\"\(px)\" x2=\"\(px)\" y1=\"\(top + plotH)\" y2=\"\(top + plotH + 5)\" class=\"axis\"/>"
            s += "<text x=\"\(px)\" y=\"\(top + plotH + 18)\" class=\"tick\" text-anchor=\"middle\">\(tickLabel(t))</text>"
        }
        s += "<line x1=\"\(left)\" x2=\"\(width - right)\" y1=\"\(top + plotH)\" y2=\"\(top + plotH)\" class=\"axis\"/>"
        s += "<line x1=\"\(left)\" x2=\"\(left)\" y1=\"\(top)\" y2=\"\(top + plotH)\" class=\"axis\"/>"
        s += "<text x=\"\(left + plotW / 2)\" y=\"\(height - 8)\" class=\"axis-title\" text-anchor=\"middle\">\(escape(xTitle))</text>"
        s += "<text transform=\"translate(16 \(top + plotH / 2)) rotate(-90)\" class=\"axis-title\" text-anchor=\"middle\">\(escape(yTitle))</text>"
        return (s, x, y)
    }

    /// A line chart of several series over time; `marks` draws small triangles (deliveries).
    /// Series take the palette's colours from `firstColour` on, so an item keeps its colour
    /// when charted alone.
    static func lines(title: String, xTitle: String, yTitle: String, times: [Double], series: [(String, [Double])],
                      yMax: Double? = nil, marks: [(series: String, time: Double, value: Double)] = [],
                      firstColour: Int = 0) -> String {
        guard times.count >= 2 else { return "<p class=\"empty\">\(escape(title)): not enough data to draw.</p>" }
        let top = yMax ?? max(series.flatMap(\.1).max() ?? 1, 1e-9)
        let (frameSVG, x, y) = frame(title: title, xTitle: xTitle, yTitle: yTitle, xMax: times.last!, yMax: top, xMin: times.first!)
        let colours = series.indices.map { palette[($0 + firstColour) % palette.count] }
        var s = frameSVG
        for ((name, values), color) in zip(series, colours) {
            let points = zip(times, values).map { String(format: "%.1f,%.1f", x($0), y(min($1, top))) }.joined(separator: " ")
            s += "<polyline class=\"series\" data-series=\"\(escape(name))\" points=\"\(points)\" stroke=\"\(color)\"/>"
            for mark in marks where mark.series == name {
                let px = x(mark.time), py = y(min(mark.value, top))
                s += "<path class=\"mark\" d=\"M\(px),\(py - 9) l-5,-8 h10 z\" fill=\"\(color)\"><title>\(escape(name)): delivery at \(label(mark.time)) s</title></path>"
            }
        }
        // The legend last, on a backing, so the data never hides it; as wide as its longest name.
        let names = series.map { legendName($0.0) }
        let boxWidth = max(170, 22 + (names.map { legendTextWidth($0.shown) }.max() ?? 0) + 8)
        let legendX = width - right - 6 - boxWidth
        s += "<rect class=\"legend-box\" x=\"\(legendX)\" y=\"26\" width=\"\(boxWidth)\" height=\"\(Double(series.count) * 16 + 6)\"/>"
        for (i, (name, color)) in zip(names, colours).enumerated() {
            s += "<rect x=\"\(legendX + 6)\" y=\"\(30 + Double(i) * 16)\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
            let full = name.shown == name.full ? "" : "<title>\(escape(name.full))</title>"
            s += "<text x=\"\(legendX + 22)\" y=\"\(39 + Double(i) * 16)\" class=\"legend\">\(full)\(escape(name.shown))</text>"
        }
        return s + "</svg>"
    }

    /// A generous width for legend text in the 12 px legend font: 7 px a column (the report's system-ui
    /// sans-serif averages about 6.3 px; Chromium draws `blending.strawberry-banana juice` 202 px wide), two
    /// columns for a wide (Korean) character. A fixed 170 px box cut that shipped name (`juice_line.lua`)
    /// off at the chart's right edge.
    static func legendTextWidth(_ text: String) -> Double { Double(DisplayWidth.of(text)) * 7 }

    /// The widest legend text, half the plot: a longer series name is shortened with `…` in the legend,
    /// the whole name in the entry's tooltip (`<title>`), so the legend never covers the whole chart.
    static let legendTextMax = (width - left - right) / 2

    static func legendName(_ name: String) -> (full: String, shown: String) {
        guard legendTextWidth(name) > legendTextMax else { return (name, name) }
        var shown = ""
        for character in name {
            if legendTextWidth(shown + String(character) + "…") > legendTextMax { break }
            shown.append(character)
        }
        return (name, shown + "…")
    }

    /// A histogram: bars over bin edges.
    static func histogram(title: String, xTitle: String, yTitle: String, edges: [Double], counts: [Int], color: String) -> String {
        guard edges.count == counts.count + 1, let last = edges.last, last > 0 else {
            return "<p class=\"empty\">\(escape(title)): no data.</p>"
        }
        let top = Double(max(counts.max() ?? 1, 1))
        let (frameSVG, x, y) = frame(title: title, xTitle: xTitle, yTitle: yTitle, xMax: last, yMax: top)
        var s = frameSVG
        for (i, c) in counts.enumerated() where c > 0 {
            let x0 = x(edges[i]), x1 = x(edges[i + 1])
            s += "<rect class=\"bar\" x=\"\(x0 + 0.5)\" y=\"\(y(Double(c)))\" width=\"\(max(x1 - x0 - 1, 0.5))\" height=\"\(y(0) - y(Double(c)))\" fill=\"\(color)\"><title>\(label(edges[i]))–\(label(edges[i + 1])) s: \(c)</title></rect>"
        }
        return s + "</svg>"
    }
}
