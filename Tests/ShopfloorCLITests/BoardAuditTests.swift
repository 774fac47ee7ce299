import Foundation
import Testing
import ShopfloorBoard

/// Defects found by auditing the board as a newcomer would, each reproduced through the binary.
@Suite("Board audit: options without a rule, wide terminals, the shipped rules")
struct BoardAuditTests {
    /// `--rules FILE` without a chosen rule was silently ignored (even a file that does not exist),
    /// so a user believed rules were in force that never ran; `--set` alone was already refused.
    @Test func test_rulesFileWithoutARule_isAnError_andWritesNothing() throws {
        let board = try BoardFixture()
        board.folder.write("rules.lua", "error('never loaded')\n")
        for arguments in [["--rules", "rules.lua"], ["--rules", "missing.lua"],
                          ["--rules", "rules.lua", "--use", "board_rule=none"]] {
            let r = try board.run(["add", "X"] + arguments, inFolder: true)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stdout == "")
            #expect(r.stderr == "error: --rules needs a board rule: choose one with --use board_rule=NAME or rule = \"NAME\" in \(board.folder.path)/board.toml\n", "\(arguments)")
        }
        #expect(try board.json()["todo"]!.isEmpty)
    }

    /// The same for `--plugins DIR`: an existing folder, named for nothing.
    @Test func test_pluginFolderWithoutARule_isAnError() throws {
        let board = try BoardFixture()
        board.folder.write("plugins/mine.lua", "shopfloor.plugin { kind = 'board_rule', name = 'mine', build = function() return function() return 'no' end end }\n")
        let r = try board.run(["add", "X", "--plugins", "plugins"], inFolder: true)
        #expect(r.status == 1)
        #expect(r.stderr == "error: --plugins needs a board rule: choose one with --use board_rule=NAME or rule = \"NAME\" in \(board.folder.path)/board.toml\n")
        // With the rule chosen, the folder is used.
        let chosen = try board.run(["add", "X", "--plugins", "plugins", "--use", "board_rule=mine"], inFolder: true)
        #expect(chosen.status == 1)
        #expect(chosen.stderr == "error: no\n")
        #expect(try board.json()["todo"]!.isEmpty)
    }

    /// `board list` padded with a table of every run of spaces up to the line's width: width²
    /// bytes, so `COLUMNS=1000000` never finished (8000 took 1.5 s). Run under a 1 GB address-space
    /// limit so the old behaviour fails instead of exhausting the machine.
    @Test func test_listInAVeryWideTerminal_finishes_withTheColumnsSideBySide() throws {
        let board = try BoardFixture()
        try board.ok(["add", "First"])
        try board.ok(["add", "Second", "--state", "done"])
        let r = try Program.run("/bin/sh", ["-c", "ulimit -v 1000000; exec \"$0\" board list --db \"$1\"",
                                            Shell.executable.path, board.db],
                                environment: ["COLUMNS": "1000000", "NO_COLOR": "1"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        let column = (1_000_000 - 4) / 3 + 2
        #expect(lines.first == Substring("TODO (1)" + String(repeating: " ", count: column - 8) + "DOING (0)"
                                         + String(repeating: " ", count: column - 9) + "DONE (1)"))
        #expect(lines[2] == Substring("#1 First" + String(repeating: " ", count: 2 * column - 8) + "#2 Second"))
    }

    /// `default_due` added 7 × 24 hours to the clock: a week that crossed the end of summer time,
    /// started just after midnight, was 6 days (8 at its start). It now counts calendar days from
    /// the board's today.
    @Test func test_defaultDue_countsCalendarDays_fromTheBoardsToday_acrossSummerTime() throws {
        let folder = try TemporaryFolder()
        folder.write("due.lua", """
            local rule = shopfloor.use("board_rule", "default_due")
            for _, today in ipairs { "2026-10-25", "2026-03-28", "2026-12-28" } do
              local answer = rule({ kind = "add", task = { title = "x", body = "", state = "todo" } },
                                  { counts = { todo = 0, doing = 0, done = 0 }, total = 0, today = today })
              print(today, answer.due)
            end
            """)
        let r = try Shell.run(["run", folder.path + "/due.lua"], environment: ["TZ": "Europe/Berlin"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("2026-10-25\t2026-11-01\n2026-03-28\t2026-04-04\n2026-12-28\t2027-01-04\n"), "\(r.stdout)")
    }

    /// `done_needs_body` refused every edit of a DONE task without a body (one added before the rule
    /// was chosen): renaming it failed with "needs a body before it is DONE". It now guards entering
    /// DONE and clearing a DONE task's body; and an add is told to use `--body`, not `board edit ID`.
    @Test func test_doneNeedsBody_guardsEnteringDone_notEveryEditOfADoneTask() throws {
        let board = try BoardFixture()
        try board.ok(["add", "Old", "--state", "done"])
        #expect(try board.ok(["edit", "1", "--title", "Old, renamed", "--use", "board_rule=done_needs_body"])
                == "#1 Edited 'Old': title 'Old' → 'Old, renamed'.\n")
        try board.ok(["add", "Kept", "--state", "done", "--body", "Done well."])
        let cleared = try board.run(["edit", "2", "--body", "", "--use", "board_rule=done_needs_body"])
        #expect(cleared.status == 1)
        #expect(cleared.stderr == "error: 'Kept' needs a body before it is DONE: board edit 2 --body \"…\"\n")
        let added = try board.run(["add", "New", "--state", "done", "--use", "board_rule=done_needs_body"])
        #expect(added.status == 1)
        #expect(added.stderr == "error: 'New' needs a body before it is DONE: add it with --body \"…\"\n")
        #expect(try board.json()["done"]!.map { $0["title"] as! String } == ["Old, renamed", "Kept"])
    }

    /// `history --limit -1` read `-1` as an option and said `Missing value for '--limit <N>'`; the
    /// value given is now the value judged.
    @Test func test_historyWithANegativeLimitOrTask_namesTheValue() throws {
        let board = try BoardFixture()
        try board.ok(["add", "A"])
        let limit = try board.run(["history", "--limit", "-1"])
        #expect(limit.status == 64)
        #expect(limit.stderr.hasPrefix("Error: --limit must be at least 1 (got -1)\n"), "\(limit.stderr)")
        let task = try board.run(["history", "--task", "-1"])
        #expect(task.status == 1)
        #expect(task.stderr == "error: id must be a positive whole number (got \"-1\")\n")
    }

    /// `shopfloor check scripts/board_rules.lua`, a newcomer's way to check the rules, said only that
    /// plugins are registered by files on the plugin path; it now says how such a file is checked.
    @Test func test_checkingTheRulesFile_pointsToShopfloorPlugins() throws {
        let r = try Shell.run(["check", "scripts/board_rules.lua"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("or the board's rules file, not by a scenario: `shopfloor plugins` loads them and names any error\n"), "\(r.stderr)")
        #expect(try Shell.run(["plugins"]).status == 0)
    }

    /// A rule chosen in board.toml that the rules file no longer defines (renamed between two
    /// commands) was reported as `--use board_rule=mine: no such plugin`, an option nobody typed.
    @Test func test_aConfiguredRuleMissingFromTheRulesFile_blamesTheConfig() throws {
        let board = try BoardFixture()
        board.folder.write("board.toml", "rule = \"mine\"\nrules = \"rules.lua\"\n")
        board.folder.write("rules.lua", "shopfloor.plugin { kind = 'board_rule', name = 'mine', build = function() return function() end end }\n")
        try board.ok(["add", "A"])
        board.folder.write("rules.lua", "shopfloor.plugin { kind = 'board_rule', name = 'mien', build = function() return function() end end }\n")
        let r = try board.run(["add", "B"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: \(board.folder.path)/board.toml: rule = \"mine\": no such plugin (installed board_rule plugins: mien; did you mean 'mien'?)\n")
        // A --use choice is still blamed on --use.
        #expect(try board.run(["add", "B", "--use", "board_rule=mnie"]).stderr.hasPrefix("error: --use board_rule=mnie: no such plugin"))
        #expect(try board.json()["todo"]!.map { $0["title"] as! String } == ["A"])
    }
}
