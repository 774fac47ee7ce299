#if PostgresSync
import Foundation
import Testing
import ShopfloorBoard

/// With a saved remote, every command syncs: changing ones after the change (a note when the
/// server cannot be reached), reading ones before they show the board (silently offline), and
/// the changes that waited go with the next command that reaches the server.
@Suite("Board sync on every command", .serialized)
struct BoardAutoSyncTests {
    func titles(_ board: BoardFixture) throws -> Set<String> {
        Set(try board.json().values.flatMap { $0.map { $0["title"] as! String } })
    }

    @Test func test_readingCommands_pullFirst_andPushWhatWaited() throws {
        let server = try BoardPostgresServer.start()
        let a = try BoardFixture(), b = try BoardFixture()
        for board in [a, b] { board.folder.write("board.toml", "remote = \"\(server.url)\"\n") }
        try a.ok(["add", "From A"])
        // B changed nothing, yet every reading command shows A's work.
        #expect(try titles(b) == ["From A"])
        try a.ok(["move", "1", "doing"])
        #expect(try b.ok(["show", "1"]).contains("state:    DOING\n"))
        #expect(try b.ok(["history"]).hasSuffix("  Moved 'From A' from TODO to DOING on another replica.\n"))

        // The server goes away: B's change waits, and reading stays quiet and local.
        try server.kill()
        let added = try b.run(["add", "From B"])
        #expect(added.status == 0)
        #expect(added.stderr.hasSuffix("; 1 change waits for the next sync\n"))
        let offline = try b.run(["list"])
        #expect(offline.status == 0)
        #expect(offline.stderr == "")
        #expect(offline.stdout.contains("#2 From B"))
        #expect(try b.ok(["status"]).contains("pending:  1 change waits to be synced\n"))

        // Back: the next command that reaches the server, a reading one, pushes what waited.
        try server.startServer()
        let back = try b.run(["history"])
        #expect(back.status == 0)
        #expect(back.stderr == "")
        #expect(try b.open().pendingCount() == 0)
        #expect(try titles(a) == ["From A", "From B"])
        try a.open().verifyIntegrity()
        try b.open().verifyIntegrity()
    }

    @Test func test_status_countsChanges_notTasks() throws {
        let server = try BoardPostgresServer.start()
        let board = try BoardFixture()
        board.folder.write("board.toml", "remote = \"\(server.url)\"\n")
        try board.ok(["add", "Draft"])
        #expect(try board.ok(["status"]).contains("(online: reachable)\npending:  0 changes wait to be synced\n"))
        try server.kill()
        for title in ["Draft 2", "Draft 3", "Draft 4"] { try board.ok(["edit", "1", "--title", title]) }
        try board.ok(["move", "1", "doing"])
        try board.ok(["add", "Second"])
        let status = try board.ok(["status"])
        #expect(status.contains("(offline: cannot reach postgres://postgres@127.0.0.1:\(server.port)/postgres?sslmode=disable: connection refused)\n"))
        #expect(status.contains("pending:  5 changes wait to be synced\n"))
        try server.startServer()
        let synced = try board.ok(["status"])
        #expect(synced.contains("(online: reachable)\npending:  0 changes wait to be synced\n"))
        #expect(try server.sql("SELECT title FROM shopfloor_board_task ORDER BY title") == "Draft 4\nSecond\n")
    }

    @Test func test_networkErrors_areOneLine_sayingWhatFailedAndWhatToDo() throws {
        let port = closedPort()
        let url = "postgres://ada@127.0.0.1:\(port)/shopfloor"
        let board = try BoardFixture()
        let r = try board.run(["sync", "--remote", url])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "error: cannot reach \(url): connection refused; changes wait for the next sync\n")
        // Saved: a change still succeeds with a one-line note; reading is silently offline.
        board.folder.write("board.toml", "remote = \"\(url)\"\n")
        let added = try board.run(["add", "Offline work"])
        #expect(added.status == 0)
        #expect(added.stderr == "note: not synced: cannot reach \(url): connection refused; 1 change waits for the next sync\n")
        let listed = try board.run(["list"])
        #expect(listed.status == 0)
        #expect(listed.stderr == "")
        #expect(try board.ok(["status"]).contains("remote:   \(url) (offline: cannot reach \(url): connection refused)\n"))

        // A server that answers but refuses: its reason, and what to check.
        let server = try BoardPostgresServer.start()
        let missing = "postgres://postgres@127.0.0.1:\(server.port)/nosuchdb?sslmode=disable"
        let refused = try board.run(["sync", "--remote", missing])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: \(missing) refused the connection: database \"nosuchdb\" does not exist; "
            + "check the database name in the remote URL\n")
    }

    /// A port on 127.0.0.1 that was free a moment ago and that nothing listens on.
    func closedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
#endif
