import ShopfloorText
import Foundation
import GRDB
import Testing
@testable import ShopfloorBoard

/// Attacks through the database itself: text and times written by an older version, by hand or
/// by a buggy replica, which input validation never saw. Reading commands must neither crash nor
/// pass control characters to the terminal; a read-only board must still be readable.
@Suite("Hostile board database")
struct HostileBoardDatabaseTests {
    /// Writes into the board's database behind the tool's back.
    static func tamper(_ board: BoardFixture, _ sql: String, _ arguments: StatementArguments = []) throws {
        let queue = try DatabaseQueue(path: board.db)
        try queue.write { try $0.execute(sql: sql, arguments: arguments) }
    }

    /// Whether `text` holds a character a terminal acts on (line feeds aside).
    static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 != "\n" && ControlCharacters.isControl($0) }
    }

    @Test func test_escapeSequencesInTheDatabase_areShownEscaped_neverRaw() throws {
        let board = try BoardFixture()
        try board.ok(["add", "Plain", "--body", "notes"])
        let title = "a\u{1B}]0;owned\u{07}b\u{9B}2Jc\u{202E}d"
        try Self.tamper(board, "UPDATE task SET title = ?, body = ?", [title, "line one\n\u{1B}[2Jline two"])
        try Self.tamper(board, "UPDATE history SET message = ?", ["Added '\(title)'."])
        let shown = "a\\u{1B}]0;owned\\u{7}b\\u{9B}2Jc\\u{202E}d"
        for arguments in [["list"], ["show", "1"], ["history"], ["history", "--task", "1"]] {
            let r = try board.run(arguments)
            #expect(r.status == 0, "\(arguments)")
            #expect(!Self.hasControls(r.stdout), "\(arguments): \(r.stdout.debugDescription)")
            // (A column of `list` shortens the title.)
            #expect(r.stdout.contains(arguments == ["list"] ? String(shown.prefix(20)) : shown), "\(arguments): \(r.stdout)")
        }
        let show = try board.ok(["show", "1"])
        #expect(show.contains("body:\n  line one\n  \\u{1B}[2Jline two\n"))
        for width in ["40", "120"] {   // stacked and side by side
            let list = try board.run(["list"], environment: ["COLUMNS": width])
            #expect(!Self.hasControls(list.stdout))
        }
        // JSON escapes C0 controls itself, and stays exact for machines.
        let json = try board.ok(["list", "--format", "json"])
        #expect(json.contains(#""title":"a\u001b]0;owned\u0007b"#))
    }

    /// Times outside the years 0001–9999 show as the nearest bound; one just before 1970 is shown as it is.
    @Test(arguments: [
        (Int64(-1), "1969-12-31T23:59:59.999Z", "1969-12-31 23:59:59"),
        (-210_866_803_200_000, "0001-01-01T00:00:00.000Z", "0001-"),   // the "year 4713" of the report
        (Int64.min, "0001-01-01T00:00:00.000Z", "0001-"),
        (Int64.max, "9999-12-31T23:59:59.999Z", "9999-12-31 23:59:59"),
        (253_402_300_800_000, "9999-12-31T23:59:59.999Z", "9999-12-31 23:59:59"),
    ])
    func test_timesOutOfRange_neitherCrashNorShowYear4713(millis: Int64, iso: String, shown: String) throws {
        let board = try BoardFixture()
        try board.ok(["add", "Old", "--due", "2026-12-01"])
        try Self.tamper(board, "UPDATE task SET created_at = ?, updated_at = ?", [millis, millis])
        try Self.tamper(board, "UPDATE history SET at = ?", [millis])
        let json = try board.run(["list", "--format", "json"])
        #expect(json.status == 0)
        #expect(json.stderr == "")
        #expect(json.stdout.contains(#""updated_at":"\#(iso)""#))
        let show = try board.run(["show", "1", "--format", "json"])
        #expect(show.status == 0)
        #expect(show.stdout.contains(#""updated_at":"\#(iso)""#))
        let text = try board.run(["show", "1"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("updated:  \(shown)"))
        #expect(text.stdout.contains("created:  \(shown)"))
        let history = try board.run(["history"])
        #expect(history.status == 0)
        #expect(history.stdout.hasPrefix(shown))
        #expect(history.stdout.contains("  Added 'Old'.\n"))
    }

    /// A board the user may read but not write (another user's, a read-only mount): reading
    /// commands work, changing ones say why they cannot — with the WAL files the tool leaves, and
    /// without them (checkpointed and removed, as `sqlite3` leaves a database).
    @Test(arguments: [true, false])
    func test_aReadOnlyBoard_canBeRead_butNotChanged(walFilesLeft: Bool) throws {
        let board = try BoardFixture()
        try board.ok(["add", "Shared", "--due", "2026-12-01"])
        try board.ok(["move", "1", "doing"])
        if !walFilesLeft {
            try DatabaseQueue(path: board.db).writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: board.db + suffix) }
            #expect(!FileManager.default.fileExists(atPath: board.db + "-wal"))
        }
        let before = try HostileBoardInputTests.state(board)
        let files = try FileManager.default.contentsOfDirectory(atPath: board.folder.path).sorted()
        let asOther = ReadOnlyUser()
        try asOther.protect(board.folder.path)
        defer { asOther.release(board.folder.path) }
        for arguments in [["list"], ["list", "--format", "json"], ["show", "1"], ["history"], ["history", "--task", "1"], ["status"]] {
            let r = try asOther.run(board, arguments)
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
            #expect(r.stderr == "", "\(arguments)")
        }
        #expect(try asOther.run(board, ["list"]).stdout.contains("#1 Shared"))
        for arguments in [["add", "New"], ["move", "1", "done"], ["undo"]] {
            let r = try asOther.run(board, arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stdout == "")
            #expect(r.stderr == "error: the board database at \(board.db) is read-only; the change was not saved\n", "\(arguments)")
        }
        asOther.release(board.folder.path)
        #expect(try HostileBoardInputTests.state(board) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: board.folder.path).sorted() == files)
    }
}

/// Runs the tool as a user who may read the board but not write it: as root (who may write any
/// file), the `nobody` user; otherwise the current user, with the write permissions removed.
struct ReadOnlyUser {
    let asRoot = getuid() == 0

    func protect(_ folder: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: folder + "/" + name)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
    }

    func release(_ folder: String) {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: folder + "/" + name)
        }
    }

    func run(_ board: BoardFixture, _ arguments: [String]) throws -> Shell.Result {
        let command = [Shell.executable.path, "board"] + arguments + ["--db", board.db]
        let environment = ["TZ": "UTC", "COLUMNS": "80", "NO_COLOR": "1", "HOME": board.folder.path]
        if asRoot {
            return try Program.run("/usr/sbin/runuser", ["-u", "nobody", "--"] + command, environment: environment)
        }
        return try Program.run(command[0], Array(command.dropFirst()), environment: environment)
    }
}
