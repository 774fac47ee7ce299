import Foundation
import Testing

/// A world of one counter addresses its tasks as `counter.task` too, the name its trace records carry as
/// `station`: `route = { ["s.t"] = 0.3, exit = 0.7 }` (a feedback loop), `counter:arrive "s.t"`, a routing
/// function answering `"s.t"`. It was refused ("unknown task 's.t'") until a second counter existed, because
/// the core leaves a lone counter's station unnamed (so single-counter outputs read as before stations). The
/// path and the plain name are one task: the same bytes either way.
@Suite("A lone counter's tasks by station.task")
struct SingleCounterPathTests {
    static func scenario(_ target: String) -> String {
        """
        local s = shopfloor.counter "s"
        s:task { name = "t", service = shopfloor.exponential(0.2), route = { ["\(target)"] = 0.3, exit = 0.7 } }
        s:task { name = "u", service = shopfloor.fixed(0.1), route = function() return "\(target)" end }
        s:tellers { skills = { "t", "u" } }
        s:arrivals { rate = 1, mix = { t = 1 } }
        s:arrive "\(target == "t" ? "u" : "s.u")"
        shopfloor.stop { time = 200 }
        """
    }

    @Test func test_pathAndPlainName_areTheSameTask() throws {
        let folder = try TemporaryFolder()
        folder.write("path.lua", Self.scenario("s.t"))
        folder.write("plain.lua", Self.scenario("t"))
        let path = try Shell.run(["run", "path.lua", "--format", "json"], in: folder.url)
        let plain = try Shell.run(["run", "plain.lua", "--format", "json"], in: folder.url)
        #expect(path.status == 0, "\(path.stderr)")
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(path.stdout.replacingOccurrences(of: "path.lua", with: "plain.lua") == plain.stdout)
        // `s:arrive "s.u"` brought its one customer to `u`.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(path.stdout.utf8)) as? [String: Any])
        let classes = try #require(object["classes"] as? [String: [String: Any]])
        #expect((classes["u"]?["served"] as? Int) == 1)
    }

    /// Another counter's name is still no path here, with the lone counter's own tasks offered.
    @Test func test_anotherName_isStillUnknown() throws {
        let folder = try TemporaryFolder()
        folder.write("other.lua", Self.scenario("x.t"))
        let r = try Shell.run(["run", "other.lua"], in: folder.url)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: other.lua:2: route of 't': unknown task 'x.t' (tasks: t, u, exit"), "\(r.stderr)")
    }
}
