import Foundation
import ShopfloorExperiment
import Testing

/// `shopfloor merge`: shards in any order give the same bytes; mixed experiments, duplicate cells and
/// missing files are named; `--need` exits 3 while cells are missing.
@Suite("Merge")
struct MergeCommandTests {
    /// 2 tellers levels × 2 policies, 6 replications: 24 cells, cell i of group i mod 4.
    static func design(_ replications: Replications = .fixed(count: 6), precision: Precision? = nil) -> ExperimentDesign {
        ExperimentDesign(scenario: "../scripts/bank_open.lua", seed: 1,
                         factors: [Factor(name: "deposit_tellers", values: [.number(2), .number(3)])], fixed: ["customers": .number(2000)],
                         uses: [UseFactor(kind: "teller_policy", plugins: ["fifo", "cross_training"])],
                         replications: replications, precision: precision, measures: ["classes.*.mean_wait"],
                         compare: Compare(by: "teller_policy", baseline: "fifo"))
    }

    static func cell(_ design: ExperimentDesign, _ index: Int, hash: String = "abc123", error: String? = nil) -> CellRecord {
        let key = design.cell(index)
        let r = Double(key.replication), g = Double(key.group)
        let common = sin(r * 12.9898) * 0.3, own = sin(Double(index) * 78.233) * 0.05
        return CellRecord(experiment: hash, key: key, seed: CellSeed.seed(base: design.seed, replication: key.replication),
                          measures: error == nil ? ["classes.deposit.mean_wait": 2 + g * 0.4 + common + own,
                                                    "classes.loan.mean_wait": 3.1 + common * 2 - g * 0.1 + own] : nil,
                          error: error, timing: Timing(cpuSeconds: 0.02 + Double(index) * 0.001))
    }

    /// Writes shard `k` of `n` (cells with index mod n == k, in an order of their own) to `folder`.
    @discardableResult
    static func shard(_ folder: TemporaryFolder, _ name: String, design: ExperimentDesign, cells: [Int], hash: String = "abc123",
                      failing: Set<Int> = []) -> String {
        let header = ExperimentHeader(experiment: hash, file: "experiments/tellers.lua", version: "0.1.0", design: design)
        var text = ShardFile.line(.experiment(header))
        for i in cells { text += ShardFile.line(.cell(cell(design, i, hash: hash, error: failing.contains(i) ? "s.lua:3: boom" : nil))) }
        return folder.write(name, text)
    }

    /// Runs `shopfloor merge` in `folder`, its text fitted to 120 columns (`COLUMNS`, as off a terminal).
    func merge(_ arguments: [String], in folder: TemporaryFolder) throws -> Shell.Result {
        try Shell.run(["merge"] + arguments, in: folder.url, environment: ["COLUMNS": "120"])
    }

    @Test func test_shardsInAnyOrder_giveTheSingleMachineBytes() throws {
        let folder = try TemporaryFolder()
        let design = Self.design()
        Self.shard(folder, "all.jsonl", design: design, cells: Array(0..<24))
        // Three shards, each in finishing order rather than index order.
        for k in 0..<3 { Self.shard(folder, "s\(k).jsonl", design: design, cells: (0..<24).filter { $0 % 3 == k }.reversed()) }
        let whole = try merge(["all.jsonl", "--format", "json"], in: folder)
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.stdout.hasPrefix("{\"compare\":"))
        for order in [["s0.jsonl", "s1.jsonl", "s2.jsonl"], ["s2.jsonl", "s0.jsonl", "s1.jsonl"], ["s1.jsonl", "s2.jsonl", "s0.jsonl"]] {
            let json = try merge(order + ["--format", "json"], in: folder)
            #expect(json.status == 0 && json.stderr == "")
            #expect(json.stdout == whole.stdout, "order \(order)")
            let text = try merge(order, in: folder)
            #expect(text.stdout == (try merge(["all.jsonl"], in: folder)).stdout)
        }
        #expect(!whole.stdout.contains("cpu_seconds"))
    }

    @Test func test_reportIsWritten_selfContained() throws {
        let folder = try TemporaryFolder()
        Self.shard(folder, "all.jsonl", design: Self.design(), cells: Array(0..<24))
        let r = try merge(["all.jsonl", "--report", "out.html"], in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: folder.path("out.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<svg") && !html.contains("<script"))
        #expect(html.contains("classes.loan.mean_wait: mean and 95 % confidence interval per group"))
    }

    @Test func test_duplicateCell_namesTheCellAndBothFiles() throws {
        let folder = try TemporaryFolder()
        let design = Self.design()
        Self.shard(folder, "a.jsonl", design: design, cells: [0, 1, 2, 3])
        Self.shard(folder, "b.jsonl", design: design, cells: [4, 2, 5])
        let r = try merge(["a.jsonl", "b.jsonl"], in: folder)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "error: cell 2 is in both a.jsonl and b.jsonl\n")
        Self.shard(folder, "c.jsonl", design: design, cells: [7, 8, 7])
        #expect(try merge(["c.jsonl"], in: folder).stderr == "error: cell 7 appears twice in c.jsonl\n")
    }

    @Test func test_mixedExperiments_nameBothFiles() throws {
        let folder = try TemporaryFolder()
        Self.shard(folder, "a.jsonl", design: Self.design(), cells: [0, 1])
        Self.shard(folder, "b.jsonl", design: Self.design(), cells: [2, 3], hash: "def456")
        let r = try merge(["a.jsonl", "b.jsonl", "--format", "json"], in: folder)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "error: a.jsonl and b.jsonl are shards of different experiments (abc123 and def456)\n")
    }

    @Test func test_missingFileOrEmptyGlob_isNamed() throws {
        let folder = try TemporaryFolder()
        Self.shard(folder, "a.jsonl", design: Self.design(), cells: [0])
        let missing = try merge(["a.jsonl", "b.jsonl"], in: folder)
        #expect(missing.status == 1 && missing.stderr == "error: b.jsonl: no such file\n")
        let glob = try merge(["shards/*.jsonl"], in: folder)
        #expect(glob.status == 1 && glob.stderr == "error: shards/*.jsonl: no file matches this pattern\n")
    }

    @Test(arguments: [[String](), ["a.jsonl", "a.jsonl"], ["a.jsonl", "--report", "a.txt"], ["a.jsonl", "--format", "csv"]])
    func test_badCommandLine_exits64(_ arguments: [String]) throws {
        let folder = try TemporaryFolder()
        Self.shard(folder, "a.jsonl", design: Self.design(), cells: [0])
        let r = try merge(arguments, in: folder)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stdout == "")
    }

    @Test func test_need_exits3_withTheRange_then0() throws {
        let folder = try TemporaryFolder()
        let design = Self.design(.fixed(count: 6))
        // Replications 0–3 of every group (cells 0–15), and cell 17 (group 1's replication 4).
        Self.shard(folder, "a.jsonl", design: design, cells: Array(0..<16) + [17])
        let r = try merge(["a.jsonl", "--need"], in: folder)
        #expect(r.status == 3, "\(r.stderr)")
        #expect(r.stderr == "")
        #expect(r.stdout == """
            4 of 4 groups need more replications:
              #0 deposit_tellers=2 teller_policy=fifo: 2 more; replications 4–5; cells 16, 20
              #1 deposit_tellers=2 teller_policy=cross_training: 1 more; replications 5; cells 21
              #2 deposit_tellers=3 teller_policy=fifo: 2 more; replications 4–5; cells 18, 22
              #3 deposit_tellers=3 teller_policy=cross_training: 2 more; replications 4–5; cells 19, 23
            Run cells 16–23 (8 cells, every needed one): each shard's command again with --replications 6 --resume.

            """)
        let json = try merge(["a.jsonl", "--need", "--format", "json"], in: folder)
        #expect(json.status == 3)
        #expect(json.stdout.contains("\"complete\":false"))
        #expect(json.stdout.contains("\"need\":[{\"cells\":[16,20],\"group\":0,\"more\":2,\"replications\":[4,5]}"))
        Self.shard(folder, "b.jsonl", design: design, cells: [16, 18, 19, 20, 21, 22, 23])
        let done = try merge(["b.jsonl", "a.jsonl", "--need"], in: folder)
        #expect(done.status == 0)
        #expect(done.stdout == "Complete: no group needs more replications.\n")
    }

    @Test func test_sequentialNeed_asksForTheNextBatch() throws {
        let folder = try TemporaryFolder()
        // ±0.1 % is out of reach: every group asks for its next batch of 2.
        let design = Self.design(.sequential(min: 2, max: 6, batch: 2),
                                 precision: Precision(relative: 0.001, confidence: 0.95, on: "classes.loan.mean_wait"))
        Self.shard(folder, "a.jsonl", design: design, cells: Array(0..<8))
        let r = try merge(["a.jsonl", "--need"], in: folder)
        #expect(r.status == 3)
        #expect(r.stdout.hasSuffix("Run cells 8–15 (8 cells, every needed one): each shard's command again with --replications 4 --resume.\n"))
        Self.shard(folder, "b.jsonl", design: design, cells: Array(8..<24))
        let done = try merge(["a.jsonl", "b.jsonl", "--need"], in: folder)
        #expect(done.status == 0, "at the maximum")
    }

    /// A header edited by hand is refused with its file and line, never a crash (a negative count trapped on
    /// an empty range, a grid beyond any count on overflow) nor figures of a design no file could declare.
    @Test(arguments: [
        (Replications.fixed(count: -1), [Factor](), "replications.count -1 is not from 1 to 1000000"),
        (Replications.fixed(count: 6), (0..<5).map { Factor(name: "f\($0)", values: (0..<10_000).map { .number(Double($0)) }) },
         "it has more than 10000000 cells"),
        (Replications.sequential(min: 2, max: 6, batch: 0), [Factor](), "replications.batch 0 is not from 1 to 1000000"),
    ])
    func test_headerEditedByHand_isRefused(_ replications: Replications, _ factors: [Factor], _ problem: String) throws {
        let folder = try TemporaryFolder()
        var design = Self.design(replications, precision: Precision(relative: 0.1, confidence: 0.95, on: "classes.loan.mean_wait"))
        design.factors += factors
        let header = ExperimentHeader(experiment: "abc123", file: "experiments/tellers.lua", version: "0.1.0", design: design)
        folder.write("a.jsonl", ShardFile.line(.experiment(header)))
        let r = try merge(["a.jsonl", "--need"], in: folder)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "error: a.jsonl:1: the experiment header's design is not valid: \(problem) (was the file edited?)\n")
    }

    @Test func test_failedCells_areReported_exit1() throws {
        let folder = try TemporaryFolder()
        Self.shard(folder, "a.jsonl", design: Self.design(), cells: Array(0..<24), failing: [5, 9])
        let r = try merge(["a.jsonl"], in: folder)
        #expect(r.status == 1)
        #expect(r.stdout.contains("2 cells failed (they count in no figure):\n  cell 5 (#1, replication 1, seed "))
        #expect(r.stderr == "error: 2 cells failed: 5, 9\n")
    }
}
