import Foundation
import ShopfloorTestSupport
import Testing

/// A zero-time loop stopped inside `counter:run(…)` called from Lua says what `shopfloor run` says for the
/// same loop: the place to look (the generator, the route, the `stock:restock` call) and the hint on
/// `--max-events-per-instant` — not the bare core message behind the `counter:run` line.
@Suite("Hostile: a zero-time loop inside counter:run reads as under shopfloor run")
struct HostileZeroTimeLoopInScriptTests {
    static let counter = """
        local c = shopfloor.counter "bank"
        c:task { name = "a", service = 1 }
        c:tellers { skill = "a", count = 1 }

        """

    /// Loops, and the start of the message both runs must give (the script's own place).
    static let loops: [(String, String)] = [
        (counter + "c:generate(function(rng) return 0, 'a' end)\n",
         "error: loop.lua:4: customer generator: no progress: 2000 events at simulated time 0"),
        ("local c = shopfloor.counter \"bank\"\nc:task { name = \"a\", service = 0, route = \"a\" }\nc:tellers { skill = \"a\", count = 1 }\nc:arrive \"a\"\n",
         "error: loop.lua:2: route of 'a': no progress: 2000 events at simulated time 0"),
        ("local c = shopfloor.counter \"bar\"\nlocal stock = shopfloor.stock \"bar\"\nstock:item { name = \"kiwi\", count = 5, capacity = 10 }\n"
            + "stock:recipe(\"kiwi juice\", { kiwi = 1 })\nstock:makers { count = 1, prep = 1 }\n"
            + "stock:on('delivered', function(fruit) stock:restock(fruit, 1, 0) end)\nstock:restock('kiwi', 1, 0)\n",
         "error: loop.lua:6: stock:restock: no progress: 2000 events at simulated time 0"),
        (counter + "shopfloor.process(function()\n  while true do shopfloor.wait(0) end\nend)\nc:arrive \"a\"\n",
         "error: loop.lua:4: process: no progress: 2000 events at simulated time 0"),
    ]

    static let hint = "(--max-events-per-instant 2000: raise it if so many events at one instant are intended)"

    @Test("counter:run in the scenario gives shopfloor run's first line", arguments: loops)
    func sameMessage(script: String, start: String) throws {
        let folder = try TemporaryFolder()
        var firstLines: [String] = []
        for ranByScript in [false, true] {
            folder.write("loop.lua", script + (ranByScript ? "c:run()\n" : ""))
            let before = try FolderState(folder)
            let r = try Shell.run(["run", "loop.lua", "--max-events-per-instant", "2000"], in: folder.url)
            #expect(r.status == 1, "\(r.stderr)")
            let first = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.contains(start), "\(first)")
            #expect(first.hasSuffix(Self.hint), "\(first)")
            #expect(r.stdout == "")
            #expect(try FolderState(folder) == before)
            firstLines.append(first)
        }
        // Each names its place (a process's loop too, at its definition): the same first line both ways.
        #expect(firstLines[0] == firstLines[1])
    }
}
