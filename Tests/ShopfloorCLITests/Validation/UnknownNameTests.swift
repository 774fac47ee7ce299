import Testing
@testable import ShopfloorScripting
import LuaKit

/// The one "unknown X 'k' (accepted: …; did you mean …?)" helper and the option-table validator built on it.
@Suite("Unknown names and option tables")
struct UnknownNameTests {
    @Test(arguments: [
        ("servce", ["capacity", "name", "patience", "service"], "service"),
        ("capacty", ["capacity", "name", "patience", "service"], "capacity"),
        ("cout", ["count", "name", "service", "skill", "skills"], "count"),
        ("Count", ["count", "name"], "count"),            // case is ignored
        ("capcity", ["capacity", "city"], "capacity"),     // the nearest wins over a farther one
        ("lsit", ["add", "edit", "list", "show"], "list"),  // two letters swapped are one edit, nearer than 'edit'
        ("tellre", ["teller", "tellers"], "teller"),
    ])
    func test_suggestion_isTheNearestAcceptedName(word: String, accepted: [String], expected: String) {
        #expect(UnknownName.suggestion(for: word, among: accepted) == expected)
    }

    @Test(arguments: [
        ("colour", ["capacity", "name"]),   // nothing close
        ("x", ["n", "name"]),               // a one-letter word is not a typo of another letter
        ("", ["name"]),
        ("name", []),
    ])
    func test_suggestion_none_whenNothingIsClose(word: String, accepted: [String]) {
        #expect(UnknownName.suggestion(for: word, among: accepted) == nil)
    }

    @Test func test_suggestion_tieGoesToByteOrder_whateverTheOrderGiven() {
        // "bat" is one edit from both and keeps two letters of each; it shares "ba" with "bar", nothing with "cat":
        // the prefix decides, in either order given.
        #expect(UnknownName.suggestion(for: "bat", among: ["cat", "bar"]) == "bar")
        #expect(UnknownName.suggestion(for: "bat", among: ["bar", "cat"]) == "bar")
        // A true tie (same edits, letters kept and prefix): the first in byte order, in either order given.
        #expect(UnknownName.suggestion(for: "xat", among: ["cat", "bat"]) == "bat")
        #expect(UnknownName.suggestion(for: "xat", among: ["bat", "cat"]) == "bat")
    }

    /// Among candidates as many edits away, the one keeping more of the word's letters wins, then the one sharing
    /// a longer prefix: `cnt` is two edits from `count` and from `at`, and byte order alone suggested `at`.
    @Test(arguments: [
        ("cnt", ["at", "count"], "count"),                            // the schedule's keys: cnt keeps 3 letters of count, 1 of at
        ("cnt", ["count", "at"], "count"),
        ("nme", ["at", "me", "name"], "name"),                        // 1 edit from both "me" and "name": keeps 3 of name
        ("tsk", ["ask", "task"], "task"),                             // 1 edit both: keeps 3 of task, 2 of ask
        ("dep", ["deposit", "ep", "loan"], "ep"),                     // fewer edits still wins first
        ("fil", ["fig", "file"], "file"),                             // 1 edit both, same prefix: keeps 3 of file
    ])
    func test_suggestion_tieGoesToTheLettersKept_thenThePrefix(word: String, accepted: [String], expected: String) {
        #expect(UnknownName.suggestion(for: word, among: accepted) == expected)
    }

    @Test func test_message_listsInTheOrderGiven_withTheSuggestion() {
        #expect(UnknownName.message("task", "lon", among: ["deposit", "loan"], label: "tasks")
                == "unknown task 'lon' (tasks: deposit, loan; did you mean 'loan'?)")
        #expect(UnknownName.message("task", "x", among: [], label: "tasks", whenEmpty: "none yet")
                == "unknown task 'x' (tasks: none yet)")
        #expect(UnknownName.choices(for: "teler", among: ["teller_policy"], label: "kinds")
                == "(kinds: teller_policy)")
    }

    @Test func test_optionTable_sortsTheAcceptedKeys_andNamesEveryUnknownKey() throws {
        var table = LuaTable()
        table.entries[.string("name")] = .string("a")
        table.entries[.string("servce")] = .integer(90)
        table.entries[.string("capacty")] = .integer(2)
        table.entries[.integer(1)] = .string("b")
        var noted: [String] = []
        let reporter = ProblemReporter(note: { noted.append($0) }, place: "s.lua:3")
        _ = try OptionTable(table, context: "task", accepted: ["service", "name", "patience", "capacity"], reporter: reporter)
        #expect(noted == [
            "s.lua:3: task: unknown key [1] = 'b' (accepted: capacity, name, patience, service)",
            "s.lua:3: task: unknown key 'capacty' (accepted: capacity, name, patience, service; did you mean 'capacity'?)",
            "s.lua:3: task: unknown key 'servce' (accepted: capacity, name, patience, service; did you mean 'service'?)",
        ])
    }

    @Test func test_optionTable_throwsTheFirstProblem_whenNotNoting() {
        var table = LuaTable()
        table.entries[.string("cout")] = .integer(3)
        #expect(throws: ScriptingError.self) {
            _ = try OptionTable(table, context: "tellers", accepted: ["count", "skill"], reporter: .throwing())
        }
    }

    @Test(arguments: [
        (LuaValue.number(1e9), "tellers: 'count' must be an integer from 1 to 100000, got 1000000000.0"),
        (LuaValue.number(.nan), "tellers: 'count' must be an integer from 1 to 100000, got nan"),
        (LuaValue.number(.infinity), "tellers: 'count' must be an integer from 1 to 100000, got inf"),
        (LuaValue.number(1e308), "tellers: 'count' must be an integer from 1 to 100000, got 1e+308"),
        (LuaValue.number(2.5), "tellers: 'count' must be an integer from 1 to 100000, got 2.5"),
        (LuaValue.integer(0), "tellers: 'count' must be an integer from 1 to 100000, got 0"),
        (LuaValue.string("3"), "tellers: 'count' must be an integer from 1 to 100000, got '3'"),
    ])
    func test_optionTable_integer_refusesWithKeyValueAndRange(value: LuaValue, message: String) throws {
        var table = LuaTable()
        table.entries[.string("count")] = value
        var noted: [String] = []
        let options = try OptionTable(table, context: "tellers", accepted: ["count"],
                                      reporter: ProblemReporter(note: { noted.append($0) }, place: nil))
        #expect(try options.integer("count", in: 1...100_000) == nil)
        #expect(noted == [message])
    }
}
