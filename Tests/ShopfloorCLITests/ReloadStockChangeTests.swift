import Foundation
import Testing

/// Stock changes a scenario makes while it loads — an opening delivery ordered, fruit added, a juice ordered — are
/// load-time actions, like the customers it brings in: a reload (which says `lines and stock kept`) must not make
/// them again. It did: every reload ordered the opening delivery once more and added the fruit again.
@Suite("A reload does not repeat the stock changes the scripts make while loading")
struct ReloadStockChangeTests {
    static let scenario = """
        local s = shopfloor.stock "bar"
        stock = s
        s:item { name = "kiwi", count = 10 }
        s:recipe("kiwi juice", { kiwi = 1 })
        due = s:restock("kiwi", 100, 50)   -- the opening delivery
        added = s:add("kiwi", 5)
        made, short = s:order "kiwi juice"
        local edit = 1

        """

    @Test func test_reload_keepsTheStockAsItIs() throws {
        let folder = try TemporaryFolder()
        folder.write("bar.lua", Self.scenario)
        let edit = """
            f = io.open("bar.lua"); s = f:read("a"); f:close()
            f = io.open("bar.lua", "w"); f:write((s:gsub("local edit = 1", "local edit = 2"))); f:close()

            """
        let look = "stock:pending \"kiwi\", stock:count \"kiwi\", stock:stats().orders[\"kiwi juice\"].made\n"
        let r = try Shell.run(["repl", "bar.lua", "--allow-io"], stdin: look + edit + ":reload\n" + look + "due, added, made, short\n",
                              in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            100\t14\t1
            reloaded bar.lua: clock 0.000, lines and stock kept
            100\t14\t1
            50.0\t14\tfalse\tnot ordered again: a reload does not repeat what the scripts did to the stock while loading

            """, "\(r.stdout)")
    }
}
