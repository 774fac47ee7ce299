import Testing
@testable import ShopfloorBoard

@Suite("Input validation")
struct ValidationTests {
    @Test("a title is required", arguments: ["", "   ", "\n\t"])
    func emptyTitleIsRefused(title: String) throws {
        let board = try Board.inMemory()
        #expect(boardError { try board.add(title: title) } == .emptyTitle)
        #expect(BoardError.emptyTitle.description == "title must not be empty")
    }

    @Test("a title of 100 characters is accepted and one of 101 is refused with its length")
    func titleLimitIsOneHundredCharacters() throws {
        let board = try Board.inMemory()
        try board.add(title: String(repeating: "a", count: 100))
        #expect(boardError { try board.add(title: String(repeating: "a", count: 143)) } == .titleTooLong(count: 143))
        #expect(BoardError.titleTooLong(count: 143).description == "title must be at most 100 characters (got 143)")
    }

    @Test("lengths count characters as people see them, not bytes")
    func lengthsCountCharacters() throws {
        let board = try Board.inMemory()
        // 100 family emoji: 100 characters, 700 Unicode scalars.
        let task = try board.add(title: String(repeating: "👨‍👩‍👧", count: 100), body: String(repeating: "é", count: 1000))
        #expect(task.title.count == 100)
    }

    @Test("a body over 1000 characters is refused with its length")
    func bodyLimitIsOneThousandCharacters() throws {
        let board = try Board.inMemory()
        #expect(boardError { try board.add(title: "x", body: String(repeating: "b", count: 1001)) } == .bodyTooLong(count: 1001))
        #expect(BoardError.bodyTooLong(count: 1001).description == "body must be at most 1000 characters (got 1001)")
    }

    @Test("a title must be one line")
    func titleMustBeOneLine() throws {
        let board = try Board.inMemory()
        #expect(boardError { try board.add(title: "one\ntwo") } == .multilineTitle)
    }

    @Test("bad input to any operation writes nothing")
    func badInputWritesNothing() throws {
        let board = try Board.inMemory()
        let task = try board.add(title: "Keep me", body: "as is")
        let before = (try board.list(), try board.history())
        _ = boardError { try board.add(title: "") }
        _ = boardError { try board.edit(task.id, TaskEdit(title: "ok", body: String(repeating: "b", count: 1001))) }
        _ = boardError { try board.edit(task.id, TaskEdit(title: " ")) }
        _ = boardError { try board.move(task.id, to: .todo) }
        _ = boardError { try board.remove(99) }
        #expect(try board.list() == before.0)
        #expect(try board.history() == before.1)
        #expect(try board.nextRedo() == nil)
    }

    @Test("ids are positive whole numbers", arguments: [("7", 7), ("42", 42)])
    func idsParse(text: String, id: Int) throws {
        #expect(try BoardTask.parseID(text) == id)
    }

    @Test("anything else is refused as an id", arguments: ["", "0", "-3", "+3", "#7", "7.0", " 7", "x7", "99999999999999999999"])
    func badIdsAreRefused(text: String) {
        #expect(boardError { _ = try BoardTask.parseID(text) } == .invalidID(text))
    }

    @Test("error messages quote odd values readably")
    func oddValuesAreQuotedReadably() {
        #expect(BoardError.invalidDue("a\"b\n").description == #"due must be a date YYYY-MM-DD (got "a\"b\n")"#)
        #expect(BoardError.invalidID("x7").description == #"id must be a positive whole number (got "x7")"#)
    }
}
