import Testing
@testable import ShopfloorBoard

@Suite("Task states")
struct TaskStateTests {
    @Test("states show in the seed's upper case and parse in any case")
    func statesParseInAnyCase() throws {
        #expect(TaskState.allCases.map(\.displayName) == ["TODO", "DOING", "DONE"])
        #expect(TaskState.allCases.map(\.rawValue) == ["todo", "doing", "done"])
        #expect(try TaskState(parsing: "Doing") == .doing)
        #expect(try TaskState(parsing: "DONE") == .done)
    }

    @Test("an unknown state is refused with the accepted spellings")
    func unknownStateIsRefused() {
        #expect(boardError { _ = try TaskState(parsing: "later") } == .invalidState("later"))
        #expect(BoardError.invalidState("later").description
            == #"state must be one of todo, doing, done (got "later")"#)
    }

    @Test("states sort in board order")
    func statesSortInBoardOrder() {
        #expect([TaskState.done, .todo, .doing].sorted() == [.todo, .doing, .done])
    }
}
