import Foundation
import Testing

/// A console scenario's own output is the whole output (`shopfloor.summary(false)`): no closing line
/// for a day that never opened, no summary table after the goodbye.
@Suite("Console scenarios own their output")
struct ConsoleOutputTests {
    @Test func test_bankConsole_quitAtOnce_printsTheMenuAndGoodbyeOnly() throws {
        let r = try Shell.run(["run", "scripts/bank_console.lua"], stdin: "2\n")
        #expect(r.status == 0)
        #expect(r.stdout == "1 : open the bank\n2 : quit\n> Goodbye.\n")
        #expect(r.stderr == "")
    }

    @Test func test_bankConsole_endOfInputBeforeOpening_printsNoClosingLine() throws {
        let r = try Shell.run(["run", "scripts/bank_console.lua"], stdin: "")
        #expect(r.status == 0)
        #expect(r.stdout == "1 : open the bank\n2 : quit\n> ")
    }

    @Test func test_bankConsole_aDayThenQuit_inKorean_endsWithTheGoodbye() throws {
        let r = try Shell.run(["run", "scripts/bank_console.lua", "--set", "lang=ko"], stdin: "1\n2\n")
        #expect(r.status == 0)
        #expect(r.stdout.contains("업무가 마감되었습니다."))
        #expect(r.stdout.hasSuffix("입력 : 종료합니다.\n"), "\(r.stdout.suffix(200))")
        #expect(!r.stdout.contains("served in"))
    }

    @Test func test_juiceConsole_orderThenQuit_endsWithTheGoodbye() throws {
        let r = try Shell.run(["run", "scripts/juice_console.lua"], stdin: "5\nq\n")
        #expect(r.status == 0)
        #expect(r.stdout.contains("Strawberry-banana juice is ready. Enjoy!"))
        #expect(r.stdout.hasSuffix("> Goodbye.\n"))
        #expect(!r.stdout.contains("fill rate"))
    }

    @Test func test_summaryFalse_json_stillPrintsOneObject() throws {
        let r = try Shell.run(["run", "scripts/bank_console.lua", "--format", "json"], stdin: "2\n")
        #expect(r.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(object?["served"] as? Int == 0)
        #expect(r.stderr.hasSuffix("Goodbye.\n"))
    }

    @Test func test_summary_takesABoolean() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", "shopfloor.summary('no')\n")
        let r = try Shell.run(["run", "s.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:1: bad argument #1 to 'summary' (boolean expected, got string)"), "\(r.stderr)")
    }

    /// A scenario without it still gets its summary, and a day it ran itself is not run again.
    @Test func test_summaryFalse_isOptIn() throws {
        let r = try Shell.run(["run", "scripts/bank.lua"])
        #expect(r.stdout.contains(" served in "))
    }
}
