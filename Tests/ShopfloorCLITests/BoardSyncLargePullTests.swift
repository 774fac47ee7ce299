#if PostgresSync
import Foundation
import Testing
import ShopfloorBoard

/// A replica joining a large board: its first pull takes longer than the wait for an answer.
/// `board sync` must go on while rows arrive (it gave up after 30 s at 200,000 tasks, on every try,
/// so that replica could never sync); a command's automatic sync stays bounded as a whole.
@Suite("Board sync: a pull longer than the timeout", .serialized)
struct BoardSyncLargePullTests {
    @Test func test_aPullLongerThanTheTimeout_goesOnWhileRowsArrive() throws {
        let server = try BoardPostgresServer.start()
        let folder = try TemporaryFolder()
        let target = try RemoteTarget(url: server.url)
        let seed = try Board(path: folder.path + "/seed.sqlite")
        try seed.add(title: "Seed")
        try BoardSync.sync(seed, with: target)   // creates the shared table
        let rows = 40_000
        try server.sql("""
            INSERT INTO shopfloor_board_task SELECT 'bulk-' || g, 'Bulk ' || g, '', NULL, 'todo', 1767225600000,
                1767225600000, false, 1767225600000, g, 'other-replica', nextval('shopfloor_board_seq')
            FROM generate_series(1, \(rows)) g
            """)
        let joining = try Board(path: folder.path + "/joining.sqlite")
        // Bounded as a whole (a command's automatic sync): with the table locked by another session the pull waits,
        // and the sync gives up at its bound, the board unchanged. (A bound against the rows' volume would let the
        // machine's speed decide: CI pulled these 40,001 rows in under a second, and a 1 s bound passed.)
        let lock = try server.lockTable("shopfloor_board_task")
        #expect(throws: BoardError.self) { try BoardSync.sync(joining, with: target, timeout: .seconds(1)) }
        try lock.release()
        #expect(try joining.list().all.isEmpty)
        // `board sync`: the bound is on each wait for the server, not on the whole pull, which completes. (Per
        // answer, so a loaded machine's pause between two batches of 2,000 rows is no reason to give up.)
        let report = try BoardSync.sync(joining, with: target, timeout: .seconds(5), whileDataArrives: true)
        #expect(report.pulled == rows + 1)
        #expect(try joining.list().all.count == rows + 1)
        try joining.verifyIntegrity()
    }
}
#endif
