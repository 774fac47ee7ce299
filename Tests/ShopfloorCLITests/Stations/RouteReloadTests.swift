import Foundation
import Testing

/// Routes are reloadable: a reload re-runs the scripts, a route the script changed takes effect and one it
/// dropped is gone; the lines, clock and statistics of every station survive.
@Suite("Reloading routes")
struct RouteReloadTests {
    static let scenario = """
        first = shopfloor.counter "first"
        second = shopfloor.counter "second"
        first:task { name = "a", service = 1, route = "second.b" }
        second:task { name = "b", service = 1 }
        first:tellers { skill = "a" }
        second:tellers { skill = "b" }

        """

    @Test func test_reload_appliesAChangedRoute_andKeepsEveryStation() throws {
        let folder = try TemporaryFolder()
        folder.write("net.lua", Self.scenario)
        let input = """
            first:arrive "a"
            :run idle
            first:stats().classes["second.b"].served
            f = io.open("net.lua"); s = f:read("a"); f:close()
            f = io.open("net.lua", "w"); f:write((s:gsub('route = "second.b"', 'route = "exit"'))); f:close()
            :reload
            first:arrive "a"
            :run idle
            first:stats().classes["second.b"].served
            first:stats().classes["first.a"].served

            """
        let r = try Shell.run(["repl", "net.lua", "--allow-io"], stdin: input, in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        // Before: the customer goes on to second.b (1 served there); after the reload they leave after a.
        #expect(lines.contains("reloaded net.lua: clock 2.000, lines and stock kept"), "\(r.stdout)")
        #expect(Array(lines.suffix(2)) == ["1", "2"], "\(r.stdout)")
    }

    @Test func test_reload_cannotAddACounter() throws {
        let folder = try TemporaryFolder()
        folder.write("net.lua", Self.scenario)
        let input = """
            f = io.open("net.lua", "a"); f:write('shopfloor.counter "third"\\n'); f:close()
            :reload
            first:stats().classes["first.a"].served

            """
        let r = try Shell.run(["repl", "net.lua", "--allow-io"], stdin: input, in: URL(fileURLWithPath: folder.path))
        #expect(r.stdout.contains("0"), "\(r.stdout)")
        #expect((r.stdout + r.stderr).contains("reload cannot add counter 'third' to a living world: use :reset to rebuild the scenario"), "\(r.stdout) \(r.stderr)")
    }
}
