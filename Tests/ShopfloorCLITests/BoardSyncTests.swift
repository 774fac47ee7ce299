#if PostgresSync
import Foundation
import Testing
@testable import ShopfloorBoard

/// Sync with a real PostgreSQL server started by the test itself (see ``BoardPostgresServer``).
/// Built with the `PostgresSync` trait only; they fail when the server cannot start.
@Suite("Board sync with PostgreSQL", .serialized)
struct BoardSyncTests {
    /// A task as every replica must agree on it (ids are per replica; uuids are shared).
    struct Shared: Hashable {
        var uuid, title, body, state: String
        var due: String?
    }

    func shared(_ board: Board) throws -> Set<Shared> {
        Set(try board.list().all.map {
            Shared(uuid: $0.uuid, title: $0.title, body: $0.body, state: $0.state.rawValue, due: $0.due?.description)
        })
    }

    @Test func test_twoReplicas_editingOffline_thenSyncing_converge() throws {
        let server = try BoardPostgresServer.start()
        let folder = try TemporaryFolder()
        let target = try RemoteTarget(url: server.url)
        let a = try Board(path: folder.path + "/a.sqlite")
        let b = try Board(path: folder.path + "/b.sqlite")
        let report = try BoardSync.sync(a, with: target)
        #expect(report == SyncReport())
        // Offline, each replica works on its own.
        let write = try a.add(title: "Write report", body: "Q2", due: DueDate("2026-12-01"))
        try a.add(title: "Call Ada")
        try b.add(title: "Fix the build")
        try a.move(write.id, to: .doing)
        #expect(try a.pendingCount() == 3)   // two adds and a move, of two tasks
        #expect(try BoardSync.sync(a, with: target).pushed == 2)
        let fromB = try BoardSync.sync(b, with: target)
        #expect(fromB.pushed == 1)
        #expect(fromB.pulled == 2)
        #expect(try BoardSync.sync(a, with: target).pulled == 1)
        #expect(try shared(a) == shared(b))
        #expect(try shared(a).count == 3)
        #expect(try a.pendingCount() == 0 && b.pendingCount() == 0)
        // Later changes on both sides keep converging; a removal travels too.
        let fix = try #require(try a.list().todo.first { $0.title == "Fix the build" })
        try a.remove(fix.id)
        let call = try #require(try b.list().todo.first { $0.title == "Call Ada" })
        try b.edit(call.id, TaskEdit(body: "about the board"))
        for board in [a, b, a] { try BoardSync.sync(board, with: target) }
        #expect(try shared(a) == shared(b))
        #expect(try shared(b).map(\.title).sorted() == ["Call Ada", "Write report"])
        #expect(try b.history().last { $0.kind == .sync }?.message == "Removed 'Fix the build' from TODO on another replica.")
        try a.verifyIntegrity()
        try b.verifyIntegrity()
        // The server holds the same board.
        #expect(try server.sql("SELECT count(*) FROM shopfloor_board_task WHERE NOT deleted") == "2\n")
    }

    @Test func test_concurrentEdits_theLaterClockWins_andTheReplacedVersionStaysInHistory() throws {
        let server = try BoardPostgresServer.start()
        let folder = try TemporaryFolder()
        let target = try RemoteTarget(url: server.url)
        let clockA = BoardManualClock("2026-05-01T09:00:00Z"), clockB = BoardManualClock("2026-05-01T09:00:00Z")
        let a = try Board(path: folder.path + "/a.sqlite", now: clockA.now)
        let b = try Board(path: folder.path + "/b.sqlite", now: clockB.now)
        let task = try a.add(title: "Draft")
        try BoardSync.sync(a, with: target)
        try BoardSync.sync(b, with: target)
        let onB = try #require(try b.list().todo.first)
        // Both edit the same task offline; B's edit is a minute later.
        clockA.current = boardDate("2026-05-01T10:00:00Z")
        clockB.current = boardDate("2026-05-01T10:01:00Z")
        try a.edit(task.id, TaskEdit(title: "Draft (A)"))
        try b.edit(onB.id, TaskEdit(body: "B's notes"))
        try BoardSync.sync(b, with: target)
        let report = try BoardSync.sync(a, with: target)   // A's push loses on the server, then A pulls B's
        #expect(report.conflicts == 1)
        try BoardSync.sync(b, with: target)
        #expect(try shared(a) == shared(b))
        #expect(try a.show(task.id).title == "Draft")
        #expect(try a.show(task.id).body == "B's notes")
        let entry = try #require(try a.history().last)
        #expect(entry.kind == .sync)
        #expect(entry.before?.title == "Draft (A)")      // the overwritten version is kept
        #expect(entry.message.hasPrefix("Edited 'Draft (A)': title 'Draft (A)' → 'Draft', body none → 'B's notes' on another replica."))
        #expect(entry.message.contains("It replaced a change made here"))
        try a.verifyIntegrity()
    }

    @Test func test_concurrentEdits_atTheSameClockReading_areDecidedByReplicaID() throws {
        let server = try BoardPostgresServer.start()
        let folder = try TemporaryFolder()
        let target = try RemoteTarget(url: server.url)
        let clock = BoardManualClock("2026-05-01T09:00:00Z")
        let a = try Board(path: folder.path + "/a.sqlite", now: clock.now)
        let b = try Board(path: folder.path + "/b.sqlite", now: clock.now)
        let task = try a.add(title: "Shared")
        try BoardSync.sync(a, with: target)
        try BoardSync.sync(b, with: target)
        let onB = try #require(try b.list().todo.first)
        clock.current = boardDate("2026-05-01T12:00:00Z")         // both stamps: the same wall time, counter 0
        let fromA = try a.move(task.id, to: .doing)
        let fromB = try b.move(onB.id, to: .done)
        #expect(fromA.version.wallMillis == fromB.version.wallMillis && fromA.version.counter == fromB.version.counter)
        for board in [a, b, a] { try BoardSync.sync(board, with: target) }
        let winner: TaskState = a.replicaID > b.replicaID ? .doing : .done
        #expect(try a.show(task.id).state == winner)
        #expect(try b.show(onB.id).state == winner)
    }

    @Test func test_remoteGoingAwayMidSync_losesNothing() throws {
        let server = try BoardPostgresServer.start()
        let folder = try TemporaryFolder()
        let target = try RemoteTarget(url: server.url)
        let a = try Board(path: folder.path + "/a.sqlite")
        let b = try Board(path: folder.path + "/b.sqlite")
        for i in 1...50 { try a.add(title: "A\(i)") }
        try b.add(title: "B1")
        try BoardSync.sync(b, with: target)

        // The server dies after A's push committed, before A hears back and before the pull.
        BoardSync.faultInjection = { stage in
            if stage == .afterPush { try server.kill() }
        }
        defer { BoardSync.faultInjection = nil }
        let interrupted = Date()
        let failure = #expect(throws: BoardError.self) { try BoardSync.sync(a, with: target) }
        #expect(Date().timeIntervalSince(interrupted) < 10)      // noticed, not waited out
        // The error says what went through: the push, not the pull (it said "changes wait").
        #expect(failure?.description == "lost the connection to \(target): the server closed the connection; "
            + "pushed 50 changes, pulled nothing: the other replicas' changes come with the next sync")
        #expect(try a.pendingCount() == 0)
        BoardSync.faultInjection = nil
        #expect(try a.list().todo.count == 50)          // local board untouched
        try a.verifyIntegrity()

        // Down: commands still work locally and their changes wait.
        try a.add(title: "A offline")
        #expect(throws: BoardError.self) { try BoardSync.sync(a, with: target, timeout: .seconds(2)) }
        #expect(try a.pendingCount() >= 1)

        try server.startServer()
        try BoardSync.sync(a, with: target)
        try BoardSync.sync(b, with: target)
        #expect(try shared(a) == shared(b))
        #expect(try shared(a).count == 52)
        #expect(try a.pendingCount() == 0)
        try a.verifyIntegrity()
        try b.verifyIntegrity()
    }

    @Test func test_cli_sync_status_andAutoSyncAfterEachCommand() throws {
        let server = try BoardPostgresServer.start()
        let a = try BoardFixture(), b = try BoardFixture()
        try a.ok(["add", "From A"])
        let first = try a.ok(["sync", "--remote", server.url, "--save"])
        #expect(first == "Synced with postgres://postgres@127.0.0.1:\(server.port)/postgres?sslmode=disable: pushed 1, pulled 0.\n")
        let config = a.folder.path + "/board.toml"
        let mode = try FileManager.default.attributesOfItem(atPath: config)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(try a.ok(["status"]).contains("(online: reachable)\npending:  0 changes wait to be synced\n"))

        // With the remote saved, every change is synced right away.
        let added = try a.run(["add", "Auto-synced"])
        #expect(added.status == 0)
        #expect(added.stderr == "")
        #expect(try b.ok(["sync", "--remote", server.url]) .hasSuffix("pushed 0, pulled 2.\n"))
        #expect(Set(try b.json()["todo"]!.map { $0["title"] as! String }) == ["From A", "Auto-synced"])

        // The server goes away: the command succeeds locally, the change waits, status says offline.
        try server.kill()
        let offline = try a.run(["add", "While offline"])
        #expect(offline.status == 0)
        #expect(offline.stderr == "note: not synced: cannot reach postgres://postgres@127.0.0.1:\(server.port)/postgres?sslmode=disable: "
            + "connection refused; 1 change waits for the next sync\n")
        let status = try a.ok(["status"])
        #expect(status.contains("(offline: "))
        #expect(status.contains("pending:  1 change waits to be synced\n"))
        try server.startServer()
        #expect(try a.ok(["sync"]).hasSuffix("pushed 1, pulled 0.\n"))
        try a.open().verifyIntegrity()
    }

    /// A sync that exchanged its changes but could not print its line (stdout on a full disk) says it synced
    /// (BoardConfirmationTests has the other commands that change the board).
    @Test func test_sync_whoseLineCannotBeWritten_saysItSynced() throws {
        let server = try BoardPostgresServer.start()
        let board = try BoardFixture()
        try board.ok(["add", "Write report"])
        let r = try board.runOntoAFullDisk(["sync", "--remote", server.url])
        #expect(r.status == 1)
        #expect(r.stderr == "error: synced with postgres://postgres@127.0.0.1:\(server.port)/postgres?sslmode=disable (pushed 1, pulled 0), "
            + "but its confirmation could not be written to standard output: No space left on device\n", "\(r.stderr)")
        #expect(try board.ok(["status"]).contains("pending:  none"))
    }

    @Test func test_passwords_areNeverPrinted() throws {
        let board = try BoardFixture()
        let r = try board.run(["sync", "--remote", "postgres://ada:s3cret-pw@127.0.0.1:1/shop"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot reach postgres://ada@127.0.0.1:1/shop: connection refused; changes wait for the next sync\n")
        #expect(!r.stderr.contains("s3cret-pw"))
        let env = try board.run(["sync", "--remote", "postgres://ada@127.0.0.1:1/shop"], environment: ["PGPASSWORD": "s3cret-pw"])
        #expect(!env.stderr.contains("s3cret-pw"))
        // A config holding a password must be private.
        let config = board.folder.write("board.toml", "remote = \"postgres://ada:s3cret-pw@127.0.0.1:1/shop\"\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config)
        let open = try board.run(["list"])
        #expect(open.status == 1)
        #expect(open.stderr == "error: \(config) holds a password but others may read it: run chmod 600 \(config)\n")
    }

    @Test func test_sslmodeRequire_asksForTLS() throws {
        let server = try BoardPostgresServer.start()
        let board = try BoardFixture()
        let url = "postgres://postgres@127.0.0.1:\(server.port)/postgres?sslmode=require"
        let r = try board.run(["sync", "--remote", url])
        // The throwaway server has no certificate, so a connection that insists on TLS is refused.
        #expect(r.status == 1)
        #expect(r.stderr == "error: postgres://postgres@127.0.0.1:\(server.port)/postgres?sslmode=require does not offer TLS, "
            + "which sslmode=require asks for; enable TLS on the server, or use sslmode=prefer in the remote URL\n")
        #expect(try board.ok(["sync", "--remote", url.replacingOccurrences(of: "require", with: "disable")]).hasPrefix("Synced"))
    }
}

/// A clock the test moves by hand.
final class BoardManualClock: @unchecked Sendable {
    var current: Date
    init(_ iso: String) { current = boardDate(iso) }
    var now: () -> Date { { [unowned self] in self.current } }
}

func boardDate(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }
#endif
