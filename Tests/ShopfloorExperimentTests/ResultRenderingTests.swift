import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import ShopfloorExperiment

/// Text, JSON and HTML: byte-identical whatever order cells came in, fitted to the width, self-contained.
struct ResultRenderingTests {
    let fixture = ResultFixture.tellers(replications: .fixed(count: 5))

    func cells() -> [CellRecord] {
        (0..<20).map { i in
            let r = Double(i / 4), g = Double(i % 4)
            // Common noise per replication, and a little of each group's own.
            let noise = sin(r * 12.9898) * 0.2, own = sin(Double(i) * 78.233) * 0.05
            return fixture.cell(i, ["classes.deposit.mean_wait": 3 + g * 0.37 + noise + own,
                                    "classes.loan.mean_wait": 10 - g + noise * 5 + own * 3,
                                    "pools.tellers.utilization": 0.8 - g * 0.05 + noise * 0.02 + own * 0.01],
                                cpu: Double(i) * 0.013)
        }
    }

    @Test func sameBytesWhateverTheOrder() throws {
        let reference = try fixture.result(cells())
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10 {
            var shuffled = cells().shuffled(using: &generator)
            // Timing differs between runs; it never reaches the result.
            for i in shuffled.indices { shuffled[i].timing = Timing(cpuSeconds: Double.random(in: 0...1, using: &generator)) }
            let result = try fixture.result(shuffled)
            #expect(result.json() == reference.json())
            #expect(result.text(width: 100) == reference.text(width: 100))
            #expect(result.html() == reference.html())
        }
    }

    @Test func jsonHasTheFigures_sortedKeys_noTiming() throws {
        let json = try fixture.result(cells()).json()
        #expect(!json.contains("timing") && !json.contains("cpu_seconds"))
        #expect(json.hasPrefix("{\"compare\":{\"baseline\":\"fifo\",\"by\":\"teller_policy\"},\"comparisons\":["))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["schema"] as? Int == 2)
        #expect(object["complete"] as? Bool == true)
        #expect(object["measures"] as? [String] == ["classes.deposit.mean_wait", "classes.loan.mean_wait", "pools.tellers.utilization"])
        let groups = try #require(object["groups"] as? [[String: Any]])
        #expect(groups.count == 4)
        let measures = try #require(groups[1]["measures"] as? [String: [String: Any]])
        let deposit = try #require(measures["classes.deposit.mean_wait"])
        #expect(deposit["n"] as? Int == 5)
        #expect(Set(deposit.keys) == ["n", "mean", "sd", "se", "half_width", "relative_half_width", "min", "max"])
        let comparisons = try #require(object["comparisons"] as? [[String: Any]])
        #expect(comparisons.count == 2)
        #expect((comparisons[0]["measures"] as? [String: [String: Any]])?["classes.loan.mean_wait"]?["p_value"] is Double)
    }

    @Test(arguments: [40, 60, 80, 100, 160])
    func textFitsTheWidth(_ width: Int) throws {
        let text = try fixture.result(cells()).text(width: width)
        for line in text.split(separator: "\n") {
            #expect(line.count <= width, "\(line.count) > \(width): \(line)")
        }
        #expect(text.contains("tellers=2 teller_policy=fifo") || text.contains("fifo"))
        #expect(!text.contains(" \n"), "no trailing spaces")
    }

    @Test func wideTableIsProcessAnalyzerStyle() throws {
        let text = try fixture.result(cells()).text(width: 160)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("#") })
        #expect(header.contains("tellers") && header.contains("teller_policy") && header.contains("classes.deposit.mean_wait")
                && header.contains("pools.tellers.utilization"))
        #expect(lines.contains { $0.hasPrefix("3") && $0.contains("cross_training") && $0.contains(" ± ") })
        #expect(text.contains("Paired differences against teller_policy=fifo"))
    }

    @Test func narrowTerminalGetsBlocks() throws {
        let text = try fixture.result(cells()).text(width: 50)
        #expect(text.contains("#0 tellers=2 teller_policy=fifo (n=5)"))
        #expect(text.contains("\n  classes.deposit.mean_wait  "))
    }

    @Test func failedCellsAreListed_andCountInNoFigure() throws {
        var all = cells()
        all[6] = fixture.cell(6, nil, error: "bank.lua:12: attempt to index a nil value")
        let result = try fixture.result(all)
        #expect(result.failedCells.map(\.index) == [6])
        #expect(result.groups[2].measures["classes.loan.mean_wait"]?.n == 4)
        let text = result.text(width: 100)
        #expect(text.contains("1 cell failed (it counts in no figure):\n  cell 6 (#2, replication 1, seed "))
        #expect(text.contains("): bank.lua:12: attempt to index a nil value"))
        #expect(result.json().contains("\"failed\":[{\"error\":\"bank.lua:12: attempt to index a nil value\",\"group\":2,\"index\":6"))
        #expect(result.html().contains("bank.lua:12: attempt to index a nil value"))
    }

    @Test func incompleteResultSaysSo() throws {
        let result = try fixture.result(Array(cells().prefix(9)))
        let text = result.text(width: 100)
        #expect(text.contains("Incomplete: 4 of 4 groups need more replications (cells 9–19)"))
        #expect(text.contains("status"))
        #expect(result.json().contains("\"complete\":false"))
    }

    /// No factors, no plugin choices, one replication: one group, no spread, nothing to compare.
    @Test func singleGroupSingleReplication() throws {
        let single = ResultFixture.single(replications: .fixed(count: 1))
        let result = try single.result([single.cell(0, ["wait": 2.5])])
        let text = result.text(width: 80)
        #expect(text.contains("1 group, 1 replication each"))
        #expect(text.contains("#  n  wait\n0  1  2.5\n"), "\(text)")
        #expect(result.json().contains("\"half_width\":null"))
        #expect(result.html().contains("<svg"))
        let none = try single.result([])
        #expect(none.text(width: 80).contains("Incomplete: 1 of 1 groups need more replications (cell 0)"))
        #expect(none.html().contains("<!DOCTYPE html>"))
    }

    final class XMLCheck: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        var references: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements[name, default: 0] += 1
            for key in ["href", "src"] { if let v = attributes[key] { references.append(v) } }
        }
    }

    @Test func htmlIsSelfContained_wellFormed_oneChartPerMeasure() throws {
        var design = fixture.design
        design.uses = [UseFactor(kind: "teller_policy", plugins: ["fifo", "<b>&'x\""])]
        let hostile = ResultFixture(design: design)
        let html = try hostile.result((0..<20).map { hostile.cell($0, ["w": Double($0 % 7)]) }).html()
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("@import"))
        #expect(!html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "").contains("http"))
        #expect(!html.contains("<b>&"), "names are escaped")
        let parser = XMLParser(data: Data(html.utf8))
        let check = XMLCheck()
        parser.delegate = check
        #expect(parser.parse(), "well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        #expect(check.elements["svg"] == 1)
        #expect(check.elements["circle", default: 0] >= 4)
        #expect(check.references.isEmpty)
    }
}
