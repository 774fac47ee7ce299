import Foundation
import Testing
@testable import ShopfloorBoard

@Suite("Board operations")
struct BoardOperationsTests {
    let clock = ManualClock()

    @Test("adding a task stores it in TODO with a fresh id, a uuid and the time")
    func addingStoresTaskInTodo() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "  Write report ", body: "Quarterly", due: due("2026-12-01"))
        #expect(task.id == 1)
        #expect(task.title == "Write report")
        #expect(task.state == .todo)
        #expect(UUID(uuidString: task.uuid) != nil)
        #expect(task.createdAt == clock.current && task.updatedAt == clock.current)
        #expect(task.version.replica == board.replicaID)
        #expect(try board.show(task.id) == task)
    }

    @Test("editing changes only the fields given, and can clear the deadline")
    func editingChangesOnlyGivenFields() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "Write report", body: "Draft", due: due("2026-12-01"))
        clock.advance()
        let edited = try board.edit(task.id, TaskEdit(title: "Write the report"))
        #expect(edited.fields == TaskFields(title: "Write the report", body: "Draft", due: due("2026-12-01")))
        #expect(edited.updatedAt == clock.current && edited.createdAt == task.createdAt)
        let cleared = try board.edit(task.id, TaskEdit(due: .clear))
        #expect(cleared.due == nil && cleared.body == "Draft")
        #expect(try board.show(task.id) == cleared)
    }

    @Test("moving puts the task in another column; moving it where it is already is an error")
    func movingChangesColumn() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "Write report")
        #expect(try board.move(task.id, to: .doing).state == .doing)
        #expect(try board.list().doing.map(\.id) == [task.id])
        #expect(boardError { try board.move(task.id, to: .doing) } == .alreadyInState(id: task.id, state: .doing))
        #expect(BoardError.alreadyInState(id: 1, state: .doing).description == "task 1 is already in DOING")
    }

    @Test("a removed task is gone from the board and its id is never reused")
    func removedTaskIdIsNotReused() throws {
        let board = try Board.inMemory(now: clock.now)
        let first = try board.add(title: "One")
        let removed = try board.remove(first.id)
        #expect(removed == first)
        #expect(boardError { _ = try board.show(first.id) } == .noSuchTask(id: first.id))
        #expect(try board.list().all.isEmpty)
        #expect(try board.add(title: "Two").id == 2)
    }

    @Test("an unknown id is reported by number for every operation")
    func unknownIdIsReported() throws {
        let board = try Board.inMemory(now: clock.now)
        #expect(boardError { _ = try board.show(7) } == .noSuchTask(id: 7))
        #expect(boardError { try board.edit(7, TaskEdit(title: "x")) } == .noSuchTask(id: 7))
        #expect(boardError { try board.move(7, to: .done) } == .noSuchTask(id: 7))
        #expect(boardError { try board.remove(7) } == .noSuchTask(id: 7))
        #expect(BoardError.noSuchTask(id: 7).description == "no task with id 7")
    }

    @Test("listing groups by column, earliest deadline first, undated last, then by id")
    func listingIsGroupedAndOrdered() throws {
        let board = try Board.inMemory(now: clock.now)
        let undated = try board.add(title: "Undated")
        let later = try board.add(title: "Later", due: due("2026-12-01"))
        let sooner = try board.add(title: "Sooner", due: due("2026-06-01"))
        let alsoSooner = try board.add(title: "Also sooner", due: due("2026-06-01"))
        let doing = try board.add(title: "Doing")
        try board.move(doing.id, to: .doing)
        let done = try board.add(title: "Done")
        try board.move(done.id, to: .done)
        let listing = try board.list()
        #expect(listing.todo.map(\.id) == [sooner.id, alsoSooner.id, later.id, undated.id])
        #expect(listing.doing.map(\.id) == [doing.id])
        #expect(listing.done.map(\.id) == [done.id])
        #expect(try board.counts() == [.todo: 4, .doing: 1, .done: 1])
    }

    @Test("an edit that changes nothing is an error and writes nothing")
    func emptyEditIsRefused() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "Write report")
        #expect(boardError { try board.edit(task.id, TaskEdit(title: "Write report ")) } == .nothingChanged(id: task.id))
        #expect(boardError { try board.edit(task.id, TaskEdit()) } == .nothingChanged(id: task.id))
        #expect(try board.history().count == 1)
    }

    @Test("every change stamps a strictly later version, even within one millisecond")
    func versionsIncreaseWithEveryChange() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "One")
        let moved = try board.move(task.id, to: .doing)
        let edited = try board.edit(task.id, TaskEdit(body: "More"))
        #expect(task.version < moved.version && moved.version < edited.version)
        #expect(edited.version.wallMillis == Int64(clock.current.timeIntervalSince1970 * 1000))
    }
}
