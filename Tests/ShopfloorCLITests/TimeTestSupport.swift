import Foundation
import Testing

/// Runs a scenario written into a temporary folder through the built binary (`shopfloor run s.lua …`), for the
/// time and process tests (Time/ in the scripting layer; docs/lua-api.md, "Time and processes").
enum TimeScenario {
    /// A bank of one task, one pool of `tellers`, `customers` customers at the door at 0; `body` follows.
    static func bank(tellers: Int = 1, customers: Int = 0, service: String = "10", _ body: String) -> String {
        """
        local counter = shopfloor.counter "bank"
        counter:task { name = "deposit", service = \(service) }
        counter:tellers { skill = "deposit", count = \(tellers) }
        for i = 1, \(customers) do counter:arrive("deposit") end
        \(body)
        """
    }

    static func run(_ scenario: String, _ arguments: [String] = []) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("s.lua", scenario)
        return try Shell.run(["run", "s.lua"] + arguments, in: folder.url)
    }

    /// The JSON summary of a run that must succeed.
    static func json(_ scenario: String, _ arguments: [String] = []) throws -> [String: Any] {
        let r = try run(scenario, ["--format", "json"] + arguments)
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }
}
