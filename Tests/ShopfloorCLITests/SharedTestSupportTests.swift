import Foundation
import Testing

/// Test helpers are defined once, in Tests/ShopfloorTestSupport: a test target's own `TemporaryFolder`
/// would quietly shadow the shared one (a module's own type wins over an imported one), and the
/// copies would drift again (there were three, with different names and APIs).
@Suite("Shared test support")
struct SharedTestSupportTests {
    @Test func test_temporaryFolder_isDefinedOnlyInTheSharedTarget() throws {
        let tests = Shell.repository.appendingPathComponent("Tests").path
        let definition = try NSRegularExpression(pattern: #"\b(class|struct|enum|actor|typealias)\s+TemporaryFolder\b"#)
        var places: [String] = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: tests).sorted() where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: tests + "/" + file, encoding: .utf8)
            if definition.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil { places.append(file) }
        }
        #expect(places == ["ShopfloorTestSupport/TemporaryFolder.swift"])
    }
}
