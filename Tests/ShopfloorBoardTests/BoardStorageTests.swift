import Foundation
import Testing
@testable import ShopfloorBoard

@Suite("Board storage")
struct BoardStorageTests {
    @Test("a board file keeps its replica id, and two files have different ones")
    func replicaIdIsStablePerFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let first = try Board(path: folder.path("a.sqlite")).replicaID
        #expect(try Board(path: folder.path("a.sqlite")).replicaID == first)
        #expect(try Board(path: folder.path("b.sqlite")).replicaID != first)
    }

    @Test("versions keep increasing across reopenings, even if the wall clock went back")
    func versionsIncreaseAcrossReopenings() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("board.sqlite")
        let clock = ManualClock("2026-05-01T09:00:00Z")
        let task = try Board(path: path, now: clock.now).add(title: "X")
        clock.current = date("2026-04-01T09:00:00Z")
        let moved = try Board(path: path, now: clock.now).move(task.id, to: .doing)
        #expect(moved.version > task.version)
        #expect(moved.version.wallMillis == task.version.wallMillis)
    }

    @Test("the database is in WAL mode")
    func databaseUsesWAL() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let board = try Board(path: folder.path("board.sqlite"))
        let mode = try board.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test("a file that is not a database is reported by path, not a crash")
    func notADatabaseIsReported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("notes.txt")
        try String(repeating: "not a database\n", count: 200).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(boardError { _ = try Board(path: path) } == .database("\(path) is not a board database"))
    }

    @Test("a database in a missing folder is reported by path")
    func missingFolderIsReported() throws {
        let path = "/nonexistent-shopfloor-folder/board.sqlite"
        let error = boardError { _ = try Board(path: path) }
        #expect(error == .database("cannot open the board database at \(path): check that its folder exists and is writable"))
    }

    @Test("a database from a newer shopfloor is refused rather than misread")
    func newerSchemaIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("board.sqlite")
        let board = try Board(path: path)
        try board.database.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-from-the-future')") }
        #expect(boardError { _ = try Board(path: path) } == .newerSchema(path: path))
    }
}
