import Foundation
import ShopfloorScripting
import Testing

/// The text summary's columns: a figure as wide as its column or wider widens that column in every row, so
/// two figures never touch (`2521.55 s13829.79 s` was unreadable) and the columns stay aligned; a table whose
/// figures fit prints as it always did (the corpus checks those byte for byte).
@Suite("Text summary columns")
struct SummaryColumnTests {
    /// Two stations (a route), waits of a thousand million seconds, and a shelf of 10^15 sheets: every table
    /// of the summary gets a figure wider than its usual column.
    static let huge = """
        local desk = shopfloor.counter "desk"
        desk:task { name = "loan", service = 1e9, route = "back.file" }
        local back = shopfloor.counter "back"
        back:task { name = "file", service = 1 }
        desk:tellers { skill = "loan" }
        back:tellers { skill = "file" }
        for _ = 1, 3 do desk:arrive "loan" end
        shopfloor.stock("shelf"):item { name = "paper", count = 1000000000000000 }
        """

    @Test func test_hugeFigures_widenTheirColumn_inEveryRow() throws {
        let folder = try TemporaryFolder()
        folder.write("huge.lua", Self.huge)
        let r = try Shell.run(["run", "huge.lua"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """

            class      served       mean wait        p95 wait        max wait  balked  reneged
            desk.loan       3 1000000000.00 s 2000000000.00 s 2000000000.00 s       0        0
            back.file       3          0.00 s          0.00 s          0.00 s       0        0

            pool      tellers  utilisation
            desk.loan       1      100.0 %
            back.file       1        0.0 %

            station  served       mean wait  utilisation  mean inside   blocked
            desk          3 1000000000.00 s      100.0 %         2.00    0.00 s
            back          3          0.00 s        0.0 %         0.00    0.00 s

            journey    completed   lost  visits       mean time        p95 time
            back.file          3      0    2.00 2000000001.00 s 3000000001.00 s
            all                3      0    2.00 2000000001.00 s 3000000001.00 s

            mean number in system 2.00

            6 served in 3000000001.00 s of simulated time

            fruit             final              min               mean   lost  delivered
            paper  1000000000000000 1000000000000000 1000000000000000.0      0          0

            """)
    }

    /// Every figure of every table row stands apart: splitting a row at spaces gives as many figures as
    /// the table has columns (a seconds figure is two words, `12.00 s`).
    @Test func test_hugeFigures_neverTouch() throws {
        let folder = try TemporaryFolder()
        folder.write("huge.lua", Self.huge)
        let r = try Shell.run(["run", "huge.lua"], in: folder.url)
        let rows = r.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        #expect(rows.contains(["desk.loan", "3", "1000000000.00", "s", "2000000000.00", "s", "2000000000.00", "s", "0", "0"]))
        #expect(rows.contains(["back.file", "3", "0", "2.00", "2000000001.00", "s", "3000000001.00", "s"]))
        #expect(rows.contains(["paper", "1000000000000000", "1000000000000000", "1000000000000000.0", "0", "0"]))
    }

    /// A Korean heading as wide as its column (`대기 포기`, 9 columns) touched the one before it: `돌아감대기 포기`;
    /// and one space between headings that hold a space themselves read as more headings (`95% 대기 최대 대기`):
    /// there two spaces part every heading, so splitting the heading line at two spaces gives the headings.
    @Test func test_koreanHeadings_withASpace_standApart() throws {
        let r = try Shell.run(["run", "scripts/bank.lua", "--set", "lang=ko"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("\n업무       처리  평균 대기  95% 대기  최대 대기  돌아감  대기 포기\n"), "\(r.stdout)")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("업무 ") })
        let headings = line.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(headings == ["업무", "처리", "평균 대기", "95% 대기", "최대 대기", "돌아감", "대기 포기"])
        // The figures stay under their headings' right edges.
        let deposit = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("deposit ") })
        #expect(DisplayWidth.of(String(deposit)) == DisplayWidth.of(String(line)), "\(line)\n\(deposit)")
    }
}
