import Foundation
import Testing

/// A bad answer from a stock rule (or another hook) is named once, at the function that gave it — also when
/// the hook ran inside a host function (`stock:add`, `stock:set`, `stock:order`, `counter:run`), whose own
/// line is innocent and appears only in the traceback, never in front of the message (`x.lua:9: x.lua:3: …`).
@Suite("Bad answers name their place once")
struct AnswerErrorPlaceTests {
    static let stock = """
        local stock = shopfloor.stock()
        stock:items { { name = "kiwi", count = 10 } }
        stock:recipe("kiwi juice", { kiwi = 3 })
        stock:rule(function(fruit, count, pending)
          return ANSWER
        end)

        """

    @Test(arguments: [
        ("-5, 10", "stock:add(\"kiwi\", -1)", "x.lua:4: restock: 'amount' must be > 0, got -5"),
        ("5, -1", "stock:set(\"kiwi\", 2)", "x.lua:4: restock: 'lead_time' must be >= 0, got -1"),
        ("\"lots\", 1", "stock:add(\"kiwi\", -1)",
         "x.lua:4: stock rule must return nothing or an amount (an integer) and a lead time, got 'lots'"),
        ("5", "stock:order \"kiwi juice\"", "x.lua:4: stock rule returned an amount (5) but no lead time (a number of seconds): got nil"),
        ("math.maxinteger, 1", "stock:add(\"kiwi\", -1)",
         "x.lua:4: stock: 'kiwi' would hold more than 1000000000000000 units with those on order (has 9, adding 9223372036854775807)"),
    ])
    func test_aStockRulesBadOrder_insideAStockCall_namesTheRuleOnce(answer: String, call: String, message: String) throws {
        let folder = try TemporaryFolder()
        folder.write("x.lua", Self.stock.replacingOccurrences(of: "ANSWER", with: answer) + call + "\n")
        let r = try Shell.run(["run", "x.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stdout == "")
        let lines = r.stderr.components(separatedBy: "\n")
        #expect(lines.first == "error: " + message)
        // The call that ran the rule is in the traceback, as the line that led there.
        #expect(lines.contains("\tx.lua:7: in main chunk"), "\(r.stderr)")
    }

    @Test func test_aServiceTimesBadAnswer_duringCounterRun_namesTheFunctionOnce_unwrapped() throws {
        let folder = try TemporaryFolder()
        folder.write("x.lua", """
            local bank = shopfloor.counter "bank"
            bank:task { name = "a", service = 1 }
            bank:tellers { skill = "a", count = 1 }
            bank:service_time(function(c, teller)
              return "soon"
            end)
            bank:arrive("a")
            bank:run()

            """)
        let r = try Shell.run(["run", "x.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr == """
            error: x.lua:4: service time must return a number of seconds, got string
            stack traceback:
            \t[C]: in method 'run'
            \tx.lua:8: in main chunk

            """)
    }
}
