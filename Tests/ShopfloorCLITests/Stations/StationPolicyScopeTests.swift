import Foundation
import Testing

/// `counter:policy(fn, { looks_at = "own" })` is a promise per counter: the function is asked only when the
/// teller's own (first) line has someone. With several counters the promise used to be dropped, and the function
/// was asked whenever any of the teller's lines had someone (StationHooks.swift, `installPolicyDispatcher`).
@Suite("looks_at = \"own\" per counter")
struct StationPolicyScopeTests {
    /// Counter `one`'s tellers serve `a` first and also `b`; its function counts the calls made while `a` is empty.
    /// `two` keeps the built-in rule (mixed scopes: the dispatcher checks) or has a looks_at = "own" function too
    /// (every counter own-only: the core checks).
    func script(secondCounter: String) -> String {
        """
        local one = shopfloor.counter "one"
        local two = shopfloor.counter "two"
        one:task { name = "a", service = shopfloor.exponential(0.5), route = "two.c" }
        one:task { name = "b", service = shopfloor.exponential(0.5), route = "two.c" }
        two:task { name = "c", service = shopfloor.exponential(0.3) }
        one:tellers { skills = { "a", "b" }, count = 2 }
        two:tellers { skill = "c" }
        local calls, emptyOwn = 0, 0
        one:policy(function(teller, lines)
          calls = calls + 1
          local own = lines[teller.skill]
          if #own == 0 then emptyOwn = emptyOwn + 1 return nil end
          return own
        end, { looks_at = "own" })
        \(secondCounter)
        one:arrivals { rate = 1.5, mix = { a = 1, b = 1 } }
        shopfloor.stop { time = 2000 }
        shopfloor.on("end", function() print(string.format("calls %d, with the own line empty %d", calls, emptyOwn)) end)

        """
    }

    func run(_ script: String) throws -> (calls: Int, emptyOwn: Int) {
        let folder = try TemporaryFolder()
        folder.write("s.lua", script)
        let r = try Shell.run(["run", "s.lua", "--seed", "3"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("calls ") })
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        return (numbers[0], numbers[1])
    }

    @Test func test_mixedCounters_ownPromiseKept() throws {
        let r = try run(script(secondCounter: ""))
        #expect(r.calls > 500)
        #expect(r.emptyOwn == 0)
    }

    @Test func test_everyCounterOwnOnly_ownPromiseKept() throws {
        let r = try run(script(secondCounter: """
            two:policy(function(teller, lines) local own = lines[teller.skill] if #own > 0 then return own end end, { looks_at = "own" })
            """))
        #expect(r.calls > 500)
        #expect(r.emptyOwn == 0)
    }

    /// Without the promise the function is asked with the own line empty (line `b` has someone): the control
    /// that shows the counts above can tell the difference.
    @Test func test_withoutPromise_askedWithOwnLineEmpty() throws {
        let r = try run(script(secondCounter: "").replacingOccurrences(of: ", { looks_at = \"own\" })", with: ")"))
        #expect(r.emptyOwn > 0)
    }
}
