import Foundation
import ShopfloorExperiment
import Testing

/// `compare = { by = FACTOR, baseline = VALUE }`: the file accepts a factor as well as a plugin kind, and the
/// result pairs each group with the one at the same plugins and other factor values but `by` at the baseline.
/// It used to accept the factor and print no comparison at all.
@Suite("experiment compare by a factor")
struct ExperimentCompareFactorTests {
    @Test func test_compareByFactor_pairsEachValueWithTheBaseline_replicationByReplication() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank(replications: 4)
            .replacingOccurrences(of: "compare = { by = \"teller_policy\", baseline = \"fifo\" }",
                                  with: "compare = { by = \"deposit_tellers\", baseline = 2 }"))
        let out = folder.path("o.jsonl")
        let r = try Shell.run(["experiment", file, "--jobs", "2", "--out", out, "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let comparisons = try #require(document["comparisons"] as? [[String: Any]])
        // Groups: 0 (2, fifo), 1 (2, cross_training), 2 (3, fifo), 3 (3, cross_training).
        #expect(comparisons.map { $0["group"] as? Int } == [2, 3])
        #expect(comparisons.map { $0["baseline_group"] as? Int } == [0, 1])
        // What each is compared against: 2 tellers, at the same plugins. Schema 1's `baseline` held the plugins only,
        // so nothing in a comparison named the factor value it was against.
        #expect(document["schema"] as? Int == 2)
        #expect(comparisons.map { ($0["baseline_point"] as? [String: Any])?["deposit_tellers"] as? Int } == [2, 2])
        #expect(comparisons.map { ($0["baseline"] as? [String: String])?["teller_policy"] } == ["fifo", "cross_training"])
        #expect(comparisons.map { ($0["point"] as? [String: Any])?["deposit_tellers"] as? Int } == [3, 3])
        // The mean difference, by hand from the records: group 2 − group 0, replication by replication.
        let cells = try ShardFile.read(path: out, dropsCutLine: false).cells
        func value(_ group: Int, _ r: Int) throws -> Double {
            try #require(cells.first { $0.group == group && $0.replication == r }?.measures?["classes.loan.mean_wait"])
        }
        let differences = try (0..<4).map { try value(2, $0) - value(0, $0) }
        let measures = try #require(comparisons[0]["measures"] as? [String: [String: Any]])
        let loan = try #require(measures["classes.loan.mean_wait"])
        let mean = try #require(loan["mean"] as? Double)
        #expect(abs(mean - differences.reduce(0, +) / 4) < 1e-12)
        #expect(loan["n"] as? Int == 4)
        let text = try Shell.run(["merge", out], environment: ["COLUMNS": "200"])
        #expect(text.stdout.contains("Paired differences against deposit_tellers=2"), "\(text.stdout)")
    }
}
