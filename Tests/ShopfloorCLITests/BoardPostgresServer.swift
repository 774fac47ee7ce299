import Foundation

/// A throwaway PostgreSQL cluster on 127.0.0.1 and a private port, for the sync tests.
///
/// `initdb` and `pg_ctl` refuse to run as root, so as root they run as the `postgres` user
/// (`runuser -u postgres --`) in a temp folder that user owns. Trust authentication, the socket
/// in the cluster folder, `fsync` off (never do that with data you keep). Start ≈ 0.6 s.
///
/// When the server cannot start, ``start()`` throws and the test fails: a sync test never passes
/// by returning early (`scripts/bootstrap --tests` installs PostgreSQL).
final class BoardPostgresServer: @unchecked Sendable {
    let folder: String
    let port: Int
    private let bin: String
    private let asPostgres: Bool

    var url: String { "postgres://postgres@127.0.0.1:\(port)/postgres?sslmode=disable" }

    static func start() throws -> BoardPostgresServer {
        guard let bin = findBin() else {
            throw FixtureError("no initdb found (install the postgresql package: scripts/bootstrap --tests)")
        }
        let asPostgres = getuid() == 0
        let folder = "/tmp/shopfloor-pg-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if asPostgres {
            do {
                try run("/bin/chown", ["postgres:postgres", folder])
            } catch {
                try? FileManager.default.removeItem(atPath: folder)
                throw error
            }
        }
        // From here on, the server's deinit stops it (if it started) and removes the folder.
        let server = BoardPostgresServer(folder: folder, port: freePort(), bin: bin, asPostgres: asPostgres)
        try server.tool("initdb", ["-D", folder + "/data", "-A", "trust", "-U", "postgres", "--no-sync",
                                   "-E", "UTF8", "--locale=C"])
        try server.startServer()
        return server
    }

    private init(folder: String, port: Int, bin: String, asPostgres: Bool) {
        self.folder = folder
        self.port = port
        self.bin = bin
        self.asPostgres = asPostgres
    }

    deinit {
        _ = try? tool("pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
    }

    func startServer() throws {
        // fsync off: nothing reaches the disk sooner than the OS likes (fine: the OS never crashes
        // in a test). synchronous_commit stays on, so a commit the client saw survives `kill()`.
        let options = "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off"
        try tool("pg_ctl", ["-D", folder + "/data", "-o", options, "-l", folder + "/log", "-w", "-t", "30", "start"])
    }

    /// Stops the server at once, as a crash or a network cut would look to clients: SIGQUIT to
    /// the postmaster (PostgreSQL's immediate shutdown), then wait until it is gone. A signal, not
    /// `pg_ctl`, so it can run inside a sync's async code without spawning a process there.
    func kill() throws {
        let pidFile = folder + "/data/postmaster.pid"
        guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
              let pid = Int32(text.split(separator: "\n").first ?? "")
        else { throw FixtureError("no running server in \(folder)") }
        Foundation.kill(pid, SIGQUIT)
        for _ in 0..<1000 where Foundation.kill(pid, 0) == 0 { usleep(10_000) }
    }

    /// A lock ``lockTable(_:mode:granted:)`` holds (or waits for) in a session of its own.
    struct TableLock {
        let server: BoardPostgresServer
        let session: Process
        let backend: String

        /// Ends the session from the server's side (a backend in `pg_sleep` does not notice its client going).
        func release() throws {
            try server.sql("SELECT pg_terminate_backend(\(backend))")
            session.waitUntilExit()
        }
    }

    /// The table lock modes the tests take, as `LOCK TABLE` names them and `pg_locks` shows them.
    enum LockMode: String {
        /// Lets readers in, keeps writers (`INSERT`'s ROW EXCLUSIVE) waiting.
        case share = "SHARE"
        /// Keeps everyone out, readers too.
        case accessExclusive = "ACCESS EXCLUSIVE"

        var shownAs: String { self == .share ? "ShareLock" : "AccessExclusiveLock" }
    }

    /// Locks `table` in `mode` (in a psql session left open) and returns once the lock is held, or, with
    /// `granted: false`, once it is asked for (queued behind the sessions holding a conflicting lock): a
    /// sync then waits on its first statement the lock keeps out, for as long as the test likes, whatever
    /// the machine's speed. PostgreSQL grants queued locks in the order they were asked for, which lets a
    /// test put a lock between two statements of another session.
    func lockTable(_ table: String, mode: LockMode = .accessExclusive, granted: Bool = true) throws -> TableLock {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: bin + "/psql")
        process.arguments = ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", "postgres", "-q",
                             "-c", "BEGIN; LOCK TABLE \(table) IN \(mode.rawValue) MODE; SELECT pg_sleep(120); COMMIT;"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let holder = "SELECT l.pid FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
            + "WHERE c.relname = '\(table)' AND l.mode = '\(mode.shownAs)'" + (granted ? " AND l.granted" : "")
        for _ in 0..<1000 {
            let pid = try sql(holder).trimmingCharacters(in: .whitespacesAndNewlines)
            if !pid.isEmpty { return TableLock(server: self, session: process, backend: pid) }
            guard process.isRunning else { break }
            usleep(10_000)
        }
        process.terminate()
        throw FixtureError("could not \(granted ? "lock" : "queue a lock on") \(table) within 10 s")
    }

    /// The server process of the session whose statement containing `text` waits for a lock, once it
    /// does (nil after `seconds`).
    func backendWaitingForALock(runningStatementWith text: String, seconds: Int = 60) throws -> Int32? {
        let waiting = "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
            + "AND position('\(text)' in query) > 0 AND pid <> pg_backend_pid() LIMIT 1"
        for _ in 0..<(seconds * 100) {
            if let pid = Int32(try sql(waiting).trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
            usleep(10_000)
        }
        return nil
    }

    /// Runs SQL with psql and returns its unaligned output.
    @discardableResult
    func sql(_ statement: String) throws -> String {
        try tool("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "-d", "postgres",
                          "-At", "-c", statement])
    }

    @discardableResult
    private func tool(_ name: String, _ arguments: [String]) throws -> String {
        if asPostgres {
            return try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", bin + "/" + name] + arguments, in: folder)
        }
        return try Self.run(bin + "/" + name, arguments, in: folder)
    }

    /// Runs a tool with its output in a file (not a pipe) and every inherited descriptor above 2
    /// closed first: the server daemon `pg_ctl` starts must not keep open a pipe some other test
    /// in this process is reading to its end, or that test would wait for the server to stop.
    @discardableResult
    private static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> String {
        let output = NSTemporaryDirectory() + "shopfloor-pg-tool-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: output) }
        let closeAndExec = #"for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done; "#
            + #"exec "$0" "$@" >"$OUT" 2>&1 </dev/null"#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")   // dash cannot name descriptors above 9
        process.arguments = ["-c", closeAndExec, executable] + arguments
        var env = ProcessInfo.processInfo.environment
        env["OUT"] = output
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw FixtureError("\((executable as NSString).lastPathComponent) \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }

    /// The newest PostgreSQL's binaries: Debian keeps them in a versioned folder off the PATH.
    private static func findBin() -> String? {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [])
            .compactMap { Int($0) }.sorted(by: >)
        for version in versions where FileManager.default.isExecutableFile(atPath: "\(root)/\(version)/bin/initdb") {
            return "\(root)/\(version)/bin"
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        where FileManager.default.isExecutableFile(atPath: "\(folder)/initdb") {
            return String(folder)
        }
        return nil
    }

    /// A port nobody listens on now (the kernel picks it).
    private static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
