import Foundation
import ShopfloorExperiment
import Testing

/// `replications = { min, max, batch }`: batches of replications of every group until the precision rule is
/// met (``ExperimentResult/isComplete``) or `max`; whatever the rule decides, the cells run are an index
/// prefix — the first n replications of every group, n = min + k·batch ≤ max — and the same on any `--jobs`.
@Suite("experiment sequential replications")
struct ExperimentSequentialTests {
    @Test func test_sequentialRule_runsAnIndexPrefix_ofWholeBatches() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank().replacingOccurrences(of: "replications = 3,", with: """
            replications = { min = 2, max = 6, batch = 2 },
              precision = { relative = 0.5, on = "classes.loan.mean_wait" },
            """))
        let one = try Shell.run(["experiment", file, "--jobs", "1", "--out", folder.path("a.jsonl")])
        let two = try Shell.run(["experiment", file, "--jobs", "2", "--out", folder.path("b.jsonl")])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(two.status == 0, "\(two.stderr)")
        let cells = try ExperimentSupport.cellLines(folder.path("a.jsonl"))
        let n = cells.count / 4
        #expect(cells.count % 4 == 0 && [2, 4, 6].contains(n), "\(cells.count) cells")
        #expect(cells.keys.sorted() == Array(0..<(4 * n)))
        #expect(try ExperimentSupport.cellLines(folder.path("b.jsonl")) == cells)
    }

    /// A shard runs a sequential design's `min`; `--replications N --resume` then runs only the next cells.
    @Test func test_replicationsFlag_runsTheNextBatch_onAShard() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank().replacingOccurrences(of: "replications = 3,", with: """
            replications = { min = 2, max = 6, batch = 2 },
              precision = { relative = 0.5, on = "classes.loan.mean_wait" },
            """))
        let out = folder.path("s.jsonl")
        let first = try Shell.run(["experiment", file, "--shard", "0/2", "--out", out])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try ExperimentSupport.cellLines(out)
        #expect(before.keys.sorted() == [0, 2, 4, 6])
        let next = try Shell.run(["experiment", file, "--shard", "0/2", "--replications", "4", "--resume", "--out", out])
        #expect(next.status == 0, "\(next.stderr)")
        let after = try ExperimentSupport.cellLines(out)
        #expect(after.keys.sorted() == [0, 2, 4, 6, 8, 10, 12, 14])
        #expect(before.allSatisfy { after[$0.key] == $0.value })
        let tooMany = try Shell.run(["experiment", file, "--replications", "7"])
        #expect(tooMany.status == 64)
        #expect(tooMany.stderr.contains("--replications 7: must be from 1 to 6"), "\(tooMany.stderr)")
    }
    /// With `min` no multiple of `batch` (checkpoints 4, 6, 8, 9 from min 3), the whole run steps from
    /// checkpoint to checkpoint, so it runs what the `merge --need` loop over shards runs and prints the same
    /// bytes. It used to step by `batch` from `min` (3, 5, 7, 9): cells no checkpoint reads, and `cells` in
    /// the result differed from the merged shards'.
    @Test func test_wholeRun_equalsTheNeedLoopOverShards_whenMinIsNoMultipleOfBatch() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank().replacingOccurrences(of: "replications = 3,", with: """
            replications = { min = 3, max = 9, batch = 2 },
              precision = { relative = 0.5, on = "pools.deposit.utilization" },
            """))
        let whole = try Shell.run(["experiment", file, "--jobs", "2", "--format", "json", "--out", folder.path("whole.jsonl")])
        #expect(whole.status == 0, "\(whole.stderr)")
        let ran = try ExperimentSupport.cellLines(folder.path("whole.jsonl")).count
        #expect(ran % 4 == 0 && [4, 6, 8, 9].contains(ran / 4), "\(ran) cells: not a checkpoint's worth")
        #expect(ran / 4 < 9, "the rule decided before max, or this test proves nothing")
        // docs/experiment-statistics.md's loop: shards at min, then `merge --need` until it exits 0.
        let shards = [folder.path("shard-0.jsonl"), folder.path("shard-1.jsonl")]
        var replications: [String] = []
        for _ in 0..<5 {
            for (k, out) in shards.enumerated() {
                let r = try Shell.run(["experiment", file, "--shard", "\(k)/2", "--jobs", "1", "--out", out, "--resume"] + replications)
                #expect(r.status == 0, "\(r.stderr)")
            }
            let need = try Shell.run(["merge"] + shards + ["--need", "--format", "json"])
            guard need.status == 3 else { #expect(need.status == 0, "\(need.stderr)"); break }
            let document = try #require(try JSONSerialization.jsonObject(with: Data(need.stdout.utf8)) as? [String: Any])
            let wanted = try #require(document["need"] as? [[String: Any]]).flatMap { $0["replications"] as? [Int] ?? [] }
            replications = ["--replications", String(try #require(wanted.max()) + 1)]
            // The text's last line names that same option.
            let text = try Shell.run(["merge"] + shards + ["--need"], environment: ["COLUMNS": "200"])
            #expect(text.stdout.hasSuffix("each shard's command again with \(replications.joined(separator: " ")) --resume.\n"), "\(text.stdout)")
        }
        let merged = try Shell.run(["merge"] + shards + ["--format", "json"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == whole.stdout)
    }
}
