import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `--report out.html|out.json` and the progress line's silence off a terminal.
@Suite("Reports")
struct ReportTests {
    final class XMLCheck: NSObject, XMLParserDelegate {
        var elements: [String: Int] = [:]
        var seriesNames: [String] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements[name, default: 0] += 1
            if name == "polyline", let s = attributes["data-series"] { seriesNames.append(s) }
        }
    }

    @Test func test_htmlReport_parses_andHoldsTheChartsForAKnownSeed() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/report.html"
        let r = try Shell.run(["run", "scripts/bank_open.lua", "--set", "customers=3000", "--seed", "8", "--report", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "", "no progress line off a terminal")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("<script"), "self-contained, no scripts")
        #expect(!html.contains("http://") || html.contains("xmlns=\"http://www.w3.org/2000/svg\""), "no network references")
        let parser = XMLParser(data: Data(html.utf8))
        let check = XMLCheck()
        parser.delegate = check
        #expect(parser.parse(), "the report is well-formed: \(parser.parserError.map { "\($0)" } ?? "")")
        // Queue length (2 lines) and utilisation (2 pools): four series; two wait histograms.
        #expect(check.seriesNames.sorted() == ["deposit", "deposit", "loan", "loan"])
        #expect(check.elements["svg", default: 0] == 4)
        #expect(html.contains("Wait before service: deposit"))
        #expect(html.contains("simulated time (s)"))
        #expect(html.contains("<td>arrival_rate</td>"))
        // Deterministic: the same seed draws the same report.
        let again = folder.path + "/again.html"
        _ = try Shell.run(["run", "scripts/bank_open.lua", "--set", "customers=3000", "--seed", "8", "--report", again])
        #expect(try String(contentsOfFile: again, encoding: .utf8) == html)
    }

    @Test func test_jsonReport_hasTheSameData_boundedInLength() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/report.json"
        let r = try Shell.run(["run", "scripts/bank_open.lua", "--set", "customers=30000", "--set", "policies=builtin", "--report", path])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let series = try #require(object["series"] as? [String: [String: Any]])
        let queue = try #require(series["queue_length"])
        let times = try #require(queue["t"] as? [Double])
        #expect(times.count >= 100 && times.count <= 1024, "bounded: \(times.count) samples")
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        let values = try #require(queue["values"] as? [String: [Double]])
        #expect(values["deposit"]?.count == times.count)
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["served"] as? Int == 30000)
        let histograms = try #require(object["wait_histograms"] as? [String: [String: Any]])
        let loan = try #require(histograms["loan"])
        let counts = try #require(loan["counts"] as? [Int])
        let beyond = loan["beyond"] as? Int ?? 0
        let classes = summary["classes"] as! [String: [String: Any]]
        let started = (classes["loan"]!["served"] as! Int)
        // The histogram accounts for (about) every loan customer's wait.
        #expect(abs(counts.reduce(0, +) + beyond - started) <= started / 50 + 30)
    }

    @Test func test_report_badExtension_isAUsageError() throws {
        let r = try Shell.run(["run", "scripts/bank.lua", "--report", "out.pdf"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("must end in .html or .json"))
    }
}
