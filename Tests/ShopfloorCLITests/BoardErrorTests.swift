import Foundation
import Testing
import ShopfloorBoard

/// Bad input to `shopfloor board`: a message naming the field, exit code 1, nothing written.
@Suite("Board command errors")
struct BoardErrorTests {
    /// Runs `arguments` against a board holding one task and checks the error, the exit code and
    /// that neither the tasks nor the history changed.
    func expectRefused(_ arguments: [String], status: Int32 = 1, message: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let board = try BoardFixture()
        try board.ok(["add", "Existing", "--due", "2026-12-01"])
        let before = (try board.ok(["list", "--format", "json"]), try board.open().history().count)
        let r = try board.run(arguments)
        #expect(r.status == status, sourceLocation: sourceLocation)
        #expect(r.stdout == "", sourceLocation: sourceLocation)
        #expect(r.stderr == message, sourceLocation: sourceLocation)
        #expect(try board.ok(["list", "--format", "json"]) == before.0, sourceLocation: sourceLocation)
        #expect(try board.open().history().count == before.1, sourceLocation: sourceLocation)
    }

    @Test func test_emptyTitle() throws {
        try expectRefused(["add", "  "], message: "error: title must not be empty\n")
    }

    /// A title typed with no visible character is refused, whichever invisible characters it holds (U+200B
    /// was refused as empty while U+00AD, a lone U+0301, U+FEFF, U+200E and U+061C were taken).
    @Test(arguments: ["\u{00AD}", "\u{0301}", "\u{FEFF}", "\u{200E}", "\u{061C}", "\u{200B}", "\u{3164}", "\u{2800}"])
    func test_titleWithNothingVisible_isRefused_onAddAndEdit(title: String) throws {
        let name = "U+" + String(format: "%04X", title.unicodeScalars.first!.value)
        let message = "error: title must have at least one visible character (got only \(name))\n"
        try expectRefused(["add", title], message: message)
        try expectRefused(["edit", "1", "--title", title], message: message)
    }

    /// Invisible characters beside a visible one are the title's own business; white space alone is empty.
    @Test func test_titleWithAVisibleCharacter_isTaken_whiteSpaceAloneIsEmpty() throws {
        let board = try BoardFixture()
        #expect(try board.run(["add", "e\u{0301}\u{200B}"]).status == 0)
        #expect(try board.run(["add", "\u{E000}"]).status == 0)   // private use: a font may draw it
        try expectRefused(["add", "\u{00A0}\u{3000}"], message: "error: title must not be empty\n")
        try expectRefused(["add", "\u{200B}\u{200C}\u{200D}\u{2060}\u{FEFF}\u{00AD}"],
                          message: "error: title must have at least one visible character (got only U+200B U+200C U+200D U+2060 and 2 more)\n")
    }

    @Test func test_titleTooLong() throws {
        try expectRefused(["add", String(repeating: "x", count: 101)],
                          message: "error: title must be at most 100 characters (got 101)\n")
    }

    @Test func test_bodyTooLong() throws {
        try expectRefused(["add", "X", "--body", String(repeating: "b", count: 1001)],
                          message: "error: body must be at most 1000 characters (got 1001)\n")
        try expectRefused(["edit", "1", "--body", String(repeating: "b", count: 1001)],
                          message: "error: body must be at most 1000 characters (got 1001)\n")
    }

    @Test func test_badDate() throws {
        try expectRefused(["add", "X", "--due", "2026-02-30"], message: "error: due must be a date YYYY-MM-DD (got \"2026-02-30\")\n")
        try expectRefused(["edit", "1", "--due", "tomorrow"], message: "error: due must be a date YYYY-MM-DD (got \"tomorrow\")\n")
    }

    /// A negative id is the id's error, as `x7` is (ArgumentParser read `-1` as an option and said only
    /// `Missing expected argument '<id>'`, exit 64); `move 1 -1` is the column's error.
    @Test func test_negativeID_isTheIDsError_notAMissingArgument() throws {
        let message = "error: id must be a positive whole number (got \"-1\")\n"
        try expectRefused(["move", "-1", "doing"], message: message)
        try expectRefused(["show", "-1"], message: message)
        try expectRefused(["rm", "-1"], message: message)
        try expectRefused(["edit", "-1", "--title", "Y"], message: message)
        try expectRefused(["show", "-1", "--format", "json"], message: message)
        try expectRefused(["move", "1", "-1"], message: "error: state must be one of todo, doing, done (got \"-1\")\n")
        try expectRefused(["show", "x7"], message: "error: id must be a positive whole number (got \"x7\")\n")
    }

    @Test func test_unknownID() throws {
        try expectRefused(["show", "7"], message: "error: no task with id 7\n")
        try expectRefused(["edit", "7", "--title", "Y"], message: "error: no task with id 7\n")
        try expectRefused(["move", "7", "doing"], message: "error: no task with id 7\n")
        try expectRefused(["rm", "7"], message: "error: no task with id 7\n")
        // History of a task that never existed is an unknown id too, not "no history yet".
        try expectRefused(["history", "--task", "7"], message: "error: no task with id 7\n")
    }

    @Test func test_badIDOrState() throws {
        try expectRefused(["move", "x1", "doing"], message: "error: id must be a positive whole number (got \"x1\")\n")
        try expectRefused(["move", "1", "later"], message: "error: state must be one of todo, doing, done (got \"later\")\n")
        try expectRefused(["move", "1", "DNE"], message: "error: state must be one of todo, doing, done (got \"DNE\"; did you mean 'done'?)\n")
        try expectRefused(["add", "X", "--state", "doign"], message: "error: state must be one of todo, doing, done (got \"doign\"; did you mean 'doing'?)\n")
        try expectRefused(["move", "1", "todo"], message: "error: task 1 is already in TODO\n")
        try expectRefused(["add", "X", "--state", "someday"], message: "error: state must be one of todo, doing, done (got \"someday\")\n")
    }

    @Test func test_editWithoutFields_isAUsageError() throws {
        let board = try BoardFixture()
        let r = try board.run(["edit", "1"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("nothing to edit: give --title, --body or --due"))
    }

    @Test func test_unknownSubcommandOrMissingArgument_isAUsageError() throws {
        let board = try BoardFixture()
        #expect(try board.run(["frobnicate"]).status == 64)
        #expect(try board.run(["add"]).status == 64)
        #expect(try board.run(["move", "1"]).status == 64)
    }

    @Test func test_unopenableDatabase_isAMessage_notACrash() throws {
        let r = try Shell.run(["board", "list", "--db", "/no/such/folder/board.sqlite"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot open the board database at /no/such/folder/board.sqlite: check that its folder exists and is writable\n")
        let folder = try TemporaryFolder()
        let junk = folder.write("junk.sqlite", String(repeating: "not a database ", count: 100))
        let notADB = try Shell.run(["board", "list", "--db", junk])
        #expect(notADB.status == 1)
        #expect(notADB.stderr == "error: \(junk) is not a board database\n")
    }
}
