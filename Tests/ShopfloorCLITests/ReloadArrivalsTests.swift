import Foundation
import Testing

/// Reload with built-in arrivals and generators (docs/repl.md, "Reload"): an edited rate or mix is taken by the
/// running source from its next draw, as an edited service time is; a source or generator the living world lacks
/// is refused. Before, a reload silently kept the old rate and mix, and silently dropped a new generator.
@Suite("Reload with arrivals")
struct ReloadArrivalsTests {
    static let scenario = """
        bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = 0.01 }
        bank:task { name = "loan", service = 0.01 }
        bank:tellers { skills = { "deposit", "loan" }, count = 5 }
        bank:arrivals { rate = 0.5, mix = { deposit = 1 } }

        """

    func repl(_ input: String) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("bank.lua", Self.scenario)
        return try Shell.run(["repl", "bank.lua", "--allow-io", "--seed", "3"], stdin: input, in: URL(fileURLWithPath: folder.path))
    }

    /// Lua that replaces `old` with `new` in bank.lua (plain text, not a pattern).
    func edit(_ old: String, _ new: String) -> String {
        "local f = io.open('bank.lua'); local s = f:read('a'); f:close(); " +
            "local i, j = s:find(\(luaString(old)), 1, true); s = s:sub(1, i - 1) .. \(luaString(new)) .. s:sub(j + 1); " +
            "f = io.open('bank.lua', 'w'); f:write(s); f:close()\n"
    }

    func luaString(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "'", with: "\\'").replacingOccurrences(of: "\n", with: "\\n") + "'"
    }

    func arrivals(_ r: Shell.Result) -> [[Int]] {
        r.stdout.split(separator: "\n").filter { $0.hasPrefix("arrived ") }
            .map { $0.split(separator: " ").dropFirst().compactMap { Int($0) } }
    }

    static let count = "local s = bank:stats().classes; print('arrived ' .. s.deposit.arrived .. ' ' .. s.loan.arrived)\n"

    @Test func test_anEditedRate_isTakenFromTheNextDraw() throws {
        let r = try repl("bank:run { time = 1000 }\n" + Self.count + edit("rate = 0.5", "rate = 5") + ":reload\n"
                            + "bank:run { time = 1000 }\n" + Self.count)
        #expect(r.status == 0, "\(r.stderr)")
        let counts = arrivals(r)
        try #require(counts.count == 2, "\(r.stdout)")
        // Poisson counts: 500 ± 22 in the first 1,000 s, then 5,000 ± 71 (bounds at about 5 standard deviations).
        #expect((390...610).contains(counts[0][0]), "\(counts)")
        #expect((4650...5350).contains(counts[1][0] - counts[0][0]), "\(counts)")
        #expect(r.stdout.contains("reloaded bank.lua"), "\(r.stdout)")
    }

    @Test func test_anEditedMix_isTakenFromTheNextDraw() throws {
        let r = try repl("bank:run { time = 1000 }\n" + Self.count + edit("mix = { deposit = 1 }", "mix = { loan = 1 }")
                            + ":reload\nbank:run { time = 1000 }\n" + Self.count)
        #expect(r.status == 0, "\(r.stderr)")
        let counts = arrivals(r)
        try #require(counts.count == 2, "\(r.stdout)")
        #expect(counts[0][1] == 0)
        // The arrival drawn before the reload keeps its task; every later one is a loan.
        #expect(counts[1][0] - counts[0][0] <= 1, "\(counts)")
        #expect(counts[1][1] > 400, "\(counts)")
    }

    @Test func test_aReloadAddingArrivals_isRefused_andChangesNothing() throws {
        let r = try repl("bank:run { time = 100 }\n" + Self.count
                            + edit("bank:arrivals {", "bank:arrivals { rate = 1, mix = { loan = 1 }, name = 'walk-ins' }\nbank:arrivals {")
                            + ":reload\nbank:run { time = 100 }\n" + Self.count)
        #expect(r.stderr.contains("reload cannot add arrivals 'walk-ins' to a living world: use :reset to rebuild the scenario"), "\(r.stderr)")
        let counts = arrivals(r)
        try #require(counts.count == 2, "\(r.stdout)")
        #expect(counts[1][1] == 0, "\(counts)")
    }

    @Test func test_aReloadAddingAGenerator_isRefused() throws {
        let r = try repl(edit("bank:arrivals {", "bank:generate(function(rng) return 1, 'loan' end, 'phone')\nbank:arrivals {")
                            + ":reload\nbank:run { time = 100 }\n" + Self.count)
        #expect(r.stderr.contains("reload cannot add a generator to counter 'bank' in a living world: use :reset to rebuild the scenario"),
                "\(r.stderr)")
        let counts = arrivals(r)
        try #require(counts.count == 1, "\(r.stdout)")
        #expect(counts[0][1] == 0, "\(counts)")
    }
}
