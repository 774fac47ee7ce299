import Foundation
import Testing

/// The first counter's policy or service-time function, set before a second counter exists (the fast,
/// world-wide path), stays the first counter's own once another counter appears (StationHooks.swift,
/// `stationAdded`). Before the fix the first counter's policy was asked for the second counter's
/// tellers too, and a policy answering nil for them left that counter's line unserved for ever.
@Suite("The first counter's hooks stay its own")
struct FirstCounterHooksTests {
    func json(_ script: String) throws -> [String: Any] {
        let folder = try TemporaryFolder()
        folder.write("s.lua", script)
        let r = try Shell.run(["run", "s.lua", "--format", "json"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("asked for b"), "the first counter's policy was asked for b's teller")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test(arguments: ["function(teller, lines) if teller.pool ~= 'x' then print('asked for b') end if #lines.x > 0 then return lines.x end end",
                      "\"fifo\""])
    func test_policySetBeforeASecondCounter_leavesItsTellersAlone(policy: String) throws {
        let o = try json("""
            local a = shopfloor.counter "a"
            a:task { name = "x", service = 1, route = "b.y" }
            a:tellers { skill = "x" }
            a:policy(\(policy))
            a:service_time(function(c, t) return 2 end)
            local b = shopfloor.counter "b"
            b:task { name = "y", service = 1 }
            b:task { name = "z", service = 1 }
            b:tellers { skills = { "z", "y" } }
            a:arrive "x"
            a:arrive "x"
            """)
        let classes = try #require(o["classes"] as? [String: [String: Any]])
        #expect(classes["b.y"]?["served"] as? Int == 2, "b's teller serves its second skill: the default rule, not a's")
        #expect(classes["a.x"]?["mean_time_in_system"] as? Double == 3, "a's function: 2 s each, one after the other")
        #expect(classes["b.y"]?["mean_time_in_system"] as? Double == 1, "b keeps its task's 1 s")
        #expect(o["in_system"] as? Int == 0)
    }
}
