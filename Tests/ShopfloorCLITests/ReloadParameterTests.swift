import Foundation
import Testing

/// `:reload` (and `--watch`, through the same ReloadService) applies an edited parameter default,
/// keeps a value given with `--set`, and refuses, naming the parameters and `:reset`, what a living
/// counter cannot take. The REPL edits the file itself (`--allow-io`), so no timing is involved.
@Suite("Reload and parameter defaults")
struct ReloadParameterTests {
    /// A copy of `scripts/` in a temporary folder, and the REPL lines that edit `bank.lua` in it.
    func scenario() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["bank.lua", "messages/en.lua", "messages/ko.lua"] {
            let text = try String(contentsOf: Shell.repository.appendingPathComponent("scripts/" + name), encoding: .utf8)
            folder.write("scripts/" + name, text)
        }
        return folder
    }

    func edit(_ from: String, _ to: String) -> String {
        """
        f = io.open("scripts/bank.lua"); s = f:read("a"); f:close()
        f = io.open("scripts/bank.lua", "w"); f:write((s:gsub("\(from)", "\(to)"))); f:close()

        """
    }

    @Test func test_reload_appliesAnEditedDefault_andSaysSo() throws {
        let folder = try scenario()
        let input = ":run 1\n" + edit("deposit_time = { default = 0.7", "deposit_time = { default = 0.5")
            + ":reload\nbank:service_means().deposit\n"
        let r = try Shell.run(["repl", "scripts/bank.lua", "--allow-io"], stdin: input, in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("reloaded scripts/bank.lua: clock 1.000, lines and stock kept; deposit_time 0.7 → 0.5\n0.5\n"), "\(r.stdout)")
    }

    @Test func test_reload_keepsAValueGivenWithSet() throws {
        let folder = try scenario()
        let input = edit("deposit_time = { default = 0.7", "deposit_time = { default = 0.5") + ":reload\nbank:service_means().deposit\n"
        let r = try Shell.run(["repl", "scripts/bank.lua", "--allow-io", "--set", "deposit_time=0.9"], stdin: input,
                              in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("; deposit_time stays 0.9 (--set)\n0.9\n"), "\(r.stdout)")
    }

    @Test func test_reload_refusesWhatALivingCounterCannotTake_namingTheParameters() throws {
        let folder = try scenario()
        let input = edit("deposit_tellers = { default = 2", "deposit_tellers = { default = 3")
            + edit("deposit_time = { default = 0.7", "deposit_time = { default = 0.5")
            + ":reload\nbank:service_means().deposit\n:reset\nbank:service_means().deposit\n"
        let r = try Shell.run(["repl", "scripts/bank.lua", "--allow-io"], stdin: input, in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr.contains("reload cannot change tellers 'deposit' (2 → 3) in a living counter: use :reset"))
        #expect(r.stderr.contains("edited parameters not applied: deposit_tellers 2 → 3, deposit_time 0.7 → 0.5 (:reset rebuilds the scenario with them)"))
        // Refused: the old value stays in force; :reset applies the edit.
        #expect(r.stdout.hasPrefix("0.7\nrebuilt scripts/bank.lua with seed 1: clock 0\n0.5\n"), "\(r.stdout)")
    }
}

/// A reload runs the scenario's load again but brings no customers in again: the draws that load makes
/// from named streams (bank.lua's count at opening) must not shift who comes next.
@Suite("Reload keeps the named streams where they were")
struct ReloadStreamTests {
    @Test func test_reload_doesNotShiftTheCustomersAddedAfterIt() throws {
        let folder = try ReloadParameterTests().scenario()
        let edit = ReloadParameterTests().edit("deposit_time = { default = 0.7", "deposit_time = { default = 0.7 ")
        let after = ":run idle\nadd_customers(12)\n:run idle\n"
        let plain = try Shell.run(["repl", "scripts/bank.lua", "--allow-io"], stdin: after, in: URL(fileURLWithPath: folder.path))
        let reloaded = try Shell.run(["repl", "scripts/bank.lua", "--allow-io"], stdin: edit + ":reload\n" + after,
                                     in: URL(fileURLWithPath: folder.path))
        #expect(reloaded.status == 0, "\(reloaded.stderr)")
        let lines = reloaded.stdout.split(separator: "\n").filter { !$0.hasPrefix("reloaded ") }
        #expect(lines == plain.stdout.split(separator: "\n"))
    }
}
