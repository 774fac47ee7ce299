import Foundation
import Testing

/// A reload installs the scripts' hooks into new sets (Module/World+Reload.swift): what the edited scripts
/// no longer install is gone, whatever its kind — not only when the script still installs one of that kind.
@Suite("Reload replaces the hook sets whole")
struct ReloadHookTests {
    static let scenario = """
        bar = shopfloor.stock "bar"
        bar:item { name = "kiwi", count = 10 }
        calls = 0
        bar:rule(function(fruit, count, pending) calls = calls + 1 end)
        finished = 0
        bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = 1 }
        bank:tellers { skill = "deposit" }
        bank:on("finish", function(customer) finished = finished + 1 end)

        """

    func run(_ input: String) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("bar.lua", Self.scenario)
        return try Shell.run(["repl", "bar.lua", "--allow-io"], stdin: input, in: URL(fileURLWithPath: folder.path))
    }

    /// The REPL lines that comment out the line of `bar.lua` starting with `what`.
    func remove(_ what: String) -> String {
        """
        f = io.open("bar.lua"); s = f:read("a"); f:close()
        f = io.open("bar.lua", "w"); f:write((s:gsub("\(what)", "-- %0"))); f:close()

        """
    }

    @Test func test_reload_dropsAStockRuleTheScriptNoLongerInstalls() throws {
        let r = try run("bar:set(\"kiwi\", 5)\ncalls\n" + remove("bar:rule") + ":reload\nbar:set(\"kiwi\", 4)\ncalls\n")
        #expect(r.status == 0, "\(r.stderr)")
        // `set` prints the count. Before the reload the rule runs (1); after it, the rule the script dropped must not (0).
        #expect(r.stdout == "5\n1\nreloaded bar.lua: clock 0.000, lines and stock kept\n4\n0\n", "\(r.stdout)")
    }

    @Test func test_reload_dropsAnEventHookTheScriptNoLongerInstalls() throws {
        let r = try run(remove("bank:on") + ":reload\nbank:arrive \"deposit\"\n:run idle\nfinished\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("\n0\n"), "\(r.stdout)")
    }

    /// A reload applies each recipe as its call runs: the makers' check after it must still see only the
    /// juices they serve (a new recipe can be ordered, but is no new task for them). Pipe mode of the
    /// terminal check in repl_terminal.py.
    @Test func test_reload_aNewRecipeBeforeTheMakers_canBeOrdered() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(at: Shell.repository.appendingPathComponent("scripts"),
                                         to: URL(fileURLWithPath: folder.path).appendingPathComponent("scripts"))
        let input = """
            f = io.open("scripts/recipes.lua"); s = f:read("a"); f:close()
            s = s:gsub('  recipe "mango%-kiwi juice"', '  recipe "kiwi-banana juice" { kiwi = 1, banana = 1 },\\n%0', 1)
            f = io.open("scripts/recipes.lua", "w"); f:write(s); f:close()
            :reload
            order "kiwi-banana juice"

            """
        let r = try Shell.run(["repl", "scripts/juice.lua", "--allow-io"], stdin: input, in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("reloaded scripts/recipes.lua: clock 0.000, lines and stock kept; 'kiwi-banana juice' can be "
            + "ordered by hand, but the makers of a living counter serve only the juices they had (:reset serves it)\ntrue\n"), "\(r.stdout)")
    }
}
