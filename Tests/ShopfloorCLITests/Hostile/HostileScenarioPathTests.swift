import Foundation
import Testing

/// Scenario paths the path arithmetic must survive: one-character names (NSString's path methods
/// trapped on them with SIGILL), `-` for standard input, names ending in a slash.
@Suite("Hostile: scenario paths")
struct HostileScenarioPathTests {
    @Test(arguments: ["a", "z", "b"])
    func test_oneCharacterScenarioName_runsAndChecks(name: String) throws {
        let folder = try TemporaryFolder()
        folder.write(name, "print('ran " + name + "')\n")
        let run = try Shell.runWithin(60, ["run", name], in: URL(fileURLWithPath: folder.path))
        #expect(run.exitedCleanly, "signal \(String(describing: run.signal)): \(run.stderr)")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "ran \(name)\n")
        let check = try Shell.runWithin(60, ["check", name], in: URL(fileURLWithPath: folder.path))
        #expect(check.exitedCleanly && check.status == 0, "\(check.stderr)")
        #expect(try String(contentsOfFile: folder.path + "/" + name, encoding: .utf8) == "print('ran " + name + "')\n")
    }

    @Test func test_oneCharacterScenarioName_atTheRepl() throws {
        let folder = try TemporaryFolder()
        folder.write("a", "x = 41\n")
        let r = try Shell.runWithin(60, ["repl", "a"], stdin: "x + 1\n", in: URL(fileURLWithPath: folder.path))
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "42\n")
    }

    @Test func test_missingOneCharacterScenario_isAnError() throws {
        let folder = try TemporaryFolder()
        let r = try Shell.runWithin(60, ["run", "q"], in: URL(fileURLWithPath: folder.path))
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stderr == "error: cannot open q: no such file\n")
    }

    /// `-` reads the scenario from standard input, as `lua -` does: chunk name `stdin`, `arg[0]` is `-`.
    @Test func test_dash_readsTheScenarioFromStandardInput() throws {
        let folder = try TemporaryFolder()
        let r = try Shell.runWithin(60, ["run", "-", "--", "x"], stdin: "print(arg[0], ...)\n", in: URL(fileURLWithPath: folder.path))
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "-\tx\n")
        let failing = try Shell.runWithin(60, ["run", "-"], stdin: "\nerror('boom')\n", in: URL(fileURLWithPath: folder.path))
        #expect(failing.exitedCleanly && failing.status == 1)
        #expect(failing.stderr.hasPrefix("error: stdin:2: boom\n"), "\(failing.stderr)")
    }

    /// `require` from a scenario read on standard input looks in the current folder.
    @Test func test_dash_requiresFromTheCurrentFolder() throws {
        let folder = try TemporaryFolder()
        folder.write("m.lua", "return 'module m'\n")
        let r = try Shell.runWithin(60, ["run", "-"], stdin: "print((require 'm'))\n", in: URL(fileURLWithPath: folder.path))
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "module m\n")
    }

    /// A module beside a scenario given by a one-character folder (`d/s.lua`) and a bare name.
    @Test func test_requireBesideShortPaths() throws {
        let folder = try TemporaryFolder()
        folder.write("d/s.lua", "print((require 'm'))\n")
        folder.write("d/m.lua", "return 'found'\n")
        let r = try Shell.runWithin(60, ["run", "d/s.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "found\n")
    }
}
