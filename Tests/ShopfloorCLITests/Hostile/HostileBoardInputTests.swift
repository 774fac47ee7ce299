import Foundation
import Testing
import ShopfloorBoard

/// Attacks through what a user (or a board rule) types into the board: terminal escape sequences,
/// control characters, bidirectional overrides and combining-mark floods in titles and bodies.
/// Each must be refused with a message naming the field and the character, exit 1, and leave the
/// database as it was.
@Suite("Hostile board input")
struct HostileBoardInputTests {
    /// The board's tasks and history as text, to prove a refused command changed nothing.
    static func state(_ board: BoardFixture) throws -> String {
        try board.ok(["list", "--format", "json"]) + board.ok(["history"])
    }

    func expectRefused(_ arguments: [String], message: String, environment: [String: String] = [:],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let board = try BoardFixture()
        try board.ok(["add", "Existing", "--body", "Some notes"])
        let before = try Self.state(board)
        let r = try board.run(arguments, environment: environment)
        #expect(r.status == 1, sourceLocation: sourceLocation)
        #expect(r.stdout == "", sourceLocation: sourceLocation)
        #expect(r.stderr == message, sourceLocation: sourceLocation)
        #expect(try Self.state(board) == before, sourceLocation: sourceLocation)
        try board.open().verifyIntegrity()
    }

    @Test(arguments: [
        (["add", "\u{1B}]0;pwned\u{07}"], "title must not contain control characters (got U+001B)"),
        (["add", "Report\u{1B}[2J"], "title must not contain control characters (got U+001B)"),
        (["add", "safe\u{08}\u{08}\u{08}\u{08}evil"], "title must not contain control characters (got U+0008)"),
        (["add", "a\u{7F}b"], "title must not contain control characters (got U+007F)"),
        (["add", "a\u{9B}2Jb"], "title must not contain control characters (got U+009B)"),
        (["add", "a\u{85}b"], "title must be a single line"),
        (["add", "invoice\u{202E}fdp.exe"], "title must not contain bidirectional control characters (got U+202E)"),
        (["edit", "1", "--title", "a\u{2066}b"], "title must not contain bidirectional control characters (got U+2066)"),
        (["add", "X", "--body", "fine\n\u{1B}[2J"],
         "body must not contain control characters other than line feed and tab (got U+001B)"),
        (["edit", "1", "--body", "over\rwritten"],
         "body must not contain control characters other than line feed and tab (got U+000D)"),
        (["edit", "1", "--body", "x\u{90}y"],
         "body must not contain control characters other than line feed and tab (got U+0090)"),
    ])
    func test_controlCharacters_areRefused_namingTheFieldAndTheCharacter(arguments: [String], message: String) throws {
        try expectRefused(arguments, message: "error: \(message)\n")
    }

    @Test func test_aBodyKeepsItsLineBreaksAndTabs() throws {
        let board = try BoardFixture()
        #expect(try board.ok(["add", "Notes", "--body", "first\n\tsecond"]) == "#1 Added 'Notes'. (TODO)\n")
        #expect(try board.ok(["show", "1"]).contains("body:\n  first\n  \tsecond\n"))
    }

    @Test func test_combiningMarkFloods_areRefusedNamingBothLimits() throws {
        let accents = String(repeating: "\u{301}", count: 20_000)
        try expectRefused(["add", "a" + accents], message:
            "error: title must be at most 100 characters and 800 Unicode code points (got 1 character of 20001 code points)\n")
        try expectRefused(["edit", "1", "--body", "b" + String(repeating: "\u{301}", count: 8_000)], message:
            "error: body must be at most 1000 characters and 8000 Unicode code points (got 1 character of 8001 code points)\n")
        // What people write is far inside the bound: 100 four-person family emoji are 700 code points.
        let board = try BoardFixture()
        #expect(try board.run(["add", String(repeating: "👨‍👩‍👧‍👦", count: 100)]).status == 0)
    }

    @Test func test_aRuleReturningAnEscapeSequence_isRefusedLikeInput() throws {
        let board = try BoardFixture()
        let rules = board.folder.write("rules.lua", """
            shopfloor.plugin {
              kind = "board_rule", name = "shouty",
              build = function(params)
                return function(change, board)
                  if change.task then return { title = "\\27[2J" .. change.task.title } end
                end
              end,
            }
            """)
        try board.ok(["add", "Existing"])
        let before = try Self.state(board)
        #expect(rules.hasSuffix("/rules.lua"))
        let r = try board.run(["add", "Plan", "--rules", "rules.lua", "--use", "board_rule=shouty"], inFolder: true)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "error: board rule failed: rules.lua:4: board_rule 'shouty' returned an invalid task: title must not contain control characters (got U+001B)\n")
        #expect(try Self.state(board) == before)
    }

    /// A rule runs inside the change's transaction for the board given with `--db`: the module
    /// would write somewhere else (the default board) or wait on its own lock for 5 s.
    @Test(arguments: [false, true])
    func test_aRuleCannotWriteThroughTheLuaModule(boardInEnvironment: Bool) throws {
        let board = try BoardFixture()
        let home = board.folder.path + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let rules = board.folder.write("rules.lua", """
            shopfloor.plugin {
              kind = "board_rule", name = "sneaky",
              build = function(params)
                return function(change, board)
                  shopfloor.board.add("Sneaked in")
                end
              end,
            }
            """)
        try board.ok(["add", "Existing"])
        let before = try Self.state(board)
        var environment = ["HOME": home, "XDG_DATA_HOME": "", "SHOPFLOOR_BOARD_DB": ""]
        if boardInEnvironment { environment["SHOPFLOOR_BOARD_DB"] = board.db }
        #expect(rules.hasSuffix("/rules.lua"))
        let r = try board.run(["add", "Plan", "--rules", "rules.lua", "--use", "board_rule=sneaky"],
                              environment: environment, inFolder: true)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        // One line, as every error in a rule (no traceback).
        #expect(r.stderr == "error: board rule failed: rules.lua:5: shopfloor.board cannot be used "
            + "in a board rule: the rule is given the change and the board's counts, and changes the task by returning a table of fields (docs/board.md)\n")
        #expect(try Self.state(board) == before)
        #expect(!FileManager.default.fileExists(atPath: home + "/.local"), "no board created under HOME")
    }
}
