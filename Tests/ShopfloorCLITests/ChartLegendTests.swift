import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import ShopfloorCLI
import Testing

/// The line charts' legend in the HTML report (`SVGChart.lines`): every series name readable inside the chart.
/// A fixed 170 px box cut `blending.strawberry-banana juice` (`scripts/juice_line.lua`'s queue chart) off at the
/// chart's right edge: Chromium draws it 202 px wide from 22 px into the box.
@Suite struct ChartLegendTests {
    /// The legend box's x and width, and each legend text as written.
    static func legend(_ svg: String) throws -> (x: Double, width: Double, texts: [String]) {
        final class Reader: NSObject, XMLParserDelegate {
            var box: (Double, Double)?
            var texts: [String] = []
            var inLegend = false, inTitle = false
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if name == "rect", attributes["class"] == "legend-box" {
                    box = (Double(attributes["x"] ?? "") ?? .nan, Double(attributes["width"] ?? "") ?? .nan)
                }
                if name == "text", attributes["class"] == "legend" { inLegend = true; texts.append("") }
                if name == "title" { inTitle = true }
            }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                if name == "text" { inLegend = false }
                if name == "title" { inTitle = false }
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) {
                if inLegend, !inTitle { texts[texts.count - 1] += string }
            }
        }
        let reader = Reader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "well-formed SVG: \(parser.parserError.map { "\($0)" } ?? "")")
        let box = try #require(reader.box)
        return (box.0, box.1, reader.texts)
    }

    static func chart(_ names: [String]) -> String {
        SVGChart.lines(title: "Queue length", xTitle: "t", yTitle: "n", times: [0, 1, 2],
                       series: names.map { ($0, [0, 1, 2]) })
    }

    @Test func test_theBoxHoldsItsLongestName_andStaysInsideTheChart() throws {
        let name = "blending.strawberry-banana juice"
        let legend = try Self.legend(Self.chart(["blending.banana juice", name]))
        #expect(legend.texts == ["blending.banana juice", name])
        // 6.5 px a character: a little over what Chromium draws at the legend's 12 px (202 px for these 32).
        #expect(22 + Double(name.count) * 6.5 <= legend.width, "box \(legend.width) px")
        #expect(legend.x + legend.width <= SVGChart.width - SVGChart.right)
    }

    @Test func test_aKoreanName_countsItsWideCharacters() throws {
        let name = "접수창구.예금과 대출 상담"   // 14 characters, 25 columns
        let legend = try Self.legend(Self.chart([name]))
        #expect(legend.texts == [name])
        #expect(22 + 25 * 6.5 <= legend.width, "box \(legend.width) px")
    }

    @Test func test_aNameLongerThanHalfThePlot_isShortened_withTheWholeNameInItsTooltip() throws {
        let name = String(repeating: "very-long-station-name.", count: 6) + "task"
        let svg = Self.chart([name])
        let legend = try Self.legend(svg)
        let shown = try #require(legend.texts.first)
        #expect(shown.hasSuffix("…") && name.hasPrefix(String(shown.dropLast())), "\(shown)")
        #expect(legend.width <= (SVGChart.width - SVGChart.left - SVGChart.right) / 2 + 30, "box \(legend.width) px")
        #expect(legend.x >= SVGChart.left)
        #expect(svg.contains("<title>\(name)</title>"))
    }

    @Test func test_hostileNames_stayText() throws {
        let name = "q\"uote's & <script>alert(1)</script>"
        let svg = Self.chart([name])
        #expect(!svg.contains("<script>"))
        #expect(try Self.legend(svg).texts == [name])
    }
}
