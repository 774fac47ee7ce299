import Foundation
import Testing
@testable import ShopfloorBoard

@Suite("History")
struct HistoryTests {
    let clock = ManualClock("2026-05-01T09:00:00Z")

    @Test("every change is recorded in the seed's words")
    func changesAreRecordedInSeedWords() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "X", due: due("2026-12-01"))
        try board.move(task.id, to: .doing)
        try board.move(task.id, to: .done)
        try board.edit(task.id, TaskEdit(title: "Y", due: .clear))
        try board.remove(task.id)
        #expect(try board.messages() == [
            "Added 'X'.",
            "Moved 'X' from TODO to DOING.",
            "Moved 'X' from DOING to DONE.",
            "Edited 'X': title 'X' → 'Y', due 2026-12-01 → none.",
            "Removed 'Y' from DONE.",
        ])
    }

    @Test("an edit lists each changed field, bodies shortened to one line")
    func editsListEachChangedField() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "Report")
        try board.edit(task.id, TaskEdit(body: "First line\nsecond line", due: .set(due("2026-06-01"))))
        try board.edit(task.id, TaskEdit(body: String(repeating: "z", count: 60)))
        try board.edit(task.id, TaskEdit(body: ""))
        #expect(try board.messages().dropFirst() == [
            "Edited 'Report': body none → 'First line second line', due none → 2026-06-01.",
            "Edited 'Report': body 'First line second line' → '\(String(repeating: "z", count: 39))…'.",
            "Edited 'Report': body '\(String(repeating: "z", count: 39))…' → none.",
        ])
    }

    @Test("entries carry their time, task and the fields before and after")
    func entriesCarryTimeAndFields() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "X")
        clock.advance(seconds: 90)
        try board.move(task.id, to: .doing)
        let entries = try board.history()
        #expect(entries.map(\.at) == [date("2026-05-01T09:00:00Z"), date("2026-05-01T09:01:30Z")])
        #expect(entries.map(\.kind) == [.add, .move])
        #expect(entries.allSatisfy { $0.taskID == task.id && $0.taskUUID == task.uuid })
        #expect(entries[1].before?.state == .todo && entries[1].after?.state == .doing)
        #expect(entries[1].line(calendar: calendar("UTC")) == "2026-05-01 09:01:30  Moved 'X' from TODO to DOING.")
        #expect(entries[1].line(calendar: calendar("Asia/Seoul")).hasPrefix("2026-05-01 18:01:30  "))
    }

    @Test("a limit returns the latest entries, oldest first")
    func limitReturnsLatestEntries() throws {
        let board = try Board.inMemory(now: clock.now)
        for number in 1...5 { try board.add(title: "T\(number)") }
        #expect(try board.history(limit: 2).map(\.message) == ["Added 'T4'.", "Added 'T5'."])
        #expect(try board.history(limit: 0).isEmpty)
        #expect(try board.history(limit: 50).count == 5)
    }

    @Test("a task's own history survives its removal")
    func taskHistorySurvivesRemoval() throws {
        let board = try Board.inMemory(now: clock.now)
        let task = try board.add(title: "X")
        try board.add(title: "Other")
        try board.remove(task.id)
        #expect(try board.history(ofTask: task.id).map(\.kind) == [.add, .remove])
    }
}
