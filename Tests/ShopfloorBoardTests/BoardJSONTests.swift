import Foundation
import Testing
@testable import ShopfloorBoard

@Suite("Board JSON")
struct BoardJSONTests {
    static let task = BoardTask(
        id: 7, uuid: "0a1b2c3d-0000-4000-8000-000000000007", title: "Say \"hi\" / \\ bye",
        body: "line\nnext\ttab\u{1}é", due: DueDate("2026-12-01"), state: .doing,
        createdAt: date("2026-05-01T09:00:00Z"),
        updatedAt: Date(timeIntervalSince1970: 1_777_626_000.123), version: .zero(replica: "r"))

    @Test("a task encodes with sorted keys, lower-case state and a UTC updated_at")
    func taskEncodesWithSortedKeys() {
        #expect(BoardJSON.encode(Self.task) == #"""
            {"body":"line\nnext\ttab\u0001é","due":"2026-12-01","id":7,"state":"doing","title":"Say \"hi\" / \\ bye","updated_at":"2026-05-01T09:00:00.123Z","uuid":"0a1b2c3d-0000-4000-8000-000000000007"}
            """#)
    }

    @Test("a task without a deadline has due null")
    func missingDueIsNull() {
        var task = Self.task
        task.due = nil
        #expect(BoardJSON.encode(task).contains(#""due":null,"#))
    }

    @Test("the hand-written encoder matches JSONEncoder with sorted keys")
    func handEncoderMatchesFoundation() throws {
        var other = Self.task
        other.due = nil
        other.title = "Ünïcödé 👨‍👩‍👧 \u{7F}"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for task in [Self.task, other] {
            let foundation = String(decoding: try encoder.encode(task), as: UTF8.self)
            #expect(BoardJSON.encode(task) == foundation)
        }
    }

    @Test("the board encodes as one object keyed by lower-case column, every column present, with its schema")
    func boardEncodesGroupedByColumn() throws {
        let board = try Board.inMemory()
        let task = try board.add(title: "A")
        try board.move(task.id, to: .done)
        try board.add(title: "B")
        let json = BoardJSON.encode(try board.list())
        var document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(document.removeValue(forKey: "schema") as? Int == BoardJSON.schema)
        let object = document as? [String: [[String: Any]]]
        #expect(object?.keys.sorted() == ["doing", "done", "todo"])
        #expect(object?["todo"]?.map { $0["title"] as? String } == ["B"])
        #expect(object?["done"]?.first?["state"] as? String == "done")
        #expect(object?["doing"]?.isEmpty == true)
        #expect(json.hasPrefix(#"{"doing":[],"done":[{"body":"#))
        #expect(json.contains(#"}],"schema":1,"todo":[{"#))
    }

    @Test("a task shown alone carries the schema among its sorted keys")
    func taskDocumentCarriesSchema() {
        #expect(BoardJSON.document(Self.task) == BoardJSON.encode(Self.task).replacingOccurrences(of: #","state":"#, with: #","schema":1,"state":"#))
    }

    @Test("updated_at is exact to the millisecond, before 1970 too")
    func timestampsFormatExactly() {
        #expect(Millis.iso8601(0) == "1970-01-01T00:00:00.000Z")
        #expect(Millis.iso8601(-1) == "1969-12-31T23:59:59.999Z")
        #expect(Millis.iso8601(951_782_400_000) == "2000-02-29T00:00:00.000Z")
        #expect(Millis.iso8601(4_102_444_799_999) == "2099-12-31T23:59:59.999Z")
    }
}
