import Foundation
import Testing

/// Hostile networks: a route that brings customers back with services of 0 s (a zero-time loop, named by the
/// route's line), a script making counters without end (a limit), a counter name with `.` (it separates station
/// and task). Each stops with exit 1, one message, and leaves the folder as it was.
@Suite("Hostile: stations and routes")
struct HostileStationsTests {
    @Test(arguments: [
        ("local a = shopfloor.counter 'a'\nlocal b = shopfloor.counter 'b'\na:task { name = 'x', service = 0, route = 'x' }\na:tellers { skill = 'x' }\na:arrive 'x'\n",
         "error: s.lua:3: route of 'a.x': no progress: 2000 events at simulated time 0"),
        ("for i = 1, 2000 do shopfloor.counter('c' .. i) end\n",
         "error: s.lua:1: counter 'c1001': a world has at most 1000 counters"),
        ("shopfloor.counter 'a'\nshopfloor.counter 'b.c'\n",
         "error: s.lua:2: counter: 'name' must not contain '.', got 'b.c'"),
    ])
    func refused(script: String, message: String) throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", script)
        let before = try FolderState(folder)
        let r = try Shell.run(["run", "s.lua", "--max-events-per-instant", "2000"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
        #expect(try FolderState(folder) == before)
    }
}
