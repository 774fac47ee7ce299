import Foundation
import Testing

/// `counter:policy(fn, { looks_at = "own" })` from a scenario, end to end.
@Suite("Policy options in scenarios")
struct PolicyOptionsTests {
    /// bank_open's model with cross-trained tellers and the own-line rule in Lua, declared with `options`.
    func scenario(options: String) -> String {
        """
        local bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = shopfloor.exponential(0.7) }
        bank:task { name = "loan", service = shopfloor.exponential(1.1) }
        bank:tellers { skills = { "deposit", "loan" }, count = 2, name = "deposit" }
        bank:tellers { skills = { "loan", "deposit" }, count = 1, name = "loan" }
        bank:arrivals { rate = 2.0, mix = { deposit = 2, loan = 1 } }
        local calls = 0
        bank:policy(function(teller, lines)
          calls = calls + 1
          local own = lines[teller.skill]
          if #own > 0 then return own end
        end\(options))
        local served = 0
        bank:on("finish", function() served = served + 1; if served == 5000 then print("calls " .. calls) end end)
        shopfloor.stop { served = 5000 }
        """
    }

    func run(options: String) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("policy.lua", scenario(options: options))
        return try Shell.run(["run", "policy.lua", "--format", "json"], in: URL(fileURLWithPath: folder.path))
    }

    @Test func test_looksAtOwn_sameResults_fewerCalls() throws {
        let plain = try run(options: "")
        let own = try run(options: ", { looks_at = \"own\" }")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(own.status == 0, "\(own.stderr)")
        #expect(own.stdout == plain.stdout)
        func calls(_ r: Shell.Result) -> Int? {
            r.stderr.split(separator: "\n").first { $0.hasPrefix("calls ") }.flatMap { Int($0.dropFirst(6)) }
        }
        let before = try #require(calls(plain)), after = try #require(calls(own))
        #expect(after < before)
    }

    @Test func test_badOptions_areNamed() throws {
        let unknown = try run(options: ", { look_at = \"own\" }")
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("policy: unknown key 'look_at' (accepted: looks_at; did you mean 'looks_at'?)"), "\(unknown.stderr)")
        let value = try run(options: ", { looks_at = \"mine\" }")
        #expect(value.status == 1)
        #expect(value.stderr.contains("policy: 'looks_at' must be \"own\" or \"all\", got 'mine'"), "\(value.stderr)")
    }
}
