import Foundation
import Testing

/// An edited `capacity` reloaded into a running juice bar: the message says `capacity 400 → 100`, so the shelves must
/// hold at most 100 from then on (they used to keep 400 in silence); a capacity below what a shelf holds now is
/// refused with the reason and `:reset`, and nothing changes.
@Suite("Reload of an edited shelf capacity")
struct ReloadCapacityTests {
    func repl(_ input: String) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(at: Shell.repository.appendingPathComponent("scripts"),
                                         to: URL(fileURLWithPath: folder.path).appendingPathComponent("scripts"))
        return try Shell.run(["repl", "scripts/juice.lua", "--allow-io"], stdin: input, in: URL(fileURLWithPath: folder.path))
    }

    func setCapacity(_ value: Int) -> String {
        """
        f = io.open("scripts/juice.lua"); s = f:read("a"); f:close()
        f = io.open("scripts/juice.lua", "w"); f:write((s:gsub("capacity = { default = 400", "capacity = { default = \(value)", 1))); f:close()

        """
    }

    @Test func test_reload_editedCapacity_takesEffect() throws {
        let r = try repl(setCapacity(300) + ":reload\nshopfloor.stock():capacity \"kiwi\"\nshopfloor.stock():add(\"kiwi\", 101)\n")
        #expect(r.stdout.contains("reloaded scripts/juice.lua: clock 0.000, lines and stock kept; capacity 400 → 300\n300\n"), "\(r.stdout)")
        #expect(r.stderr.contains("stock: count of 'kiwi' must be <= capacity 300, got 301"), "\(r.stderr)")
    }

    @Test func test_reload_capacityBelowTheCount_isRefused() throws {
        let r = try repl("shopfloor.stock():set(\"kiwi\", 350)\n" + setCapacity(300) + ":reload\nshopfloor.stock():capacity \"kiwi\"\n")
        #expect(r.stderr.contains("reload cannot set the capacity of 'kiwi' to 300: it holds 350 now (stock:set it lower first, or :reset to rebuild the scenario)"), "\(r.stderr)")
        #expect(r.stderr.contains("edited parameters not applied: capacity 400 → 300"), "\(r.stderr)")
        #expect(r.stdout == "350\n400\n", "\(r.stdout)")
    }
}
