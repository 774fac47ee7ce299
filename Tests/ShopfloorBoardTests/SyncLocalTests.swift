import Foundation
import Testing
@testable import ShopfloorBoard

/// The local half of sync, without a server: pending changes, marking them pushed, applying
/// versions from other replicas (the server-backed tests are in ShopfloorCLITests).
@Suite("Sync, local side")
struct SyncLocalTests {
    @Test("every local change is pending until pushed, counted as changes, not tasks")
    func pendingUntilPushed() throws {
        let board = try Board.inMemory()
        let task = try board.add(title: "X")
        #expect(try board.pendingCount() == 1)
        let rows = try board.pendingRows()
        try board.move(task.id, to: .doing)
        try board.markPushed(rows)                      // the pushed version is no longer current
        #expect(try board.pendingCount() == 2)
        #expect(try board.pendingTaskCount() == 1)
        try board.markPushed(try board.pendingRows())
        #expect(try board.pendingCount() == 0)
        // After a push, only what follows it waits: an edit and its undo are two changes.
        try board.edit(task.id, TaskEdit(title: "Y"))
        try board.undo()
        #expect(try board.pendingCount() == 2)
        #expect(try board.pendingRows().count == 1)
    }

    @Test("a pulled task arrives with a sync entry and passes the integrity check")
    func pulledTasksAreRecorded() throws {
        let a = try Board.inMemory(), b = try Board.inMemory()
        try a.add(title: "From A", due: DueDate("2026-12-01"))
        let result = try b.applyPulled(try a.pendingRows(), cursor: 7)
        #expect(result.applied == 1 && result.conflicts == 0)
        #expect(try b.list().todo.map(\.title) == ["From A"])
        #expect(try b.history().map(\.message) == ["Added 'From A' on another replica."])
        #expect(try b.pendingCount() == 0)
        #expect(try b.syncCursor(remote: "") == 0)      // another remote than last time: starts over
        try b.verifyIntegrity()
        // Re-applying the same versions changes nothing.
        #expect(try b.applyPulled(try a.pendingRows(), cursor: 7).applied == 0)
    }

    /// A title with no visible character is refused when typed here (VisibleTitle), not when pulled: it is
    /// another replica's task, and its body and deadline can still be edited here.
    @Test("a pulled task whose title shows nothing is applied, and can be edited here but for its title")
    func pulledInvisibleTitlesAreApplied() throws {
        let a = try Board.inMemory(), b = try Board.inMemory()
        try a.add(title: "From A")
        var rows = try a.pendingRows()
        rows[0].title = "\u{200E}"
        #expect(try b.applyPulled(rows, cursor: 1).applied == 1)
        let task = try #require(try b.list().todo.first)
        #expect(task.title == "\u{200E}")
        #expect(try b.edit(task.id, TaskEdit(body: "notes")).body == "notes")
        #expect(throws: BoardError.invisibleTitle([0x200B], more: 0)) { try b.edit(task.id, TaskEdit(title: "\u{200B}")) }
    }

    @Test("an older pulled version never replaces a newer local one")
    func olderVersionsLose() throws {
        let clock = ManualClock()
        let a = try Board.inMemory(now: clock.now), b = try Board.inMemory(now: clock.now)
        let task = try a.add(title: "X")
        try b.applyPulled(try a.pendingRows(), cursor: 1)
        let old = try a.pendingRows()
        clock.advance()
        let onB = try #require(try b.list().todo.first)
        try b.edit(onB.id, TaskEdit(title: "Newer on B"))
        #expect(try b.applyPulled(old, cursor: 2).applied == 0)
        #expect(try b.show(onB.id).title == "Newer on B")
        _ = task
    }

    @Test("the v2 and v3 migrations keep a v1 database's tasks and history")
    func migrationKeepsData() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("board.sqlite")
        let board = try Board(path: path)
        try board.add(title: "Old")
        try board.write { db in
            // Back to a v1-shaped history (no 'sync' kind) and forget v2, as an older Shopfloor left it.
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier IN ('v2-sync', 'v3-pending')")
            try db.execute(sql: "ALTER TABLE task DROP COLUMN pushed_seq")
            try db.execute(sql: "DROP INDEX task_unsynced")
            try db.execute(sql: "ALTER TABLE task DROP COLUMN synced")
        }
        let reopened = try Board(path: path)
        #expect(try reopened.list().todo.map(\.title) == ["Old"])
        #expect(try reopened.history().map(\.message) == ["Added 'Old'."])
        #expect(try reopened.pendingCount() == 1)
        try reopened.verifyIntegrity()
    }
}
