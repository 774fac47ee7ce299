import Foundation
import Testing

/// A stock rule that changes the stock itself (`stock:add` inside a rule) runs the rules again, inside itself:
/// without end, that used to stop with Lua's bare `C stack overflow` — no file, no line, no word of the rule.
/// It names the rule and why it runs again, and (REPL) the world is as before the command.
@Suite("A stock rule that runs itself without end")
struct StockRuleRecursionTests {
    static let scenario = """
        local s = shopfloor.stock "bar"
        s:item { name = "kiwi", count = 10 }
        stock = s
        s:rule(function(fruit, count, pending)
          s:add(fruit, 1)
        end)

        """

    @Test func test_run_namesTheRuleThatRunsItself() throws {
        let folder = try TemporaryFolder()
        folder.write("bar.lua", Self.scenario + "s:add(\"kiwi\", 1)\n")
        let r = try Shell.run(["run", "bar.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: bar.lua:4: stock rule for 'kiwi' runs inside itself 100 deep: a rule or hook that "
            + "changes the stock (stock:add, stock:set, stock:order) runs the rules and hooks again; return amount, lead_time to restock\n"), "\(r.stderr)")
        #expect(!r.stderr.contains("C stack overflow"), "\(r.stderr)")
    }

    /// A "made" hook that orders again: made again, inside itself, 1000 times with 1000 kiwis on the shelf.
    @Test func test_run_namesTheHookThatRunsItself() throws {
        let folder = try TemporaryFolder()
        folder.write("bar.lua", """
            local s = shopfloor.stock "bar"
            s:item { name = "kiwi", count = 1000 }
            s:recipe("kiwi juice", { kiwi = 1 })
            s:on("made", function(juice) s:order "kiwi juice" end)
            s:order "kiwi juice"

            """)
        let r = try Shell.run(["run", "bar.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: bar.lua:4: stock:on(\"made\") hook runs inside itself 100 deep: "), "\(r.stderr)")
    }

    @Test func test_repl_theRunawayRuleLeavesTheStockAsItWas() throws {
        let folder = try TemporaryFolder()
        folder.write("bar.lua", Self.scenario)
        let r = try Shell.run(["repl", "bar.lua"], stdin: "stock:add(\"kiwi\", 1)\nstock:count \"kiwi\"\n", in: URL(fileURLWithPath: folder.path))
        #expect(r.stderr.contains("bar.lua:4: stock rule for 'kiwi' runs inside itself 100 deep"), "\(r.stderr)")
        #expect(r.stdout == "10\n", "\(r.stdout)")
    }
}
