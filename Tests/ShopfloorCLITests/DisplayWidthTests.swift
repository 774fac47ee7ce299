import Foundation
import ShopfloorScripting
import Testing

/// One display-width function for every text table: wide names (Hangul, CJK) take two columns,
/// combining marks none, so the summary, the board and the live view line up whatever the names.
@Suite struct DisplayWidthTests {
    @Test func test_width_countsTerminalColumns() {
        #expect(DisplayWidth.of("deposit") == 7)
        #expect(DisplayWidth.of("입금") == 4)
        #expect(DisplayWidth.of("예금 loan") == 9)
        #expect(DisplayWidth.of("e\u{301}") == 1)          // é as e + combining acute
        #expect(DisplayWidth.of("\u{301}") == 0)           // a combining mark alone
        #expect(DisplayWidth.of("ｆｕｌｌ") == 8)          // full-width forms
        #expect(DisplayWidth.of("a\u{200B}b") == 2)        // zero-width space
        #expect(DisplayWidth.of("🍌") == 2)
    }

    @Test func test_pad_andTruncate_useColumns() {
        #expect(DisplayWidth.pad("입금", to: 6) == "입금  ")
        #expect(DisplayWidth.pad("7", to: 3, alignRight: true) == "  7")
        #expect(DisplayWidth.pad("deposits", to: 3) == "deposits")
        #expect(DisplayWidth.truncate("입금입금입금", to: 7) == "입금입…")
    }

    /// A scenario whose classes and pool have Korean names: every row of each summary table is
    /// as wide as its header, so no column shifts.
    @Test func test_summaryTables_alignWideNames() throws {
        let folder = try TemporaryFolder()
        let scenario = """
            local c = shopfloor.counter "은행"
            c:task { name = "입금", service = shopfloor.fixed(5) }
            c:task { name = "예금", service = shopfloor.fixed(3) }
            c:task { name = "loan", service = shopfloor.fixed(4) }
            c:tellers { skills = { "입금", "예금", "loan" }, count = 2, name = "창구" }
            c:tellers { skills = { "loan" }, count = 1, name = "back office" }
            c:arrivals { rate = 0.2, mix = { ["입금"] = 1, ["예금"] = 1, loan = 1 } }
            shopfloor.stop { time = 300 }
            """
        try scenario.write(to: URL(fileURLWithPath: folder.path + "/k.lua"), atomically: false, encoding: .utf8)
        let r = try Shell.run(["run", "k.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        let tables = r.stdout.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .newlines) }
            .filter { $0.hasPrefix("class") || $0.hasPrefix("pool") }
        #expect(tables.count == 2, "\(r.stdout)")
        for table in tables {
            let widths = table.split(separator: "\n").map { DisplayWidth.of(String($0)) }
            #expect(Set(widths).count == 1, "\(table)")
        }
        #expect(r.stdout.contains("\n입금 "), "\(r.stdout)")
    }
}
