import Foundation
import Testing

/// The experiment hash covers the modules a scenario `require`s: an edited module is another experiment
/// (`--resume` refuses a file written before the edit), the same files in another folder are the same one, and a
/// cell that reads a module the hash could not see fails instead of mixing two models.
@Suite("experiment hash: required modules")
struct ExperimentModuleHashTests {
    /// `lib/timing.lua` is required always; `lib/slow.lua` only when `service = "slow"` (a literal name in a
    /// branch the plan's load with the default never takes); `lib/computed.lua` only by a name looked up.
    static let scenario = """
        local p = shopfloor.params {
          service = { default = "fixed", choices = { "fixed", "slow", "computed" } },
        }
        local seconds = require("lib.timing").service
        if p.service == "slow" then seconds = require "lib.slow" .service end
        if p.service == "computed" then
          local name = ({ computed = "lib.computed" })[p.service]
          seconds = require(name).service
        end
        local bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = shopfloor.fixed(seconds) }
        bank:tellers { skill = "deposit", count = 1 }
        for _ = 1, 5 do bank:arrive "deposit" end
        """

    static func experiment(_ services: [String]) -> String {
        """
        return shopfloor.experiment {
          scenario = "s.lua",
          params = { service = { \(services.map { "\"\($0)\"" }.joined(separator: ", ")) } },
          replications = 2,
          measure = "classes.deposit.mean_wait",
        }
        """
    }

    /// A study folder: the scenario, its modules, an unrelated Lua file and the experiment file.
    static func study(in folder: TemporaryFolder, _ services: [String] = ["fixed", "slow"]) -> String {
        folder.write("study/s.lua", scenario)
        folder.write("study/lib/timing.lua", "return { service = 1 }\n")
        folder.write("study/lib/slow.lua", "return { service = 3 }\n")
        folder.write("study/lib/computed.lua", "return { service = 2 }\n")
        folder.write("study/notes.lua", "-- not required by anything\n")
        return folder.write("study/e.lua", experiment(services))
    }

    static func hash(_ file: String) throws -> String {
        let r = try Shell.run(["experiment", file, "--plan", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return try #require(plan["experiment"] as? String)
    }

    @Test func test_hash_changesWithEveryRequiredModule_notWithOtherFiles() throws {
        let folder = try TemporaryFolder()
        let file = Self.study(in: folder)
        let before = try Self.hash(file)
        #expect(try Self.hash(file) == before)
        folder.write("study/notes.lua", "-- edited, still required by nothing\n")
        #expect(try Self.hash(file) == before)
        folder.write("study/lib/timing.lua", "return { service = 1.5 }\n")
        let timing = try Self.hash(file)
        #expect(timing != before)
        // Required only under service = "slow", which loading the scenario with its defaults never reaches.
        folder.write("study/lib/slow.lua", "return { service = 4 }\n")
        #expect(try Self.hash(file) != timing)
    }

    @Test func test_hash_isTheSame_forTheSameFilesInAnotherFolder() throws {
        let one = try TemporaryFolder(), two = try TemporaryFolder()
        let first = Self.study(in: one)
        try FileManager.default.copyItem(atPath: one.path("study"), toPath: two.path("elsewhere"))
        #expect(try Self.hash(first) == Self.hash(two.path("elsewhere/e.lua")))
    }

    /// The shard was written with one model; after the module changes, --resume must not add cells of another.
    @Test func test_resume_refusesAShardWrittenBeforeAModuleChanged() throws {
        let folder = try TemporaryFolder()
        let file = Self.study(in: folder)
        let out = folder.path("o.jsonl")
        let first = try Shell.run(["experiment", file, "--jobs", "1", "--out", out])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try String(contentsOfFile: out, encoding: .utf8)
        folder.write("study/lib/timing.lua", "return { service = 1.5 }\n")
        let r = try Shell.run(["experiment", file, "--jobs", "1", "--out", out, "--resume"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: --resume: \(out) belongs to another experiment ("), "\(r.stderr)")
        #expect(r.stderr.contains("(the file, scenario, plugins, modules, data files, environment variables read, --set/--use or version differ)"), "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == before)
        #expect(!FileManager.default.fileExists(atPath: out + ".partial"))
    }

    /// A module reached only by a looked-up name that loading the scenario never required: its cells fail,
    /// naming the module and the way out; the other cells run.
    @Test func test_aCellReadingAModuleTheHashDoesNotCover_fails() throws {
        let folder = try TemporaryFolder()
        let file = Self.study(in: folder, ["fixed", "computed"])
        let r = try Shell.run(["experiment", file, "--jobs", "1", "--out", folder.path("o.jsonl")])
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "error: 2 of 4 cells failed (the others ran):", "\(r.stderr)")
        let message = "\(folder.path("study"))/lib/computed.lua: this cell required module 'lib.computed', which the experiment hash does not cover "
            + "(its name is computed, and loading the scenario did not require it): write require \"lib.computed\" in the scenario (a comment will do) so the hash covers it"
        for cell in [1, 3] {
            #expect(lines.contains { $0.hasPrefix("  cell \(cell) (") && $0.hasSuffix(message) }, "\(r.stderr)")
        }
        let cells = try ExperimentSupport.cellLines(folder.path("o.jsonl"))
        for cell in [0, 2] { #expect(cells[cell]!.contains("\"measures\":{\"classes.deposit.mean_wait\":2}"), "\(cells[cell]!)") }
    }

    /// `require("messages." .. p.lang)` (scripts/bank.lua): every module under the literal prefix is covered,
    /// so the Korean cells run, and editing their messages is another experiment.
    @Test func test_aNameBuiltOnALiteralPrefix_coversEveryModuleUnderIt() throws {
        let folder = try TemporaryFolder()
        let scripts = Shell.repository.path + "/scripts"
        try FileManager.default.createDirectory(atPath: folder.path("messages"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: scripts + "/bank.lua", toPath: folder.path("bank.lua"))
        for name in ["en.lua", "ko.lua"] {
            try FileManager.default.copyItem(atPath: scripts + "/messages/" + name, toPath: folder.path("messages/" + name))
        }
        let file = folder.write("e.lua", """
            return shopfloor.experiment {
              scenario = "bank.lua",
              params = { lang = { "en", "ko" } },
              replications = 1,
              measure = "classes.*.mean_wait",
            }
            """)
        let r = try Shell.run(["experiment", file, "--jobs", "1", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let before = try Self.hash(file)
        let korean = try String(contentsOfFile: folder.path("messages/ko.lua"), encoding: .utf8)
        folder.write("messages/ko.lua", korean + "\n-- edited\n")
        #expect(try Self.hash(file) != before)
    }
}
