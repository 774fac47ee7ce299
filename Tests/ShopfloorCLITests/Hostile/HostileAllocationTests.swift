import Foundation
import Testing

/// Sizes a script controls that make the host allocate (tellers, tasks, batches, groups) are checked
/// against stated maxima before anything is allocated: `--memory-limit` caps only Lua's own memory.
/// Each attack runs under a 2 GB address-space limit (`ulimit -v`), where `tellers { count = 1e8 }` used
/// to abort (it took 4.3 GB); now it is a one-line error naming the key, the value and the maximum.
@Suite("Hostile: script-controlled host allocations")
struct HostileAllocationTests {
    static let counter = """
        local c = shopfloor.counter "c"
        c:task { name = "a", service = 1 }

        """

    /// Runs `shopfloor run s.lua` under `ulimit -v` in a fresh folder; checks the folder holds only the script after.
    func attack(_ script: String) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("s.lua", script)
        let r = try Shell.capture(URL(fileURLWithPath: "/bin/sh"),
                                  ["-c", "ulimit -v 2000000; exec \"$0\" run s.lua", Shell.executable.path],
                                  in: URL(fileURLWithPath: folder.path), environment: ["NO_COLOR": "1"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["s.lua"])
        return r
    }

    @Test(arguments: [
        ("c:tellers { skill = \"a\", count = 1e9 }", "s.lua:3: tellers: 'count' must be an integer from 1 to 100000, got 1000000000.0"),
        ("c:tellers { skill = \"a\", count = 1e8 }", "s.lua:3: tellers: 'count' must be an integer from 1 to 100000, got 100000000.0"),
        ("c:tellers { skill = \"a\", count = math.maxinteger }",
         "s.lua:3: tellers: 'count' must be an integer from 1 to 100000, got 9223372036854775807"),
        ("for i = 1, 1000 do c:tellers { skill = \"a\", count = 60000, name = \"p\" .. i } end",
         "s.lua:3: tellers: 'count' = 60000 would make 120000 tellers; a counter has at most 100000"),
        ("for i = 1, 1e6 do c:task { name = \"t\" .. i } end", "s.lua:3: task 't1000': a counter has at most 1000 tasks"),
        ("c:generate(function() end, { batch = 1e9 })",
         "s.lua:3: generate: 'batch' must be an integer from 1 to 1048576, got 1000000000.0"),
    ])
    func test_sizeBeyondItsMaximum_isRefusedBeforeAllocating(line: String, message: String) throws {
        let r = try attack(Self.counter + line + "\nc:tellers { skill = \"a\" }\nc:arrive \"a\"\n")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: " + message + "\n"), "\(r.stderr)")
    }

    @Test func test_makers_beyondTheMaximum_areRefused() throws {
        let r = try attack("""
            local stock = shopfloor.stock()
            stock:item { name = "kiwi", count = 10 }
            stock:recipe("kiwi juice", { kiwi = 3 })
            stock:makers { count = 1e9 }
            """)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:4: makers: 'count' must be an integer from 1 to 100000, got 1000000000.0\n"), "\(r.stderr)")
    }

    @Test func test_generatorGroup_beyondTheMaximum_isRefused() throws {
        let r = try attack(Self.counter + """
            c:tellers { skill = "a" }
            local group = {}
            for i = 1, 1048577 do group[i] = "a" end
            c:generate(function() if group then local g = group; group = nil; return 0, g end end)
            """)
        #expect(r.status == 1)
        #expect(r.stderr.contains("customer generator returned a group of 1048577 customers; at most 1048576"), "\(r.stderr)")
    }

    @Test func test_theLargestAllowedCounter_runsWithinTheLimit() throws {
        let r = try attack(Self.counter + "c:tellers { skill = \"a\", count = 100000 }\nc:arrive \"a\"\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("1 served"), "\(r.stdout)")
    }

    @Test func test_stockItemsAndRecipes_beyondTheirMaxima_areRefused() throws {
        let items = try attack("local s = shopfloor.stock()\nfor i = 1, 1e6 do s:item { name = \"f\" .. i } end\n")
        #expect(items.status == 1)
        #expect(items.stderr.hasPrefix("error: s.lua:2: item 'f10001': a stock has at most 10000 items\n"), "\(items.stderr)")
        let recipes = try attack("""
            local s = shopfloor.stock()
            s:item { name = "kiwi", count = 1 }
            local book = {}
            for i = 1, 10001 do book[i] = shopfloor.recipe("j" .. i) { kiwi = 1 } end
            s:recipes(book)
            """)
        #expect(recipes.status == 1)
        #expect(recipes.stderr.hasPrefix("error: s.lua:5: recipes: 10001 recipes; a stock has at most 10000\n"), "\(recipes.stderr)")
    }
}
