import Foundation
import Testing

/// With `--allow-io` the experiment hash covers the data files a scenario reads: an edited data file is
/// another experiment (`--resume` refuses a file written before the edit instead of mixing old cells with
/// new), the same bytes in another folder are the same experiment, and a cell that reads a file the hash
/// does not cover, or one that changed since the experiment started, fails naming the file.
@Suite("experiment hash: data files")
struct ExperimentDataFileHashTests {
    /// Reads its service time from a data file while it loads (`p.data`, `service.txt` by default); with
    /// `late`, reads `late.txt` only when the run ends; with `rewrite`, writes its data file anew at the end
    /// and reads it again.
    static let scenario = """
        local p = shopfloor.params {
          data = { default = "service.txt" },
          late = { default = false },
          rewrite = { default = false },
        }
        local f = assert(io.open(p.data))
        local seconds = tonumber(f:read("l"))
        f:close()
        local bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = shopfloor.fixed(seconds) }
        bank:tellers { skill = "deposit", count = 1 }
        for _ = 1, 5 do bank:arrive "deposit" end
        shopfloor.on("end", function()
          if p.late then for line in io.lines("late.txt") do end end
          if p.rewrite then
            local out = assert(io.open(p.data, "w")); out:write("9\\n"); out:close()
            assert(io.open(p.data, "r")):close()
          end
        end)
        """

    static func experiment(_ params: String = "") -> String {
        """
        return shopfloor.experiment {
          scenario = "s.lua",
          params = { \(params) },
          replications = 4,
          measure = "classes.deposit.mean_wait",
        }
        """
    }

    /// A study folder: the scenario, its data files and the experiment file. Runs are made from inside it.
    @discardableResult
    static func study(in folder: TemporaryFolder, _ params: String = "") -> URL {
        folder.write("study/s.lua", scenario)
        folder.write("study/service.txt", "1\n")
        folder.write("study/slow.txt", "3\n")
        folder.write("study/late.txt", "1\n")
        folder.write("study/e.lua", experiment(params))
        return URL(fileURLWithPath: folder.path("study"))
    }

    static func run(_ arguments: [String], in study: URL) throws -> Shell.Result {
        try Shell.run(["experiment", "e.lua", "--allow-io", "--jobs", "1"] + arguments, in: study)
    }

    static func hash(in study: URL, _ extra: [String] = ["--allow-io"]) throws -> String {
        let r = try Shell.run(["experiment", "e.lua", "--plan", "--format", "json"] + extra, in: study)
        #expect(r.status == 0, "\(r.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return try #require(plan["experiment"] as? String)
    }

    /// Half the cells were run with one service time; after the data file changes, --resume must not add
    /// cells computed from the other (before the fix it did, and the result mixed 2 and 6).
    @Test func test_resume_refusesAFileWrittenBeforeTheDataChanged() throws {
        let folder = try TemporaryFolder()
        let study = Self.study(in: folder)
        let out = folder.path("o.jsonl")
        let first = try Self.run(["--shard", "0/2", "--out", out], in: study)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try String(contentsOfFile: out, encoding: .utf8)
        folder.write("study/service.txt", "3\n")
        let r = try Self.run(["--out", out, "--resume"], in: study)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: --resume: \(out) belongs to another experiment ("), "\(r.stderr)")
        #expect(r.stderr.contains("(the file, scenario, plugins, modules, data files, environment variables read, --set/--use or version differ)"), "\(r.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == before)
        #expect(!FileManager.default.fileExists(atPath: out + ".partial"))
    }

    /// The same data: the shard's cells are kept as they were and only the others run.
    @Test func test_resume_keepsTheCells_whenTheDataIsUnchanged() throws {
        let folder = try TemporaryFolder()
        let study = Self.study(in: folder)
        let out = folder.path("o.jsonl")
        #expect(try Self.run(["--shard", "0/2", "--out", out], in: study).status == 0)
        let kept = try ExperimentSupport.cellLines(out)
        #expect(kept.keys.sorted() == [0, 2])
        let r = try Self.run(["--out", out, "--resume", "--format", "json"], in: study)
        #expect(r.status == 0, "\(r.stderr)")
        let cells = try ExperimentSupport.cellLines(out)
        #expect(cells.keys.sorted() == [0, 1, 2, 3])
        for index in [0, 2] { #expect(cells[index] == kept[index]) }
        for index in 0..<4 { #expect(cells[index]!.contains("\"measures\":{\"classes.deposit.mean_wait\":2}"), "\(cells[index]!)") }
    }

    /// Two shards run over two versions of the data file never merge into one result.
    @Test func test_merge_refusesShardsRunOverDifferentData() throws {
        let folder = try TemporaryFolder()
        let study = Self.study(in: folder)
        #expect(try Self.run(["--shard", "0/2", "--out", folder.path("a.jsonl")], in: study).status == 0)
        folder.write("study/service.txt", "3\n")
        #expect(try Self.run(["--shard", "1/2", "--out", folder.path("b.jsonl")], in: study).status == 0)
        let r = try Shell.run(["merge", folder.path("a.jsonl"), folder.path("b.jsonl")])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: \(folder.path("a.jsonl")) and \(folder.path("b.jsonl")) are shards of different experiments ("), "\(r.stderr)")
    }

    @Test func test_hash_followsTheDataFilesBytes_notTheirFolder() throws {
        let one = try TemporaryFolder(), two = try TemporaryFolder()
        let first = Self.study(in: one)
        let before = try Self.hash(in: first)
        try FileManager.default.copyItem(atPath: one.path("study"), toPath: two.path("elsewhere"))
        let elsewhere = URL(fileURLWithPath: two.path("elsewhere"))
        #expect(try Self.hash(in: elsewhere) == before)
        two.write("elsewhere/notes.txt", "read by nothing\n")
        #expect(try Self.hash(in: elsewhere) == before)
        two.write("elsewhere/service.txt", "1.5\n")
        #expect(try Self.hash(in: elsewhere) != before)
    }

    /// An experiment that reads no file has the hash it had before data files were covered, --allow-io or not.
    @Test func test_hash_ofAnExperimentReadingNothing_isTheSameWithAllowIO() throws {
        let folder = try TemporaryFolder()
        folder.write("e.lua", ExperimentSupport.bank(replications: 1))
        let study = URL(fileURLWithPath: folder.path)
        #expect(try Self.hash(in: study, []) == Self.hash(in: study, ["--allow-io"]))
    }

    /// A factor over data files: the plan's load opens only the default, the others are covered because a
    /// value names them; every cell runs, and editing the one the load never opened is another experiment.
    @Test func test_dataFilesNamedByAFactor_areCovered() throws {
        let folder = try TemporaryFolder()
        let study = Self.study(in: folder, #"data = { "service.txt", "slow.txt" }"#)
        let before = try Self.hash(in: study)
        let r = try Self.run(["--format", "json"], in: study)
        #expect(r.status == 0, "\(r.stderr)")
        folder.write("study/slow.txt", "4\n")
        #expect(try Self.hash(in: study) != before)
    }

    /// `late.txt` is opened only while a cell runs, under a name no value gives: those cells fail naming the
    /// file and the way out; the others run.
    @Test func test_aCellReadingAFileTheHashDoesNotCover_fails() throws {
        let folder = try TemporaryFolder()
        let study = Self.study(in: folder, "late = { false, true }")
        let out = folder.path("o.jsonl")
        let r = try Self.run(["--out", out], in: study)
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "error: 4 of 8 cells failed (the others ran):", "\(r.stderr)")
        let message = "s.lua:14: late.txt: this cell opened a file for reading which the experiment hash does not cover "
            + "(loading the scenario did not open it, and no parameter value names it): open it while the scenario loads, "
            + "or give its name as a parameter value, so the hash covers it"
        for cell in [1, 3, 5, 7] {
            #expect(lines.contains { $0.hasPrefix("  cell \(cell) (") && $0.hasSuffix(message) }, "\(r.stderr)")
        }
        let cells = try ExperimentSupport.cellLines(out)
        for cell in [0, 2, 4, 6] { #expect(cells[cell]!.contains("\"measures\":{\"classes.deposit.mean_wait\":2}"), "\(cells[cell]!)") }
    }

    /// The first cell rewrites its data file, then reads it again: that read, and every later cell's,
    /// sees content the hash does not cover, and fails saying so.
    @Test func test_aDataFileChangedSinceTheExperimentStarted_failsTheCellsThatReadIt() throws {
        let folder = try TemporaryFolder()
        let study = Self.study(in: folder, "rewrite = true")
        let r = try Self.run([], in: study)
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "error: all 4 cells failed:", "\(r.stderr)")
        let changed = "service.txt: changed since the experiment started: the experiment hash covers the content it had then; run the experiment again"
        #expect(lines.contains { $0.hasPrefix("  cell 0 (") && $0.hasSuffix("s.lua:17: " + changed) }, "\(r.stderr)")
        for cell in 1..<4 { #expect(lines.contains { $0.hasPrefix("  cell \(cell) (") && $0.hasSuffix("s.lua:6: " + changed) }, "\(r.stderr)") }
    }
}
