#if PostgresSync
import Dispatch
import Foundation
import Testing

/// The server process serving a pull killed with SIGKILL while a large pull is under way: `board
/// sync` must end with exit 1 and one line saying what went through, the board unchanged and whole,
/// and the next sync must converge. postgres-nio trapped instead (SIGILL, a dump of buffered task
/// rows on stderr) when the connection closed while streamed rows waited for the reader.
@Suite("Board sync: the server killed mid-pull", .serialized)
struct BoardSyncServerKilledTests {
    @Test func test_serverBackendKilledDuringALargePull_isAnError_andTheNextSyncConverges() throws {
        let server = try BoardPostgresServer.start()
        let seed = try BoardFixture(), joining = try BoardFixture()
        try seed.ok(["add", "Seed"])
        try seed.ok(["sync", "--remote", server.url])   // creates the shared table
        let rows = 60_000
        try server.sql("""
            INSERT INTO shopfloor_board_task SELECT 'bulk-' || g, 'Bulk ' || g, repeat('b', 900), NULL, 'todo',
                1767225600000, 1767225600000, false, 1767225600000, g, 'other-replica', nextval('shopfloor_board_seq')
            FROM generate_series(1, \(rows)) g
            """)
        try joining.ok(["add", "Local"])

        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var interrupted: Shell.Result?
        nonisolated(unsafe) let board = joining
        let url = server.url
        Thread.detachNewThread {
            interrupted = try? board.run(["sync", "--remote", url])
            finished.signal()
        }
        // The backend serving the pull, once its transaction has run a second (rows are flowing).
        var backend: Int32?
        let deadline = Date().addingTimeInterval(120)
        while backend == nil, Date() < deadline, finished.wait(timeout: .now()) == .timedOut {
            backend = Int32(try server.sql("""
                SELECT pid FROM pg_stat_activity WHERE query LIKE '%shopfloor_board_task WHERE seq >%'
                AND pid <> pg_backend_pid() AND xact_start < now() - interval '1 second' LIMIT 1
                """).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let pid = try #require(backend, "the pull was never seen running")
        kill(pid, SIGKILL)
        finished.wait()
        let result = try #require(interrupted)
        #expect(result.status == 1)
        #expect(result.stderr == "error: lost the connection to postgres://postgres@127.0.0.1:\(server.port)/postgres?sslmode=disable: "
            + "the server closed the connection; pushed 1 change, pulled nothing: the other replicas' changes come with the next sync\n")
        #expect(try joining.json()["todo"]!.map { $0["title"] as! String } == ["Local"])
        try joining.open().verifyIntegrity()

        // PostgreSQL restarts its backends after a crash; once it answers, a re-run converges.
        let back = Date().addingTimeInterval(60)
        while (try? server.sql("SELECT 1")) == nil, Date() < back { _ = finished.wait(timeout: .now() + 0.05) }
        let again = try joining.run(["sync", "--remote", server.url])
        #expect(again.status == 0)
        #expect(again.stdout.hasSuffix("pushed 0, pulled \(rows + 1).\n"))
        #expect(try joining.json()["todo"]!.count == rows + 2)
        try joining.open().verifyIntegrity()
    }
}
#endif
