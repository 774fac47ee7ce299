import Foundation
import GRDB
import Testing

/// `--db` naming another application's SQLite database (a typo, a tab completion too far): the
/// board must refuse it and leave it exactly as it was — no board tables added, no switch to WAL
/// mode — instead of showing an empty board with exit 0.
@Suite("Hostile foreign database")
struct HostileForeignDatabaseTests {
    /// Every schema entry and the journal mode: what opening the file as a board must not change.
    static func shape(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            try String.fetchAll(db, sql: "SELECT type || ' ' || name FROM sqlite_master ORDER BY name")
        } + [try queue.inDatabase { try String.fetchOne($0, sql: "PRAGMA journal_mode") ?? "" }]
    }

    @Test(arguments: ["delete", "wal"])
    func test_anotherApplicationsDatabase_isRefused_andLeftUnchanged(journalMode: String) throws {
        let board = try BoardFixture()
        let queue = try DatabaseQueue(path: board.db)
        try queue.inDatabase { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = \(journalMode)")
            try db.execute(sql: "CREATE TABLE contacts(name TEXT); INSERT INTO contacts VALUES ('ada')")
        }
        try queue.close()
        let before = try Self.shape(board.db)
        for arguments in [["list"], ["add", "Oops"], ["status"], ["history"]] {
            let r = try board.run(arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stdout == "", "\(arguments)")
            #expect(r.stderr == "error: \(board.db) is an SQLite database but not a board (its tables: contacts); "
                + "it was left unchanged\n", "\(arguments)")
        }
        #expect(try Self.shape(board.db) == before)
    }

    /// A new file, and a board written by this version, still open as before.
    @Test func test_anEmptyFileAndABoard_stillOpen() throws {
        let board = try BoardFixture()
        #expect(FileManager.default.createFile(atPath: board.db, contents: Data()))
        #expect(try board.ok(["add", "First"]) .hasPrefix("#1 Added 'First'."))
        #expect(try board.ok(["list", "--format", "json"]).contains("\"title\":\"First\""))
    }
}
