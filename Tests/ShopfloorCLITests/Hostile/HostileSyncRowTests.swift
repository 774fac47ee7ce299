#if PostgresSync
import ShopfloorText
import Foundation
import Testing
import ShopfloorBoard

/// Attacks through the shared PostgreSQL table: rows written on the server by hand, or by a
/// broken replica, that local input would refuse. Each must be validated like local input,
/// quarantined (not applied, reported once with its uuid and reason, the cursor moving past it),
/// and never stop the rows after it, now or in later syncs.
@Suite("Hostile sync rows", .serialized)
struct HostileSyncRowTests {
    /// A row on the server with `overrides` (SQL expressions) replacing a valid row's columns.
    func insert(_ server: BoardPostgresServer, uuid: String, _ overrides: [String: String] = [:]) throws {
        var columns: [(String, String)] = [
            ("uuid", "'\(uuid)'"), ("title", "'Valid \(uuid)'"), ("body", "''"), ("due", "NULL"), ("state", "'todo'"),
            ("created_at", "1767225600000"), ("updated_at", "1767225600000"), ("deleted", "false"),
            ("hlc_wall", "1767225600000"), ("hlc_counter", "0"), ("hlc_replica", "'other-replica'"),
            ("seq", "nextval('shopfloor_board_seq')"),
        ]
        for index in columns.indices { if let value = overrides[columns[index].0] { columns[index].1 = value } }
        try server.sql("INSERT INTO shopfloor_board_task (\(columns.map(\.0).joined(separator: ", "))) "
            + "VALUES (\(columns.map(\.1).joined(separator: ", ")))")
    }

    @Test func test_invalidRows_areQuarantined_andEveryOtherRowStillSyncs() throws {
        let server = try BoardPostgresServer.start()
        let a = try BoardFixture(), b = try BoardFixture()
        try a.ok(["add", "Before"])
        try a.ok(["sync", "--remote", server.url])   // creates the shared table
        let bad: [(uuid: String, overrides: [String: String], reason: String)] = [
            ("long-title", ["title": "repeat('x', 5000)"], "title must be at most 100 characters (got 5000)"),
            ("two-lines", ["title": #"E'one\ntwo'"#], "title must be a single line"),
            ("escape", ["title": #"E'\x1b]0;owned\x07'"#], "title must not contain control characters (got U+001B)"),
            ("huge-body", ["body": "repeat('b', 2000000)"], "body must be at most 1000 characters (got 2000000)"),
            ("empty-title", ["title": "''"], "title must not be empty"),
            ("bogus-state", ["state": "'bogus'"], "state must be one of todo, doing, done (got \"bogus\")"),
            ("bad-date", ["due": "'2026-02-30'"], "due must be a date YYYY-MM-DD (got \"2026-02-30\")"),
            ("negative-time", ["created_at": "-5", "updated_at": "-5"], "created_at -5 is not a time between 1970 and 9999"),
            ("bad-stamp", ["hlc_wall": "-1"], "invalid version stamp \"-1-0-other-replica\""),
            ("bad uuid", [:], "invalid uuid \"bad uuid\""),
        ]
        for row in bad { try insert(server, uuid: row.uuid, row.overrides) }
        try insert(server, uuid: "good-after")

        let first = try b.run(["sync", "--remote", server.url])
        #expect(first.status == 0)
        #expect(first.stdout == "Synced with postgres://postgres@127.0.0.1:\(server.port)/postgres?sslmode=disable: "
            + "pushed 0, pulled 2; 10 invalid changes skipped.\n")
        #expect(first.stderr == bad.map { "warning: skipped a change pulled from the remote for task \($0.uuid): \($0.reason)\n" }.joined())
        #expect(try b.json()["todo"]!.map { $0["title"] as! String }.sorted() == ["Before", "Valid good-after"])
        try b.open().verifyIntegrity()

        // Reported once: the cursor moved past them. Later rows keep coming.
        let second = try b.run(["sync", "--remote", server.url])
        #expect(second.stdout.hasSuffix("pushed 0, pulled 0.\n"))
        #expect(second.stderr == "")
        try insert(server, uuid: "good-later")
        try insert(server, uuid: "future", ["hlc_wall": "(extract(epoch from now()) * 1000)::bigint + 172800000"])
        let third = try b.run(["sync", "--remote", server.url])
        #expect(third.status == 0)
        #expect(third.stdout.hasSuffix("pushed 0, pulled 1; 1 invalid change skipped.\n"))
        #expect(third.stderr.hasPrefix("warning: skipped a change pulled from the remote for task future: clock drift: "))
        #expect(try b.json()["todo"]!.count == 3)
        try b.open().verifyIntegrity()
        // A replica with a saved remote syncs on reading, quarantining the same way.
        a.folder.write("board.toml", "remote = \"\(server.url)\"\n")
        let listed = try a.run(["list", "--format", "json"])
        #expect(listed.status == 0)
        #expect(listed.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("warning: skipped") }.count == 11)
        #expect(!listed.stderr.unicodeScalars.contains { $0 != "\n" && ControlCharacters.isControl($0) })
        #expect(try a.json()["todo"]!.count == 3)
    }

    /// NULLs where the table said NOT NULL (the constraint dropped by hand): skipped naming the
    /// column, like any invalid row; the decoding of the whole pull used to fail on them, on
    /// every later sync too, so no replica received anything from the server again.
    @Test func test_nullColumns_areSkipped_namingTheColumn_andTheRestStillSyncs() throws {
        let server = try BoardPostgresServer.start()
        let a = try BoardFixture(), b = try BoardFixture()
        try a.ok(["add", "Before"])
        try a.ok(["sync", "--remote", server.url])   // creates the shared table
        try server.sql("ALTER TABLE shopfloor_board_task ALTER title DROP NOT NULL, ALTER hlc_wall DROP NOT NULL")
        try insert(server, uuid: "null-title", ["title": "NULL"])
        try insert(server, uuid: "null-stamp", ["title": "NULL", "hlc_wall": "NULL"])
        try insert(server, uuid: "good-after")
        let first = try b.run(["sync", "--remote", server.url])
        #expect(first.status == 0)
        #expect(first.stdout.hasSuffix("pushed 0, pulled 2; 2 invalid changes skipped.\n"))
        #expect(first.stderr == "warning: skipped a change pulled from the remote for task null-title: title is NULL on the server\n"
            + "warning: skipped a change pulled from the remote for task null-stamp: title, hlc_wall are NULL on the server\n")
        #expect(try b.json()["todo"]!.map { $0["title"] as! String }.sorted() == ["Before", "Valid good-after"])
        try insert(server, uuid: "good-later")
        let second = try b.run(["sync", "--remote", server.url])
        #expect(second.stdout.hasSuffix("pushed 0, pulled 1.\n"))
        #expect(second.stderr == "")
        try b.open().verifyIntegrity()
    }

    /// A row written by hand with a `seq` far beyond the server's sequence: the replicas that pulled
    /// it moved their cursor past every later push, and never received another change.
    @Test func test_aRowWithAHugeSeq_doesNotHideLaterChanges() throws {
        let server = try BoardPostgresServer.start()
        let a = try BoardFixture(), b = try BoardFixture()
        try a.ok(["add", "Before"])
        try a.ok(["sync", "--remote", server.url])   // creates the shared table
        try insert(server, uuid: "huge-seq", ["seq": "9223372036854775000"])
        #expect(try b.ok(["sync", "--remote", server.url]).hasSuffix("pushed 0, pulled 2.\n"))
        try a.ok(["add", "After"])
        try a.ok(["sync", "--remote", server.url])
        #expect(try b.ok(["sync", "--remote", server.url]).hasSuffix("pushed 0, pulled 1.\n"))
        #expect(try b.json()["todo"]!.map { $0["title"] as! String }.sorted() == ["After", "Before", "Valid huge-seq"])
        try b.open().verifyIntegrity()
    }
}
#endif
