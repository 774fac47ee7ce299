import Foundation
import GRDB
import Testing
import ShopfloorBoard

/// The first use of a board database by several processes at once: each must wait for the one
/// that creates the schema, never run a migration a second time.
@Suite("Board first use by several processes")
struct BoardFirstUseTests {
    /// Three rounds, each on a new database: the race does not show every time (before the fix,
    /// 5 rounds in 6 lost adds on this machine).
    @Test(arguments: 1...3)
    func test_twentyParallelFirstAdds_allSucceed_andAllTasksAreKept(round: Int) throws {
        let folder = try TemporaryFolder()
        let db = folder.path + "/new/board.sqlite"
        try FileManager.default.createDirectory(atPath: folder.path + "/new", withIntermediateDirectories: true)
        var processes: [(Process, Pipe)] = []
        for index in 1...20 {
            let process = Process()
            process.executableURL = Shell.executable
            process.arguments = ["board", "add", "Task \(index)", "--db", db]
            let err = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = err
            processes.append((process, err))
        }
        // Start them all before waiting for any, so their first opens overlap.
        for (process, _) in processes { try process.run() }
        var failures: [String] = []
        for (process, err) in processes {
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus != 0 { failures.append("exit \(process.terminationStatus): \(message)") }
        }
        #expect(failures.isEmpty, "\(failures)")
        let board = try Board(path: db)
        #expect(try board.list().todo.map(\.title).sorted() == (1...20).map { "Task \($0)" }.sorted())
        try board.verifyIntegrity()
    }

    #if os(Linux)
    /// The moment the race is lost, made to last: another process holds the write lock on the new, still
    /// rollback-journal file — as the first `board add` does while it switches the file to WAL mode — until
    /// every add has opened the database (or one has given up). `PRAGMA journal_mode = WAL` does not wait
    /// for that lock; before the fix each add failed at once with "busy". Now each waits, as for any write.
    @Test func test_parallelFirstAdds_whileTheNewFileIsBeingSwitchedToWAL_waitAndSucceed() throws {
        let folder = try TemporaryFolder()
        let db = folder.path + "/board.sqlite"
        // The first add waits until the last has started (0.9-1.6 s for 12 beside the test above, on 2 busy
        // cores); the busy timeout is 5 s, so 8 keep a wide margin and still fail every time without the fix.
        let count = 8
        let holder = try DatabaseQueue(path: db)   // rollback journal: what a new file starts as
        var failures: [String] = []
        try holder.writeWithoutTransaction { connection in
            try connection.execute(sql: "BEGIN IMMEDIATE; CREATE TABLE holder(a)")
            var processes: [(Process, Pipe)] = []
            for index in 1...count {
                let process = Process()
                process.executableURL = Shell.executable
                process.arguments = ["board", "add", "Task \(index)", "--db", db]
                let err = Pipe()
                process.standardOutput = FileHandle.nullDevice
                process.standardError = err
                try process.run()
                processes.append((process, err))
            }
            // Hold the lock until every add has the database open (it is then at, or past, the switch to
            // WAL mode) or one has exited (before the fix: failed at once). An event, not a duration.
            while !processes.contains(where: { !$0.0.isRunning })
                && !processes.allSatisfy({ Self.hasOpen(db, pid: $0.0.processIdentifier) }) {
                sched_yield()
            }
            try connection.execute(sql: "ROLLBACK")
            for (process, err) in processes {
                let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                if process.terminationStatus != 0 { failures.append("exit \(process.terminationStatus): \(message)") }
            }
        }
        try holder.close()
        #expect(failures.isEmpty, "\(failures)")
        let board = try Board(path: db)
        #expect(try board.list().todo.map(\.title).sorted() == (1...count).map { "Task \($0)" }.sorted())
        try board.verifyIntegrity()
    }

    /// Whether process `pid` has the file `path` open (its `/proc/PID/fd` links).
    static func hasOpen(_ path: String, pid: Int32) -> Bool {
        let folder = "/proc/\(pid)/fd"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return false }
        return entries.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) == path }
    }
    #endif
}
