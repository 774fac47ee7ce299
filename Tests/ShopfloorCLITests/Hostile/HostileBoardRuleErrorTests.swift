import Foundation
import Testing

/// A board rule that fails — raises an error, runs past its time budget, or answers something that is
/// not an answer — is reported like any bad input to a board command: one line naming `file:line` and
/// the value at fault, no Lua traceback, exit 1, and the board exactly as it was.
@Suite("Board rule errors are one line")
struct HostileBoardRuleErrorTests {
    static let rules = """
        shopfloor.plugin {
          kind = "board_rule", name = "raises",
          build = function(params)
            return function(change, board)
              local task = nil
              return task.title
            end
          end,
        }
        shopfloor.plugin {
          kind = "board_rule", name = "answers_a_number",
          build = function(params)
            return function(change, board)
              return 42
            end
          end,
        }
        shopfloor.plugin {
          kind = "board_rule", name = "throws_a_table",
          build = function(params)
            return function(change, board)
              error({ reason = "no" })
            end
          end,
        }
        shopfloor.plugin {
          kind = "board_rule", name = "bad_due",
          build = function(params)
            return function(change, board)
              return { due = "next week" }
            end
          end,
        }
        shopfloor.plugin {
          kind = "board_rule", name = "cannot_build",
          build = function(params)
            error("no parameters for this rule")
          end,
        }
        """

    /// The whole board as the user sees it, and the database file's bytes.
    static func state(_ board: BoardFixture) throws -> (String, Data) {
        let seen = try board.ok(["list", "--format", "json"]) + board.ok(["history"])
        return (seen, try Data(contentsOf: URL(fileURLWithPath: board.db)))
    }

    @Test(arguments: [
        ("raises", "error: board rule failed: rules.lua:6: attempt to index a nil value (local 'task')\n"),
        ("answers_a_number",
         "error: board rule failed: rules.lua:13: board_rule 'answers_a_number' must return nil, true, false, a message or a table of fields (got 42)\n"),
        ("throws_a_table", "error: board rule failed: rules.lua:22: (error object is a table value)\n"),
        ("bad_due", "error: board rule failed: rules.lua:29: board_rule 'bad_due': due must be a date YYYY-MM-DD (got \"next week\")\n"),
        ("cannot_build", "error: rules.lua:37: no parameters for this rule\n"),
    ])
    func test_aFailingRule_isOneLineNamingItsPlace_andChangesNothing(rule: String, message: String) throws {
        let board = try BoardFixture()
        board.folder.write("rules.lua", Self.rules)
        try board.ok(["add", "Existing", "--body", "Some notes"])
        let before = try Self.state(board)
        for change in [["add", "Plan"], ["move", "1", "doing"], ["edit", "1", "--title", "Renamed"]] {
            let r = try board.run(change + ["--rules", "rules.lua", "--use", "board_rule=\(rule)"], inFolder: true)
            #expect(r.status == 1, "\(change)")
            #expect(r.stdout == "", "\(change)")
            #expect(r.stderr == message, "\(change)")
            #expect(try Self.state(board) == before, "\(change)")
        }
    }
}
