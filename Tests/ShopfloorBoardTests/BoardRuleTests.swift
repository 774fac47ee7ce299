import Foundation
import Testing
@testable import ShopfloorBoard

@Suite("Board rules")
struct BoardRuleTests {
    /// The seed-style WIP limit: at most `limit` tasks in DOING.
    static func wipLimit(_ limit: Int) -> ClosureRule {
        ClosureRule { change, board in
            guard change.targetState == .doing, change.current?.state != .doing else { return .allow }
            return board.count(.doing) >= limit ? .refuse("at most \(limit) tasks in DOING") : .allow
        }
    }

    struct RuleBroke: Error, CustomStringConvertible {
        var description: String { "board_rules.lua:12: attempt to index a nil value" }
    }

    @Test("a refusal carries the rule's message and writes nothing")
    func refusalWritesNothing() throws {
        let board = try Board.inMemory(rule: Self.wipLimit(1))
        let first = try board.add(title: "First")
        let second = try board.add(title: "Second")
        try board.move(first.id, to: .doing)
        let history = try board.history()
        let error = boardError { try board.move(second.id, to: .doing) }
        #expect(error == .refusedByRule("at most 1 tasks in DOING"))
        #expect(error?.description == "at most 1 tasks in DOING")
        #expect(try board.show(second.id).state == .todo)
        #expect(try board.history() == history)
    }

    @Test("a refusal without a message still says who refused")
    func silentRefusalIsExplained() {
        #expect(BoardError.refusedByRule("").description == "refused by a board rule")
    }

    @Test("a rule sees the kind of change, the task before it, and the counts before it")
    func ruleSeesChangeAndCounts() throws {
        let seen = Recorder()
        let board = try Board.inMemory(rule: ClosureRule { change, view in
            seen.items.append("\(change.kind) \(change.current?.title ?? "-") → \(change.proposed?.state.rawValue ?? "gone") \(view.count(.todo))/\(view.count(.doing))/\(view.total)")
            return .allow
        })
        let task = try board.add(title: "X")
        try board.move(task.id, to: .doing)
        try board.edit(task.id, TaskEdit(body: "b"))
        try board.remove(task.id)
        #expect(seen.items == ["add - → todo 0/0/0", "move X → doing 1/0/1", "edit X → doing 0/1/1", "remove X → gone 0/1/1"])
    }

    @Test("a rule may fill in a default deadline, and history records the result")
    func ruleMayModifyFields() throws {
        let board = try Board.inMemory(rule: ClosureRule { change, _ in
            guard change.kind == .add, var fields = change.proposed, fields.due == nil else { return .allow }
            fields.due = DueDate("2026-05-08")
            return .allowModified(fields)
        })
        let task = try board.add(title: "X")
        #expect(task.due == DueDate("2026-05-08"))
        #expect(try board.show(task.id).due == DueDate("2026-05-08"))
        #expect(try board.history().last?.after?.due == DueDate("2026-05-08"))
    }

    @Test("a rule that throws aborts the change with its message and writes nothing")
    func throwingRuleWritesNothing() throws {
        let board = try Board.inMemory()
        let task = try board.add(title: "X")
        board.rule = ClosureRule { _, _ in throw RuleBroke() }
        let error = boardError { try board.move(task.id, to: .done) }
        #expect(error == .ruleFailed("board_rules.lua:12: attempt to index a nil value"))
        #expect(error?.description == "board rule failed: board_rules.lua:12: attempt to index a nil value")
        #expect(try board.show(task.id).state == .todo)
        #expect(try board.history().count == 1)
    }

    @Test("fields a rule returns are validated like user input")
    func ruleOutputIsValidated() throws {
        let board = try Board.inMemory(rule: ClosureRule { change, _ in
            .allowModified(TaskFields(title: "", state: change.proposed?.state ?? .todo))
        })
        let error = boardError { try board.add(title: "X") }
        #expect(error == .ruleFailed("it returned an invalid task: title must not be empty"))
        #expect(try board.list().all.isEmpty)
    }

    @Test("a rule cannot turn a removal into something else")
    func ruleCannotModifyRemoval() throws {
        let board = try Board.inMemory()
        let task = try board.add(title: "X")
        board.rule = ClosureRule { _, _ in .allowModified(TaskFields(title: "Y")) }
        #expect(boardError { try board.remove(task.id) } == .ruleFailed("a rule cannot modify a removal"))
        #expect(try board.show(task.id).title == "X")
    }

    @Test("undo and redo restore earlier states without asking the rule")
    func undoDoesNotConsultRule() throws {
        let board = try Board.inMemory()
        let task = try board.add(title: "X")
        try board.move(task.id, to: .doing)
        board.rule = ClosureRule { _, _ in .refuse("frozen") }
        try board.undo()
        try board.redo()
        #expect(try board.show(task.id).state == .doing)
    }
}
