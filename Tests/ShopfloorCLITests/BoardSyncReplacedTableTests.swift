#if PostgresSync
import Foundation
import Testing

/// The remote's table replaced under the replicas (dropped and created again; a server rebuilt or
/// restored at the same URL): every replica must push its whole board again and pull the new table
/// from its start, so nothing is missing on the server or on any replica afterwards.
@Suite("Board sync: a replaced remote table", .serialized)
struct BoardSyncReplacedTableTests {
    @Test func test_aTableCreatedAgain_getsEveryTaskBack_andEveryReplicaConverges() throws {
        let server = try BoardPostgresServer.start()
        let a = try BoardFixture(), b = try BoardFixture()
        for title in ["A1", "A2", "A3"] { try a.ok(["add", title]) }
        try a.ok(["sync", "--remote", server.url])
        #expect(try b.ok(["sync", "--remote", server.url]).hasSuffix("pushed 0, pulled 3.\n"))
        let historyOfA = try a.ok(["history"])

        try server.sql("DROP TABLE shopfloor_board_task; DROP SEQUENCE shopfloor_board_seq")
        try b.ok(["add", "B1"])
        // B finds another table: it sends its whole board, not only B1.
        #expect(try b.ok(["sync", "--remote", server.url]).hasSuffix("pushed 4, pulled 0.\n"))
        // A's cursor (3) is past the new table's rows: without the check it pulled nothing.
        #expect(try a.ok(["sync", "--remote", server.url]).hasSuffix("pushed 3, pulled 1.\n"))
        #expect(try server.sql("SELECT count(*) FROM shopfloor_board_task") == "4\n")
        let titles = { (board: BoardFixture) in Set(try board.json()["todo"]!.map { $0["title"] as! String }) }
        #expect(try titles(a) == ["A1", "A2", "A3", "B1"])
        #expect(try titles(b) == ["A1", "A2", "A3", "B1"])
        let c = try BoardFixture()
        #expect(try c.ok(["sync", "--remote", server.url]).hasSuffix("pushed 0, pulled 4.\n"))
        // History is only appended to: A's entries stay as they were, with B1's arrival after them.
        let after = try a.ok(["history"])
        #expect(after.hasPrefix(historyOfA))
        #expect(after.dropFirst(historyOfA.count).hasSuffix("Added 'B1' on another replica.\n"))
        // And the next sync has nothing to do: the new table is remembered.
        #expect(try a.ok(["sync", "--remote", server.url]).hasSuffix("pushed 0, pulled 0.\n"))
        for board in [a, b, c] { try board.open().verifyIntegrity() }
    }
}
#endif
