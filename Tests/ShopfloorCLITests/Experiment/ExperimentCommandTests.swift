import Foundation
import ShopfloorExperiment
import Testing

/// `shopfloor experiment`: the same experiment gives the same bytes on 1 worker, on 2, and in shards; a
/// resumed run never duplicates a cell; a cell is reproduced by `shopfloor run` with its seed.
@Suite("experiment command")
struct ExperimentCommandTests {
    @Test func test_jobs1AndJobs2_giveByteIdenticalJSON() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank())
        let one = try Shell.run(["experiment", file, "--jobs", "1", "--format", "json"])
        let two = try Shell.run(["experiment", file, "--jobs", "2", "--format", "json"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(two.status == 0, "\(two.stderr)")
        #expect(one.stdout == two.stdout)
        #expect(one.stdout.contains("classes.deposit.mean_wait"))
    }

    @Test func test_threeShards_holdExactlyTheCellsOfOneRun() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank())
        let whole = try Shell.run(["experiment", file, "--jobs", "2", "--out", folder.path("all.jsonl")])
        #expect(whole.status == 0, "\(whole.stderr)")
        let expected = try ExperimentSupport.cellLines(folder.path("all.jsonl"))
        #expect(expected.count == 4 * 3)
        var union: [Int: String] = [:]
        for k in 0..<3 {
            let r = try Shell.run(["experiment", file, "--jobs", "1", "--shard", "\(k)/3", "--out", folder.path("s\(k).jsonl")])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.isEmpty)
            let lines = try ExperimentSupport.cellLines(folder.path("s\(k).jsonl"))
            #expect(lines.keys.allSatisfy { $0 % 3 == k })
            union.merge(lines) { a, _ in Issue.record("a cell in two shards"); return a }
        }
        #expect(union == expected)
        #expect(!FileManager.default.fileExists(atPath: folder.path("s0.jsonl.partial")))
    }

    /// A shard without --out writes its records on stdout: the header first, then one line per cell.
    @Test func test_shardWithoutOut_streamsRecordsOnStdout() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank(replications: 1))
        let r = try Shell.run(["experiment", file, "--jobs", "2", "--shard", "1/2"])
        #expect(r.status == 0, "\(r.stderr)")
        let path = folder.write("out.jsonl", r.stdout)
        let cells = try ExperimentSupport.cellLines(path)
        #expect(cells.keys.sorted() == [1, 3])
    }

    /// A task killed mid-write leaves a `.partial` whose last line is cut: --resume drops that line, keeps
    /// the whole ones, runs only the missing cells, and the final file holds every cell once.
    @Test func test_resume_afterACutPartial_neverDuplicates() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank())
        let full = try Shell.run(["experiment", file, "--jobs", "2", "--out", folder.path("full.jsonl")])
        #expect(full.status == 0, "\(full.stderr)")
        let text = try String(contentsOfFile: folder.path("full.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        // The header, five whole cells and half of the sixth.
        let cut = lines[0...5].joined(separator: "\n") + "\n" + lines[6].prefix(lines[6].count / 2)
        _ = folder.write("r.jsonl.partial", cut)
        let resumed = try Shell.run(["experiment", file, "--jobs", "2", "--out", folder.path("r.jsonl"), "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try ExperimentSupport.cellLines(folder.path("r.jsonl")) == ExperimentSupport.cellLines(folder.path("full.jsonl")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("r.jsonl.partial")))
        // The five kept cells kept their original lines (timing included): they did not run again.
        let final = try String(contentsOfFile: folder.path("r.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(Array(final[1...5]) == Array(lines[1...5]))
        // Resuming a finished file runs nothing and changes nothing.
        let again = try Shell.run(["experiment", file, "--out", folder.path("r.jsonl"), "--resume"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOfFile: folder.path("r.jsonl"), encoding: .utf8).split(separator: "\n").map(String.init).sorted() == final.sorted())
    }

    @Test func test_resume_refusesAnotherExperimentsFile() throws {
        let folder = try TemporaryFolder()
        let a = folder.write("a.lua", ExperimentSupport.bank(replications: 1))
        let b = folder.write("b.lua", ExperimentSupport.bank(replications: 2))
        #expect(try Shell.run(["experiment", a, "--out", folder.path("a.jsonl")]).status == 0)
        let before = try String(contentsOfFile: folder.path("a.jsonl"), encoding: .utf8)
        let r = try Shell.run(["experiment", b, "--out", folder.path("a.jsonl"), "--resume"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("belongs to another experiment"), "\(r.stderr)")
        #expect(try String(contentsOfFile: folder.path("a.jsonl"), encoding: .utf8) == before)
    }

    /// `shopfloor run --seed <cell seed> --set … --use …` prints the very numbers the cell recorded.
    @Test func test_aCell_isReproducedByRunWithItsSeed() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank(replications: 2))
        #expect(try Shell.run(["experiment", file, "--out", folder.path("o.jsonl")]).status == 0)
        let shard = try ShardFile.read(path: folder.path("o.jsonl"), dropsCutLine: false)
        let cell = try #require(shard.cells.first { $0.index == 7 })
        #expect(cell.seed == CellSeed.seed(base: 7, replication: cell.replication))
        var arguments = ["run", ExperimentSupport.bankOpen, "--format", "json", "--seed=\(cell.seed)", "--set", "customers=200"]
        for (name, value) in cell.point { arguments += ["--set", "\(name)=\(value)"] }
        for (kind, name) in cell.use { arguments += ["--use", "\(kind)=\(name)"] }
        let run = try Shell.run(arguments)
        #expect(run.status == 0, "\(run.stderr)")
        // Both sides read by the same parser from the text each wrote (so a parser's last-digit rounding
        // cannot differ between them).
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let text = try String(contentsOfFile: folder.path("o.jsonl"), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.contains("\"index\":7,") })
        let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let measures = try #require(record["measures"] as? [String: Double])
        #expect(measures.count == 4)
        for (name, value) in measures {
            let parts = name.split(separator: ".").map(String.init)
            let field = ((document[parts[0]] as? [String: Any])?[parts[1]] as? [String: Any])?[parts[2]] as? Double
            #expect(field == value, "\(name)")
        }
    }

    @Test func test_plan_listsCellsAndShards_runsNothing() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank())
        let r = try Shell.run(["experiment", file, "--plan", "--shard", "1/4", "--out", folder.path("o.jsonl")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("4 groups × 3 replications = 12 cells"))
        #expect(r.stdout.contains("shard 1/4: 3 cells"))
        let seed = CellSeed.seed(base: 7, replication: 2)
        let rows = r.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains(["9", "1", "2", String(seed)]), "\(r.stdout)")
        #expect(!rows.contains { $0.first == "2" && $0.count == 4 })  // cell 2 is shard 2's
        #expect(!FileManager.default.fileExists(atPath: folder.path("o.jsonl")))
        #expect(!FileManager.default.fileExists(atPath: folder.path("o.jsonl.partial")))
    }

    /// Each refused with the option named, the `experiment` command's usage (not the top level's: `--replications`
    /// is checked against the design, after parsing), and no file written.
    @Test(arguments: [["--shard", "3/3"], ["--shard", "x"], ["--shard", "-1/2"], ["--shard", "1/0"], ["--jobs", "0"], ["--jobs", "5000"], ["--resume"],
                      ["--replications", "0"], ["--replications", "4"]])
    func test_badCommandLine_exits64(arguments: [String]) throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank())
        let r = try Shell.run(["experiment", file] + arguments, in: folder.url)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("Error: ") && r.stderr.contains(arguments[0]), "\(r.stderr)")
        #expect(r.stderr.contains("\nUsage: shopfloor experiment "), "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["e.lua"])
    }

    /// The usual way out of failed cells is a larger limit, and the limits are no part of the hash: `--resume`
    /// keeps the finished cells as they were and runs exactly the failed ones again.
    @Test func test_resume_runsTheFailedCellsAgain() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", """
            local p = shopfloor.params { hoard = { default = 0 } }
            local bank = shopfloor.counter "bank"
            bank:task { name = "deposit", service = shopfloor.fixed(1) }
            bank:tellers { skill = "deposit", count = 1 }
            for _ = 1, 5 do bank:arrive "deposit" end
            local kept = {}
            for i = 1, p.hoard do kept[i] = string.rep("x", 100) .. i end
            """)
        let file = folder.write("e.lua", """
            return shopfloor.experiment {
              scenario = "s.lua",
              params = { hoard = { 0, 40000 } },
              replications = 2,
              measure = "classes.deposit.mean_wait",
            }
            """)
        let out = folder.path("o.jsonl")
        let none = try Shell.run(["experiment", file, "--out", out, "--resume", "--plan"], in: folder.url)
        #expect(none.stdout.contains("2 groups × 2 replications = 4 cells"), "\(none.stdout)")
        #expect(none.stdout.contains("resume \(out): no such file (nor \(out).partial) yet: every cell runs\n"), "\(none.stdout)")
        let small = try Shell.run(["experiment", file, "--jobs", "1", "--memory-limit", "2", "--out", out], in: folder.url)
        #expect(small.status == 1)
        #expect(small.stderr.contains("  cell 1 (replication 0; hoard=40000): not enough memory (the scripts' memory limit, 2 MB, was reached)\n"), "\(small.stderr)")
        let first = try ShardFile.read(path: out, dropsCutLine: false)
        #expect(first.cells.filter { $0.error != nil }.map(\.index).sorted() == [1, 3])
        // A dry run of the resume lists exactly the cells it would run: the failed ones.
        let plan = try Shell.run(["experiment", file, "--out", out, "--resume", "--plan", "--format", "json"], in: folder.url)
        #expect(plan.status == 0, "\(plan.stderr)")
        let planned = try JSONSerialization.jsonObject(with: Data(plan.stdout.utf8)) as? [String: Any]
        #expect((planned?["cells"] as? [[String: Any]])?.compactMap { $0["index"] as? Int } == [1, 3], "\(plan.stdout)")
        #expect((planned?["resumed"] as? [String: Any])?["finished"] as? [Int] == [0, 2], "\(plan.stdout)")
        let planText = try Shell.run(["experiment", file, "--out", out, "--resume", "--plan"], in: folder.url)
        #expect(planText.stdout.contains("resume \(out): 2 cells finished there are kept; 2 to run\n"), "\(planText.stdout)")
        let resumed = try Shell.run(["experiment", file, "--jobs", "1", "--out", out, "--resume"], in: folder.url)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let final = try ShardFile.read(path: out, dropsCutLine: false)
        #expect(final.cells.map(\.index).sorted() == [0, 1, 2, 3])
        #expect(final.cells.allSatisfy { $0.error == nil })
        // The finished cells are the first run's records, timing included: they did not run again.
        for kept in first.cells where kept.error == nil {
            #expect(final.cells.first { $0.index == kept.index } == kept)
        }
        // And the result is a fresh run's.
        let fresh = try Shell.run(["experiment", file, "--jobs", "1", "--out", folder.path("fresh.jsonl")], in: folder.url)
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(try ExperimentSupport.cellLines(out) == ExperimentSupport.cellLines(folder.path("fresh.jsonl")))
    }
}
