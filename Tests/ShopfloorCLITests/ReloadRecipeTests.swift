import Foundation
import Testing

/// A reload that renames, adds or drops a juice while `scripts/juice.lua` runs: the makers of a living counter keep
/// the juices they had (a new one is no new task for them), so the arrivals must keep ordering those, and the reload's
/// message must say what of the edit the living world did not follow — not accept it in silence and fail later.
@Suite("Reload of an edited recipe book into a running juice bar")
struct ReloadRecipeTests {
    /// REPL lines that rewrite `scripts/recipes.lua` with `pattern` replaced by `replacement` (Lua gsub, once).
    func edit(_ pattern: String, _ replacement: String) -> String {
        """
        f = io.open("scripts/recipes.lua"); s = f:read("a"); f:close()
        f = io.open("scripts/recipes.lua", "w"); f:write((s:gsub('\(pattern)', '\(replacement)', 1))); f:close()

        """
    }

    func repl(_ input: String, scenario: String = "scripts/juice.lua") throws -> Shell.Result {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(at: Shell.repository.appendingPathComponent("scripts"),
                                         to: URL(fileURLWithPath: folder.path).appendingPathComponent("scripts"))
        return try Shell.run(["repl", scenario, "--allow-io"], stdin: input, in: URL(fileURLWithPath: folder.path))
    }

    /// The juice line routes and orders the blenders' juices: a rename is taken as in juice.lua (it was refused,
    /// `juice_line.lua:56: unknown task 'mango smoothie'`, where juice.lua took it), and the line runs on as before.
    @Test func test_reload_renamedJuiceOnTheLine_isTakenAndTheLineRunsOn() throws {
        let rename = edit(#"recipe "mango juice"  "#, #"recipe "mango smoothie""#)
        let edited = try repl(":run 20\n" + rename + ":reload\n:run 500\n", scenario: "scripts/juice_line.lua")
        let plain = try repl(":run 20\n:run 500\n", scenario: "scripts/juice_line.lua")
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout.contains("'mango juice' is no longer in the scripts but stays (:reset drops it)\n"), "\(edited.stdout)")
        #expect(edited.stdout.hasSuffix(plain.stdout.components(separatedBy: "\n").suffix(2).joined(separator: "\n")), "\(edited.stdout)")
    }

    /// Renamed at clock 30: the generator (256 orders a call) used to draw the new name once its batch ran out,
    /// and `:run` then failed with `customer generator: unknown task 'mango smoothie'`. The world goes on as if
    /// nothing was edited (the same arrivals, the same figures), and the message says why.
    @Test func test_reload_renamedJuice_keepsTheMakersJuicesAndSaysSo() throws {
        let rename = edit(#"recipe "mango juice"  "#, #"recipe "mango smoothie""#)
        let edited = try repl(":run 30\n" + rename + ":reload\n:run 600\n:stats\n")
        let plain = try repl(":run 30\n:run 600\n:stats\n")
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(edited.stdout.contains("reloaded scripts/recipes.lua: clock 30.000, lines and stock kept; "
            + "'mango smoothie' can be ordered by hand, but the makers of a living counter serve only the juices they had (:reset serves it); "
            + "'mango juice' is no longer in the scripts but stays (:reset drops it)\n"), "\(edited.stdout)")
        let stats = { (r: Shell.Result) in r.stdout.components(separatedBy: "clock 630.000").last ?? "" }
        #expect(!stats(plain).isEmpty && stats(edited) == stats(plain), "\(edited.stdout)")
    }

    /// Added, then dropped again: the second reload says only that it stays (it is no juice the edit adds).
    @Test func test_reload_addedThenDroppedJuice_isSaidToStayOnly() throws {
        let add = edit(#"  recipe "mango%-kiwi juice""#, #"  recipe "kiwi-banana juice" { kiwi = 1, banana = 1 },\n%0"#)
        let drop = edit(#"  recipe "kiwi%-banana juice" { kiwi = 1, banana = 1 },\n"#, "")
        let r = try repl(add + ":reload\n" + drop + ":reload\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("reloaded scripts/recipes.lua: clock 0.000, lines and stock kept; "
            + "'kiwi-banana juice' is no longer in the scripts but stays (:reset drops it)\n"), "\(r.stdout)")
    }

    /// A juice added by a reload can be ordered at once (ReloadHookTests), and no customer asks the makers for it.
    @Test func test_reload_addedJuice_isNeverOrderedFromTheMakers() throws {
        let add = edit(#"  recipe "mango%-kiwi juice""#, #"  recipe "kiwi-banana juice" { kiwi = 1, banana = 1 },\n%0"#)
        let r = try repl(add + ":reload\n:run 2000\nshopfloor.stock():stats().orders[\"kiwi-banana juice\"].made\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasSuffix("\n0\n"), "\(r.stdout)")
    }
}
