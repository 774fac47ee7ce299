import Foundation
import Testing
@testable import ShopfloorBoard

@Suite("Undo and redo")
struct UndoRedoTests {
    let clock = ManualClock()

    @Test("undoing an add removes the task, and redo brings it back")
    func undoAddRemovesTask() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "X")
        let undo = try board.undo()
        #expect(undo.message == "Undid: Added 'X'.")
        #expect(undo.kind == .undo && undo.target == 1)
        #expect(boardError { _ = try board.show(task.id) } == .noSuchTask(id: task.id))
        #expect(try board.redo().message == "Redid: Added 'X'.")
        #expect(try board.show(task.id).fields == task.fields)
    }

    @Test("undoing a removal restores the task with the same id and uuid")
    func undoRemoveRestoresSameIdentity() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "X", body: "Body", due: due("2026-12-01"))
        try board.move(task.id, to: .done)
        try board.remove(task.id)
        #expect(try board.undo().message == "Undid: Removed 'X' from DONE.")
        let restored = try board.show(task.id)
        #expect(restored.uuid == task.uuid && restored.createdAt == task.createdAt)
        #expect(restored.fields == TaskFields(title: "X", body: "Body", due: due("2026-12-01"), state: .done))
    }

    @Test("undoing a move or an edit restores the previous values")
    func undoMoveAndEditRestoreValues() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "X", due: due("2026-12-01"))
        try board.move(task.id, to: .doing)
        try board.edit(task.id, TaskEdit(title: "Y", due: .clear))
        try board.undo()
        #expect(try board.show(task.id).fields == TaskFields(title: "X", due: due("2026-12-01"), state: .doing))
        try board.undo()
        #expect(try board.show(task.id).state == .todo)
        #expect(try board.messages().suffix(2) == [
            "Undid: Edited 'X': title 'X' → 'Y', due 2026-12-01 → none.",
            "Undid: Moved 'X' from TODO to DOING.",
        ])
    }

    @Test("redo re-applies undone changes in the order they were made")
    func redoReappliesInOrder() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "X")
        try board.move(task.id, to: .doing)
        try board.move(task.id, to: .done)
        try board.undo()
        try board.undo()
        #expect(try board.show(task.id).state == .todo)
        #expect(try board.redo().message == "Redid: Moved 'X' from TODO to DOING.")
        #expect(try board.redo().message == "Redid: Moved 'X' from DOING to DONE.")
        #expect(boardError { try board.redo() } == .nothingToRedo)
        // Undo after redo steps back through the redone changes.
        #expect(try board.undo().message == "Undid: Moved 'X' from DOING to DONE.")
    }

    @Test("a new change after undo clears the redo stack")
    func newChangeClearsRedo() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "X")
        try board.move(task.id, to: .doing)
        try board.undo()
        try board.edit(task.id, TaskEdit(body: "new branch"))
        #expect(try board.nextRedo() == nil)
        #expect(boardError { try board.redo() } == .nothingToRedo)
        #expect(try board.undo().message == "Undid: Edited 'X': body none → 'new branch'.")
        #expect(try board.undo().message == "Undid: Added 'X'.")
        #expect(boardError { try board.undo() } == .nothingToUndo)
        #expect(BoardError.nothingToUndo.description == "nothing to undo")
    }

    @Test("undo and redo walk the history stored on disk, across reopenings")
    func undoWorksAcrossProcesses() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path("board.sqlite")
        let id = try Board(path: path, now: clock.now).add(title: "X").id
        try Board(path: path, now: clock.now).move(id, to: .doing)
        #expect(try Board(path: path, now: clock.now).undo().message == "Undid: Moved 'X' from TODO to DOING.")
        #expect(try Board(path: path, now: clock.now).show(id).state == .todo)
        #expect(try Board(path: path, now: clock.now).redo().message == "Redid: Moved 'X' from TODO to DOING.")
        let board = try Board(path: path, now: clock.now)
        #expect(try board.show(id).state == .doing)
        try board.verifyIntegrity()
    }

    @Test("undoing everything empties the board, redoing everything rebuilds it exactly")
    func undoAllThenRedoAllRoundTrips() throws {
        let board = try Board.inMemory(now: clock.now)
        let a = try board.add(title: "A")
        let b = try board.add(title: "B", due: due("2026-07-01"))
        try board.move(a.id, to: .doing)
        try board.edit(b.id, TaskEdit(title: "B2", body: "text"))
        try board.remove(a.id)
        let final = try board.list().all.map(\.fields)
        while (try? board.undo()) != nil {}
        #expect(try board.list().all.isEmpty)
        while (try? board.redo()) != nil {}
        #expect(try board.list().all.map(\.fields) == final)
        try board.verifyIntegrity()
    }

    @Test("random sequences of changes, undos and redos keep the board consistent")
    func randomSequencesStayConsistent() throws {
        for seed in UInt64(0)..<40 {
            var random = SplitMix64(seed: seed)
            let board = try Board.inMemory(now: clock.now)
            for step in 0..<40 {
                let ids = try board.list().all.map(\.id)
                let pick = ids.isEmpty ? nil : ids[Int(random.next() % UInt64(ids.count))]
                switch (random.next() % 7, pick) {
                case (0, _), (_, nil): try board.add(title: "T\(step)")
                case (1, let id?): _ = try? board.move(id, to: TaskState.allCases[Int(random.next() % 3)])
                case (2, let id?): try board.edit(id, TaskEdit(body: "b\(step)"))
                case (3, let id?): try board.remove(id)
                case (4, _), (5, _): _ = try? board.undo()
                default: _ = try? board.redo()
                }
                clock.advance(seconds: 0.001)
            }
            #expect(throws: Never.self, "seed \(seed)") { try board.verifyIntegrity() }
        }
    }
}
