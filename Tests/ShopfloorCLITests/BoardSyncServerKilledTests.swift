#if PostgresSync
import Dispatch
import Foundation
import Testing

/// The server process serving a pull killed with SIGKILL once the pull has begun: `board sync` must end
/// with exit 1 and one line saying what went through, the board unchanged and whole, and the next sync
/// (a pull of many pages) must converge. postgres-nio trapped here once (SIGILL, a dump of buffered task
/// rows on stderr) when the connection closed while streamed rows waited for the reader; pulls now come
/// one row per page of 2,000 (`RemoteBoard.pullPage`), so no rows wait that way.
@Suite("Board sync: the server killed mid-pull", .serialized)
struct BoardSyncServerKilledTests {
    @Test func test_serverBackendKilledDuringAPull_isAnError_andTheNextSyncConverges() throws {
        let server = try BoardPostgresServer.start()
        let seed = try BoardFixture(), joining = try BoardFixture()
        try seed.ok(["add", "Seed"])
        try seed.ok(["sync", "--remote", server.url])   // creates the shared table
        let rows = 10_000
        try server.sql("""
            INSERT INTO shopfloor_board_task SELECT 'bulk-' || g, 'Bulk ' || g, '', NULL, 'todo',
                1767225600000, 1767225600000, false, 1767225600000, g, 'other-replica', nextval('shopfloor_board_seq')
            FROM generate_series(1, \(rows)) g
            """)
        try joining.ok(["add", "Local"])

        // The kill lands in the pull, after the push committed, whatever the machine's speed: a SHARE lock
        // holds the push's insert; an ACCESS EXCLUSIVE lock queued behind it is granted when the push
        // commits, before the pull's first statement, which then waits for it. (Killing a backend once its
        // pull had run a second failed in CI: a fast machine finished the whole pull within that second.)
        let writers = try server.lockTable("shopfloor_board_task", mode: .share)
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var interrupted: Shell.Result?
        nonisolated(unsafe) let board = joining
        let url = server.url
        Thread.detachNewThread {
            interrupted = try? board.run(["sync", "--remote", url])
            finished.signal()
        }
        _ = try #require(try server.backendWaitingForALock(runningStatementWith: "INSERT INTO shopfloor_board_task"),
                         "the push never waited for the SHARE lock")
        let everyone = try server.lockTable("shopfloor_board_task", granted: false)
        try writers.release()
        let pull = try #require(try server.backendWaitingForALock(runningStatementWith: "pg_sequence_last_value"),
                                "the pull never waited for the ACCESS EXCLUSIVE lock")
        kill(pull, SIGKILL)
        finished.wait()
        everyone.session.waitUntilExit()   // PostgreSQL ends every session after a backend is killed
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
