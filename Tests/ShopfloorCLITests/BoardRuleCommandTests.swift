import Foundation
import Testing
import ShopfloorBoard

/// Board rules in Lua (`scripts/board_rules.lua`, plugins of kind `board_rule`), end to end.
@Suite("Board rules end to end")
struct BoardRuleCommandTests {
    @Test func test_wipLimit_refusesTheFourthTaskInDoing_andWritesNothing() throws {
        let board = try BoardFixture()
        for title in ["A", "B", "C", "D"] { try board.ok(["add", title]) }
        for id in ["1", "2", "3"] { try board.ok(["move", id, "doing", "--use", "board_rule=wip_limit"]) }
        let historyBefore = try board.open().history().count
        let r = try board.run(["move", "4", "doing", "--use", "board_rule=wip_limit"])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "error: at most 3 tasks in DOING: finish one first\n")
        #expect(try board.json()["doing"]!.count == 3)
        #expect(try board.open().history().count == historyBefore)
        // A parameter changes the limit; without a rule the move goes through.
        #expect(try board.run(["move", "4", "doing", "--use", "board_rule=wip_limit", "--set", "max_doing=4"]).status == 0)
        try board.ok(["undo"])
        try board.ok(["move", "4", "doing"])
        #expect(try board.json()["doing"]!.count == 4)
    }

    @Test func test_configChoosesTheRule_standard_fillsADeadlineAWeekOut_andGuardsDone() throws {
        let board = try BoardFixture()
        board.folder.write("board.toml", """
            # the board's settings
            rule = "standard"

            [params]
            due_in_days = 7
            """)
        let added = try board.ok(["add", "Plan"])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let weekOut = DueDate.today(now: Date().addingTimeInterval(7 * 86_400), calendar: calendar)
        #expect(added == "#1 Added 'Plan'. (TODO, due \(weekOut))\n")
        #expect(try board.ok(["add", "Dated", "--due", "2030-01-01"]) == "#2 Added 'Dated'. (TODO, due 2030-01-01)\n")
        let refused = try board.run(["move", "1", "done"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: 'Plan' needs a body before it is DONE: board edit 1 --body \"…\"\n")
        try board.ok(["edit", "1", "--body", "Planned."])
        try board.ok(["move", "1", "done"])
        // --use board_rule=none turns the configured rule off for one command.
        #expect(try board.ok(["add", "No rule", "--use", "board_rule=none"]) == "#3 Added 'No rule'. (TODO)\n")
        #expect(try board.ok(["status"]).contains("rule:     standard\n"))
    }

    @Test func test_errorInTheRules_namesTheFileAndLine() throws {
        let board = try BoardFixture()
        let rules = board.folder.write("board_rules.lua", """
            shopfloor.plugin {
              kind = "board_rule", name = "broken",
              build = function(params)
                return function(change, board)
                  return change.task.title .. nil
                end
              end,
            }
            """)
        #expect(rules.hasSuffix("/board_rules.lua"))
        let r = try board.run(["add", "X", "--rules", "board_rules.lua", "--use", "board_rule=broken"], inFolder: true)
        #expect(r.status == 1)
        // One line, as for any bad input to a board command: no traceback (`shopfloor run` shows one).
        #expect(r.stderr == "error: board rule failed: board_rules.lua:5: attempt to concatenate a nil value\n")
        #expect(try board.json()["todo"]!.isEmpty)

        board.folder.write("syntax/board_rules.lua", "shopfloor.plugin {\n  kind = 'board_rule',,\n}\n")
        let s = try board.run(["add", "X", "--rules", "syntax/board_rules.lua", "--use", "board_rule=broken"], inFolder: true)
        #expect(s.status == 1)
        #expect(s.stderr == "error: syntax/board_rules.lua:2: unexpected symbol near ','\n")
    }

    @Test func test_aRuleReturningBadFields_isReported_notWritten() throws {
        let board = try BoardFixture()
        let rules = board.folder.write("rules.lua", """
            shopfloor.plugin {
              kind = "board_rule", name = "bad_due",
              build = function() return function(change) return { due = "next week" } end end,
            }
            """)
        #expect(rules.hasSuffix("/rules.lua"))
        let r = try board.run(["add", "X", "--rules", "rules.lua", "--use", "board_rule=bad_due"], inFolder: true)
        #expect(r.status == 1)
        #expect(r.stderr == "error: board rule failed: rules.lua:3: board_rule 'bad_due': due must be a date YYYY-MM-DD (got \"next week\")\n")
        #expect(try board.json()["todo"]!.isEmpty)
    }

    /// A rule that answers a real edit (or move) with the task's current values took the user's change back:
    /// the error names the rule and says so. It said `nothing to change: task 1 already has these values`,
    /// as if the user had asked for nothing.
    @Test func test_aRuleRevertingTheChange_isNamed_notNothingToChange() throws {
        let board = try BoardFixture()
        board.folder.write("rules.lua", """
            shopfloor.plugin {
              kind = "board_rule", name = "frozen",
              build = function() return function(change)
                if change.current then return { title = change.current.title, state = change.current.state } end
              end end,
            }
            """)
        try board.ok(["add", "Write report"])
        let historyBefore = try board.open().history().count
        for change in [["edit", "1", "--title", "Write the Q2 report"], ["move", "1", "doing"]] {
            let r = try board.run(change + ["--rules", "rules.lua", "--use", "board_rule=frozen"], inFolder: true)
            #expect(r.status == 1)
            #expect(r.stderr == "error: board rule 'frozen' reverted the change to task 1 (it returned the task's current values): nothing written\n", "\(r.stderr)")
        }
        #expect(try board.json()["todo"]?.first?["title"] as? String == "Write report")
        #expect(try board.open().history().count == historyBefore)
        // An edit that asks for nothing new is still the user's no-op, rule or not.
        let same = try board.run(["edit", "1", "--title", "Write report", "--rules", "rules.lua", "--use", "board_rule=frozen"], inFolder: true)
        #expect(same.stderr == "error: nothing to change: task 1 already has these values\n")
    }

    /// A rule's refusal (or error) of a megabyte is quoted up to 1000 bytes, cut at a character, with how much
    /// was left out; it was printed whole.
    @Test func test_aHugeRefusalOrError_isCut_sayingHowMuchWasLeftOut() throws {
        let board = try BoardFixture()
        board.folder.write("rules.lua", """
            shopfloor.plugin { kind = "board_rule", name = "chatty",
              build = function() return function() return ("é"):rep(600000) end end }
            shopfloor.plugin { kind = "board_rule", name = "loud",
              build = function() return function() error(("x"):rep(1000000)) end end }
            """)
        let refused = try board.run(["add", "X", "--rules", "rules.lua", "--use", "board_rule=chatty"], inFolder: true)
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: " + String(repeating: "é", count: 500) + "… (1199000 more bytes)\n")
        let failed = try board.run(["add", "X", "--rules", "rules.lua", "--use", "board_rule=loud"], inFolder: true)
        #expect(failed.status == 1)
        let prefix = "error: board rule failed: rules.lua:4: "
        #expect(failed.stderr.hasPrefix(prefix + "xxxx"), "\(failed.stderr.prefix(200))")
        #expect(failed.stderr.hasSuffix("… (\(1_000_000 - (1000 - "rules.lua:4: ".utf8.count)) more bytes)\n"), "\(failed.stderr.suffix(80))")
        #expect(failed.stderr.utf8.count < 1100)
        #expect(try board.json()["todo"]!.isEmpty)
    }

    @Test func test_unknownRule_listsTheInstalledOnes() throws {
        let board = try BoardFixture()
        let r = try board.run(["add", "X", "--use", "board_rule=wip_limt"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: --use board_rule=wip_limt: no such plugin (installed board_rule plugins: default_due, done_needs_body, standard, wip_limit; did you mean 'wip_limit'?)\n")
    }

    @Test func test_badConfig_namesFileAndLine() throws {
        let board = try BoardFixture()
        board.folder.write("board.toml", "rule = \"standard\"\ncolour = blue\n")
        let r = try board.run(["list"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: board.toml:2: expected a quoted string, a number or true/false (got \"blue\")\n")
    }
}
