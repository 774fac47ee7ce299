import Foundation
import Testing

/// A board command whose change is saved but whose confirmation cannot be written (stdout on a full disk)
/// exits 1 — its output was lost — and says that the change WAS made, naming the task: a script that
/// retries on exit 1 would otherwise add the task twice, or move, undo or redo once more. It used to say only
/// `error: cannot write to standard output: No space left on device`.
@Suite("A saved change whose confirmation is lost")
struct BoardConfirmationTests {
    static func expected(_ done: String) -> String {
        "error: \(done), but its confirmation could not be written to standard output: No space left on device\n"
    }

    @Test func test_add_saysTheTaskWasAdded_withItsID() throws {
        let board = try BoardFixture()
        try board.ok(["add", "First"])
        let r = try board.runOntoAFullDisk(["add", "Write report"])
        #expect(r.status == 1)
        #expect(r.stderr == Self.expected("task #2 was added"), "\(r.stderr)")
        #expect(try board.json()["todo"]?.map { $0["title"] as? String } == ["First", "Write report"])
    }

    @Test func test_edit_move_remove_sayWhatWasDone() throws {
        let board = try BoardFixture()
        try board.ok(["add", "Write report"])
        let edit = try board.runOntoAFullDisk(["edit", "1", "--title", "Write the Q2 report"])
        #expect(edit.status == 1)
        #expect(edit.stderr == Self.expected("task #1 was edited"), "\(edit.stderr)")
        let move = try board.runOntoAFullDisk(["move", "1", "doing"])
        #expect(move.status == 1)
        #expect(move.stderr == Self.expected("task #1 was moved to DOING"), "\(move.stderr)")
        #expect(try board.json()["doing"]?.first?["title"] as? String == "Write the Q2 report")
        let remove = try board.runOntoAFullDisk(["rm", "1"])
        #expect(remove.status == 1)
        #expect(remove.stderr == Self.expected("task #1 was removed"), "\(remove.stderr)")
        #expect(try board.json().values.allSatisfy(\.isEmpty))
    }

    @Test func test_undo_redo_sayWhatWasDone() throws {
        let board = try BoardFixture()
        try board.ok(["add", "Write report"])
        try board.ok(["move", "1", "doing"])
        let undo = try board.runOntoAFullDisk(["undo"])
        #expect(undo.status == 1)
        #expect(undo.stderr == Self.expected("task #1's latest change was undone"), "\(undo.stderr)")
        #expect(try board.json()["todo"]?.count == 1)
        let redo = try board.runOntoAFullDisk(["redo"])
        #expect(redo.status == 1)
        #expect(redo.stderr == Self.expected("task #1's change was redone"), "\(redo.stderr)")
        #expect(try board.json()["doing"]?.count == 1)
    }

    /// A command that changed nothing says what it always said: there is nothing to retry or not.
    @Test func test_aRefusedChange_onAFullDisk_isItsOwnError() throws {
        let board = try BoardFixture()
        let r = try board.runOntoAFullDisk(["move", "7", "doing"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: no task with id 7\n", "\(r.stderr)")
        let list = try board.runOntoAFullDisk(["list"])
        #expect(list.status == 1)
        #expect(list.stderr == "error: cannot write to standard output: No space left on device\n", "\(list.stderr)")
    }
}
