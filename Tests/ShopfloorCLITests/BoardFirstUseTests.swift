import Foundation
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
}
