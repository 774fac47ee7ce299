#if PostgresSync
import Foundation
import GRDB
import Testing
@testable import ShopfloorBoard

/// A sync whose push committed on the server, and then the board's own write failed (a full disk, a database
/// another process keeps busy): the error must say the push went through, not "the change was not saved" as
/// if the sync had done nothing, and the next sync must converge (sending the pushed versions again is
/// harmless). The local write is made to fail by a trigger, which raises as SQLite raises a real failure.
@Suite("Board sync: the board's own write failing after the push", .serialized)
struct BoardSyncLocalWriteTests {
    /// Makes every `statement` (`UPDATE ON task`, `INSERT ON history`) on the board at `path` fail, until removed.
    static func failing(_ statement: String, at path: String) throws -> () throws -> Void {
        let queue = try DatabaseQueue(path: path)
        try queue.write { try $0.execute(sql: "CREATE TRIGGER injected_failure BEFORE \(statement) BEGIN SELECT RAISE(ABORT, 'injected failure'); END") }
        return { try queue.write { try $0.execute(sql: "DROP TRIGGER injected_failure") } }
    }

    /// Replicas A and B of a new server: B's change "From B" pushed, A's "From A" not yet.
    static func replicas() throws -> (BoardPostgresServer, TemporaryFolder, RemoteTarget, Board, Board) {
        let server = try BoardPostgresServer.start()
        let folder = try TemporaryFolder()
        let target = try RemoteTarget(url: server.url)
        let a = try Board(path: folder.path + "/a.sqlite"), b = try Board(path: folder.path + "/b.sqlite")
        try b.add(title: "From B")
        try BoardSync.sync(b, with: target)
        try a.add(title: "From A")
        return (server, folder, target, a, b)
    }

    @Test func test_recordingThePushFails_theErrorSaysWhatWentThrough_andTheNextSyncConverges() throws {
        let (server, folder, target, a, b) = try Self.replicas()
        defer { withExtendedLifetime((server, folder)) {} }   // the server and the boards' folder until the test ends
        let restore = try Self.failing("UPDATE ON task", at: a.path)
        let failure = #expect(throws: BoardError.self) { try BoardSync.sync(a, with: target) }
        #expect(failure?.description == "could not record the sync in the board: board database error at \(a.path) (injected failure); "
            + "pushed 1 change, which the next sync sends again (harmless), pulled nothing: the other replicas' changes come with the next sync")
        #expect(failure?.pushedBeforeFailing == true)   // a command's automatic sync says "synced in part"
        #expect(try a.pendingCount() == 1)
        #expect(try a.list().todo.map(\.title) == ["From A"])
        // The server has it already: B sees it before A syncs again.
        #expect(try BoardSync.sync(b, with: target).pulled == 1)
        try restore()
        let again = try BoardSync.sync(a, with: target)
        #expect(again.pushed == 1 && again.pulled == 1)
        #expect(try a.pendingCount() == 0)
        #expect(Set(try a.list().todo.map(\.title)) == ["From A", "From B"])
        try a.verifyIntegrity()
    }

    @Test func test_applyingThePullFails_thePushIsRecorded_andTheNextSyncPulls() throws {
        let (server, folder, target, a, _) = try Self.replicas()
        defer { withExtendedLifetime((server, folder)) {} }
        let restore = try Self.failing("INSERT ON history", at: a.path)
        let failure = #expect(throws: BoardError.self) { try BoardSync.sync(a, with: target) }
        #expect(failure?.description == "could not apply what the sync pulled: board database error at \(a.path) (injected failure); "
            + "pushed 1 change, pulled nothing: the other replicas' changes come with the next sync")
        #expect(try a.pendingCount() == 0)
        #expect(try a.list().todo.map(\.title) == ["From A"])
        try restore()
        let again = try BoardSync.sync(a, with: target)
        #expect(again.pushed == 0 && again.pulled == 1)
        #expect(Set(try a.list().todo.map(\.title)) == ["From A", "From B"])
        try a.verifyIntegrity()
    }
}
#endif
