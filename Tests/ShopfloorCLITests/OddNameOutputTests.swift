import Foundation
import Testing

/// Task, pool and station names are the script's, whatever they hold: commas, quotes, a line feed, Hangul, an
/// escape. Each output keeps them as its format allows: the CSV trace quotes them (RFC 4180), JSON escapes
/// them, and the text summary shows a control character as `\u{A}` so every table row stays one line.
@Suite("Odd names in every output")
struct OddNameOutputTests {
    private let script = """
        local c = shopfloor.counter "bänk, \\"main\\""
        c:task { name = "dep,osit \\"x\\"", service = 1 }
        c:task { name = "lo\\nan", service = 2 }
        c:task { name = "저축\\27[2J", service = 1 }
        c:tellers { skills = { "dep,osit \\"x\\"", "lo\\nan", "저축\\27[2J" }, count = 2, name = "pool,\\"a\\"\\nb" }
        for i = 1, 6 do c:arrive(({ "dep,osit \\"x\\"", "lo\\nan", "저축\\27[2J" })[i % 3 + 1]) end
        """

    @Test func test_textSummary_keepsEachRowOnOneLine() throws {
        let folder = try TemporaryFolder()
        try script.write(toFile: folder.path + "/odd.lua", atomically: true, encoding: .utf8)
        let r = try Shell.run(["run", folder.path + "/odd.lua"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.hasPrefix("lo\\u{A}an ") && $0.hasSuffix(" 0") }, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("pool,\"a\"\\u{A}b ") && $0.hasSuffix("100.0 %") }, "\(r.stdout)")
        #expect(lines.contains { $0.hasPrefix("저축\\u{1B}[2J ") }, "\(r.stdout)")
        #expect(!r.stdout.contains("\u{1B}"), "no escape reaches the terminal")
    }

    @Test func test_csvTrace_andJSON_holdTheNamesAsWritten() throws {
        let folder = try TemporaryFolder()
        try script.write(toFile: folder.path + "/odd.lua", atomically: true, encoding: .utf8)
        let r = try Shell.run(["run", folder.path + "/odd.lua", "--format", "json", "--trace", folder.path + "/t.csv"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let classes = try #require(object["classes"] as? [String: Any])
        #expect(Set(classes.keys) == ["dep,osit \"x\"", "lo\nan", "저축\u{1B}[2J"])
        let csv = try String(contentsOfFile: folder.path + "/t.csv", encoding: .utf8)
        #expect(csv.contains("0,arrive,1,\"lo\nan\",,,\"bänk, \"\"main\"\"\"\n"), "\(csv.prefix(300))")
        #expect(csv.contains(",\"pool,\"\"a\"\"\nb\",\"bänk, \"\"main\"\"\"\n"))
    }
}
