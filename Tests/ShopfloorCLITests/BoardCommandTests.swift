import Foundation
import Testing
import ShopfloorBoard

/// `shopfloor board add|list|show|edit|move|rm|history|undo|redo|status`, end to end.
@Suite("Board commands end to end")
struct BoardCommandTests {
    @Test func test_add_thenList_json_hasTheIssueShape() throws {
        let board = try BoardFixture()
        let added = try board.run(["add", "Write report", "--due", "2026-12-01", "--body", "Q2 figures"])
        #expect(added.status == 0)
        #expect(added.stderr == "")
        #expect(added.stdout == "#1 Added 'Write report'. (TODO, due 2026-12-01)\n")
        let json = try board.ok(["list", "--format", "json"])
        #expect(json.hasPrefix("{\"doing\":[],\"done\":[],\"schema\":1,\"todo\":[{\"body\":\"Q2 figures\",\"due\":\"2026-12-01\",\"id\":1,\"state\":\"todo\",\"title\":\"Write report\",\"updated_at\":\""))
        let parsed = try board.json()
        #expect(Set(parsed.keys) == ["todo", "doing", "done"])
        let task = try #require(parsed["todo"]?.first)
        #expect(Set(task.keys) == ["id", "uuid", "title", "body", "due", "state", "updated_at"])
        #expect((task["uuid"] as? String)?.count == 36)
    }

    /// `add --due none` is no deadline, as `edit --due none` clears one (it was refused as not a date, while
    /// edit took it); a real date and a bad one are as before.
    @Test func test_add_dueNone_isNoDeadline_asEditTakesIt() throws {
        let board = try BoardFixture()
        let added = try board.run(["add", "Write report", "--due", "none"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "#1 Added 'Write report'. (TODO)\n")
        #expect(try board.json()["todo"]?.first?["due"] is NSNull)
        let bad = try board.run(["add", "X", "--due", "nonee"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: due must be a date YYYY-MM-DD (got \"nonee\")\n")
    }

    @Test func test_db_isAccepted_beforeOrAfterTheSubcommand_andFromTheEnvironment() throws {
        let board = try BoardFixture()
        let before = try Shell.run(["board", "--db", board.db, "add", "Before"])
        #expect(before.status == 0)
        let after = try Shell.run(["board", "add", "After", "--db", board.db])
        #expect(after.status == 0)
        let env = try Shell.run(["board", "add", "From env"], environment: ["SHOPFLOOR_BOARD_DB": board.db])
        #expect(env.status == 0)
        let titles = try board.json()["todo"]!.map { $0["title"] as! String }
        #expect(titles == ["Before", "After", "From env"])
        // --db wins over the environment.
        let other = board.folder.path + "/other.sqlite"
        _ = try Shell.run(["board", "add", "Elsewhere", "--db", other], environment: ["SHOPFLOOR_BOARD_DB": board.db])
        #expect(try board.json()["todo"]!.count == 3)
    }

    @Test func test_defaultDatabase_isInTheUserDataFolder_createdWhenMissing() throws {
        let board = try BoardFixture()
        let data = board.folder.path + "/xdg-data"
        let r = try Shell.run(["board", "add", "Somewhere"], environment: ["XDG_DATA_HOME": data, "SHOPFLOOR_BOARD_DB": ""])
        #expect(r.status == 0)
        #expect(FileManager.default.fileExists(atPath: data + "/shopfloor/board.sqlite"))
        let status = try Shell.run(["board", "status"], environment: ["XDG_DATA_HOME": data, "SHOPFLOOR_BOARD_DB": ""])
        #expect(status.stdout.hasPrefix("database: \(data)/shopfloor/board.sqlite\n"))
    }

    @Test func test_list_sideBySide_whenWide_withCounts() throws {
        let board = try BoardFixture()
        try board.ok(["add", "Write report", "--due", "2999-12-01"])
        try board.ok(["add", "Call Ada"])
        try board.ok(["add", "Fix the build", "--state", "doing"])
        let out = try board.ok(["list"], environment: ["COLUMNS": "84"])
        let rule = String(repeating: "─", count: 26)
        #expect(out == """
            TODO (2)                    DOING (1)                   DONE (0)
            \(rule)  \(rule)  \(rule)
            #1 Write report             #3 Fix the build
               due 2999-12-01
            #2 Call Ada

            """)
    }

    @Test func test_list_stacked_whenNarrow() throws {
        let board = try BoardFixture()
        try board.ok(["add", "Write report", "--due", "2999-12-01"])
        try board.ok(["add", "Fix the build", "--state", "doing"])
        let out = try board.ok(["list"], environment: ["COLUMNS": "60"])
        #expect(out == """
            TODO (1)
              #1 Write report  due 2999-12-01
            DOING (1)
              #2 Fix the build
            DONE (0)
              (empty)

            """)
    }

    @Test func test_list_overdue_isMarked_dueTodayIsNot_withoutColourWhenNotATerminal() throws {
        let board = try BoardFixture()
        try board.ok(["add", "Late", "--due", "2020-01-01"])
        try board.ok(["add", "Today", "--due", todayUTC()])
        let out = try board.ok(["list"], environment: ["COLUMNS": "60", "NO_COLOR": ""])
        #expect(out.contains("#1 Late  due 2020-01-01 (overdue)\n"))
        #expect(out.contains("#2 Today  due \(todayUTC())\n"))
        #expect(!out.contains("\u{1B}["))
    }

    @Test func test_list_overdue_isRed_onATerminal_unlessNoColor() throws {
        let board = try BoardFixture()
        try board.ok(["add", "Late", "--due", "2020-01-01"])
        try board.ok(["add", "Today", "--due", todayUTC()])
        func onTerminal(_ noColor: String?) throws -> String {
            let command = "\(Shell.executable.path) board list --db \(board.db)"
            var env = ["TZ": "UTC", "COLUMNS": "60", "NO_COLOR": ""]
            if let noColor { env["NO_COLOR"] = noColor }
            return try Program.run("/usr/bin/script", ["-qec", command, "/dev/null"], environment: env).stdout
        }
        let coloured = try onTerminal(nil)
        #expect(coloured.contains("\u{1B}[31mdue 2020-01-01\u{1B}[0m"))
        #expect(!coloured.contains("\u{1B}[31mdue \(todayUTC())"))
        let plain = try onTerminal("1")
        #expect(!plain.contains("\u{1B}["))
        #expect(plain.contains("due 2020-01-01 (overdue)"))
    }

    @Test func test_show_printsEveryField_andTheTasksHistory() throws {
        let board = try BoardFixture()
        try board.ok(["add", "Write report", "--due", "2999-12-01", "--body", "line one\nline two"])
        try board.ok(["move", "1", "doing"])
        let out = try board.ok(["show", "1"])
        #expect(out.hasPrefix("#1 Write report\nstate:    DOING\ndue:      2999-12-01\nupdated:  "))
        #expect(out.contains("body:\n  line one\n  line two\nhistory:\n"))
        #expect(out.hasSuffix("  Added 'Write report'.\n" + out.split(separator: "\n").last! + "\n"))
        #expect(out.contains("Moved 'Write report' from TODO to DOING.\n"))
        let json = try board.ok(["show", "1", "--format", "json"])
        #expect(json.hasPrefix("{\"body\":\"line one\\nline two\",\"due\":\"2999-12-01\",\"id\":1,\"schema\":1,\"state\":\"doing\""))
    }

    @Test func test_edit_move_rm_printTheHistorySentence() throws {
        let board = try BoardFixture()
        try board.ok(["add", "Draft"])
        #expect(try board.ok(["edit", "1", "--title", "Report", "--due", "2026-12-01"])
            == "#1 Edited 'Draft': title 'Draft' → 'Report', due none → 2026-12-01.\n")
        #expect(try board.ok(["edit", "1", "--due", "none"]) == "#1 Edited 'Report': due 2026-12-01 → none.\n")
        #expect(try board.ok(["move", "1", "DOING"]) == "#1 Moved 'Report' from TODO to DOING.\n")
        #expect(try board.ok(["move", "1", "done"]) == "#1 Moved 'Report' from DOING to DONE.\n")
        #expect(try board.ok(["rm", "1"]) == "#1 Removed 'Report' from DONE.\n")
        #expect(try board.json()["done"]!.isEmpty)
    }

    @Test func test_history_listsEveryChangeWithItsTime_andLimit() throws {
        let board = try BoardFixture()
        try board.ok(["add", "X"])
        try board.ok(["move", "1", "doing"])
        try board.ok(["rm", "1"])
        let lines = try board.ok(["history"]).split(separator: "\n").map(String.init)
        #expect(lines.map { String($0.dropFirst(21)) } == [
            "Added 'X'.", "Moved 'X' from TODO to DOING.", "Removed 'X' from DOING.",
        ])
        #expect(lines.allSatisfy { $0.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d  "#, options: .regularExpression) != nil })
        let last = try board.ok(["history", "--limit", "1"])
        #expect(last.hasSuffix("  Removed 'X' from DOING.\n"))
        #expect(last.split(separator: "\n").count == 1)
        #expect(try board.run(["history", "--limit", "0"]).status == 64)
        let empty = try BoardFixture()
        #expect(try empty.ok(["history"]) == "no history yet\n")
    }

    @Test func test_undo_redo_walkHistory_acrossInvocations() throws {
        let board = try BoardFixture()
        try board.ok(["add", "X"])
        try board.ok(["move", "1", "doing"])
        #expect(try board.ok(["undo"]) == "#1 Undid: Moved 'X' from TODO to DOING.\n")
        #expect(try board.json()["todo"]!.count == 1)
        #expect(try board.ok(["undo"]) == "#1 Undid: Added 'X'.\n")
        #expect(try board.json()["todo"]!.isEmpty)
        let none = try board.run(["undo"])
        #expect(none.status == 1)
        #expect(none.stderr == "error: nothing to undo\n")
        #expect(try board.ok(["redo"]) == "#1 Redid: Added 'X'.\n")
        #expect(try board.ok(["redo"]) == "#1 Redid: Moved 'X' from TODO to DOING.\n")
        #expect(try board.json()["doing"]!.count == 1)
        let nothing = try board.run(["redo"])
        #expect(nothing.status == 1)
        #expect(nothing.stderr == "error: nothing to redo\n")
        try board.open().verifyIntegrity()
    }

    @Test func test_status_showsDatabaseCountsRuleAndRemote() throws {
        let board = try BoardFixture()
        try board.ok(["add", "X"])
        let out = try board.ok(["status"])
        #expect(out.hasPrefix("database: \(board.db)\nreplica:  "))
        #expect(out.contains("tasks:    TODO 1 · DOING 0 · DONE 0\nrule:     none\nremote:   none configured"))
        #if PostgresSync
        #expect(out.contains("remote:   none configured (board sync --remote postgres://… --save)\n"))
        #else
        #expect(out.contains("remote:   none configured (sync is not built in; rebuild with the PostgresSync trait: "))
        #endif
        // Without a remote nothing waits to be sent anywhere: the change is kept for a remote configured later.
        #expect(out.hasSuffix("\npending:  1 change not synced (kept here; a remote configured later receives it)\n"), "\(out)")
        let fresh = try BoardFixture()
        #expect(try fresh.ok(["status"]).hasSuffix("\npending:  none\n"))
    }

    @Test func test_sync_withoutTheTrait_namesTheRebuild_andExits1() throws {
        let board = try BoardFixture()
        let r = try board.run(["sync", "--remote", "postgres://ada@127.0.0.1:1/shopfloor"])
        #if PostgresSync
        #expect(r.status == 1)
        #expect(!r.stderr.contains("not built in"))
        #else
        #expect(r.status == 1)
        #expect(r.stderr == "error: \(BoardSync.notBuiltIn)\n")
        // A sync that cannot be made saves nothing either: `--save` wrote the remote into board.toml, and every
        // later change then noted it could not sync.
        let saving = try board.run(["sync", "--remote", "postgres://ada@127.0.0.1:1/shopfloor", "--save"])
        #expect(saving.status == 1)
        #expect(saving.stderr == "error: \(BoardSync.notBuiltIn)\n")
        #expect(!FileManager.default.fileExists(atPath: BoardLocation.configPath(forDatabase: board.db)))
        #expect(try board.run(["add", "Later"]).stderr == "")
        #endif
    }

    @Test func test_help_listsEverySubcommand() throws {
        let r = try Shell.run(["board", "--help"])
        #expect(r.status == 0)
        for name in ["add", "list", "show", "edit", "move", "rm", "history", "undo", "redo", "status"] {
            #expect(r.stdout.contains("  \(name)"), "missing \(name)")
        }
    }
}
