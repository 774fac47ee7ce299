import Foundation
import Testing

/// A stock rule's wrong answer is shown as it was given: `got 5.5`, `got 'lots'` — not `got number`, which reads as
/// if a number were the wrong kind of answer. (An amount Lua converts, `"4"`, is taken: JuiceScenarioTests.)
@Suite("A stock rule's wrong answer, shown")
struct StockRuleAnswerTests {
    func run(_ answer: String) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("bar.lua", """
            local s = shopfloor.stock "bar"
            s:item { name = "kiwi", count = 10 }
            s:rule(function(fruit, count, pending)
              return \(answer)
            end)
            s:add("kiwi", -1)

            """)
        return try Shell.run(["run", "bar.lua"], in: URL(fileURLWithPath: folder.path))
    }

    @Test(arguments: [("5.5, 1", "got 5.5"), ("0/0, 1", "got -nan"), ("'lots', 1", "got 'lots'"), ("{}", "got table")])
    func test_wrongAmount_isShown(answer: String, shown: String) throws {
        let r = try run(answer)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: bar.lua:3: stock rule must return nothing or an amount (an integer) and a lead time, \(shown)\n"), "\(r.stderr)")
    }

    @Test func test_wrongLeadTime_isShown() throws {
        let r = try run("5, '1'")
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: bar.lua:3: stock rule returned an amount (5) but no lead time (a number of seconds): got '1'\n"), "\(r.stderr)")
    }
}
