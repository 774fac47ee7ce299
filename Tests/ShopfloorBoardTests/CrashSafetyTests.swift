import Dispatch
import Foundation
import Testing
@testable import ShopfloorBoard

/// What a `kill -9` leaves behind is the database files as they are at that instant. These tests
/// copy the files of a board that is still open (never closed, nothing flushed by a clean exit)
/// and open the copy, the way the next process would after a crash. The end-to-end `kill -9`
/// test of the CLI lives with the CLI's tests.
@Suite("Crash safety")
struct CrashSafetyTests {
    /// Copies `path` and its WAL side files into `folder` as `name`, while the board is open.
    static func snapshotFiles(of path: String, into folder: TemporaryFolder, as name: String) throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            try FileManager.default.copyItem(atPath: path + suffix, toPath: folder.path(name) + suffix)
        }
    }

    @Test("the files of an open board, copied mid-session, reopen with every acknowledged write")
    func filesOfOpenBoardReopenIntact() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("board.sqlite")
        let board = try Board(path: path)
        var random = SplitMix64(seed: 42)
        for step in 0..<600 {
            let ids = try board.list().all.map(\.id)
            if ids.isEmpty || random.next() % 3 == 0 {
                try board.add(title: "Task \(step)", body: "step \(step)")
            } else {
                let id = ids[Int(random.next() % UInt64(ids.count))]
                switch random.next() % 5 {
                case 0: try board.remove(id)
                case 1: _ = try? board.undo()
                case 2: try board.edit(id, TaskEdit(body: "edited at \(step)"))
                default: _ = try? board.move(id, to: TaskState.allCases[Int(random.next() % 3)])
                }
            }
        }
        let expected = (try board.list(), try board.history().count)
        try Self.snapshotFiles(of: path, into: folder, as: "crashed.sqlite")

        let reopened = try Board(path: folder.path("crashed.sqlite"))
        try reopened.verifyIntegrity()
        #expect(try reopened.list() == expected.0)
        #expect(try reopened.history().count == expected.1)
        _ = board // the original stays open until here: its files were never closed cleanly
    }

    @Test("a board released without any cleanup reopens intact")
    func releasedBoardReopensIntact() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("board.sqlite")
        for round in 0..<20 {
            let board = try Board(path: path)
            let task = try board.add(title: "Round \(round)")
            try board.move(task.id, to: .doing)
        }
        let board = try Board(path: path)
        try board.verifyIntegrity()
        #expect(try board.counts() == [.todo: 0, .doing: 20, .done: 0])
        #expect(try board.history().count == 40)
    }

    @Test("two boards writing the same file at once (as two processes would) lose nothing")
    func concurrentWritersLoseNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("board.sqlite")
        _ = try Board(path: path)
        let failures = Recorder()
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            do {
                let board = try Board(path: path)
                for number in 0..<100 {
                    let task = try board.add(title: "Writer \(writer) #\(number)")
                    try board.move(task.id, to: .done)
                }
            } catch {
                lock.withLock { failures.items.append("\(error)") }
            }
        }
        #expect(failures.items.isEmpty)
        let board = try Board(path: path)
        try board.verifyIntegrity()
        #expect(try board.list().done.count == 200)
        #expect(Set(try board.list().done.map(\.id)).count == 200)
    }

    @Test("verifyIntegrity reports a task changed behind history's back")
    func integrityCheckFindsUnrecordedChange() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("board.sqlite")
        let board = try Board(path: path)
        try board.add(title: "X")
        try board.database.write { db in try db.execute(sql: "UPDATE task SET state = 'done' WHERE id = 1") }
        let error = boardError { try board.verifyIntegrity() }
        #expect(error == .integrityViolated(["task 1 does not match its latest history entry 1"]))
        try board.database.write { db in try db.execute(sql: "DELETE FROM history") }
        #expect(boardError { try board.verifyIntegrity() }?.description.contains("task 1 has 0 'Added' entries, not 1") == true)
    }
}
