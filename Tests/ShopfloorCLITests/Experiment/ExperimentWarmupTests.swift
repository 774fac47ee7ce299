import Foundation
import ShopfloorExperiment
import Testing

/// `warmup = T` in an experiment file: each cell's run leaves the first T simulated seconds out of its figures, as
/// `shopfloor run --warmup T` does. An experiment had no way to say so, and a study of steady-state waits averaged
/// runs that start empty, whose short early waits bias the mean low (an audit against Erlang C found the bias).
@Suite("experiment warm-up")
struct ExperimentWarmupTests {
    /// The warm-up is applied in the cell (its figures are `run --warmup`'s, not `run`'s) and recorded in the design.
    @Test func test_aCellsFigures_areThoseOfRunWithTheWarmup() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank(replications: 2, extra: "\n  warmup = 30,"))
        let r = try Shell.run(["experiment", file, "--out", folder.path("o.jsonl")])
        #expect(r.status == 0, "\(r.stderr)")
        let shard = try ShardFile.read(path: folder.path("o.jsonl"), dropsCutLine: false)
        #expect(shard.header.design.warmup == 30)
        let cell = try #require(shard.cells.first { $0.index == 5 })
        // Both sides read by the same parser from the text each wrote (a parser's last-digit rounding cannot differ).
        let text = try String(contentsOfFile: folder.path("o.jsonl"), encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.contains("\"index\":5,") })
        let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let measures = try #require(record["measures"] as? [String: Double])
        var arguments = ["run", ExperimentSupport.bankOpen, "--format", "json", "--seed=\(cell.seed)", "--set", "customers=200"]
        for (name, value) in cell.point { arguments += ["--set", "\(name)=\(value)"] }
        for (kind, name) in cell.use { arguments += ["--use", "\(kind)=\(name)"] }
        func figures(_ extra: [String]) throws -> [String: Double] {
            let run = try Shell.run(arguments + extra)
            #expect(run.status == 0, "\(run.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
            var out: [String: Double] = [:]
            for name in measures.keys {
                let parts = name.split(separator: ".").map(String.init)
                out[name] = ((document[parts[0]] as? [String: Any])?[parts[1]] as? [String: Any])?[parts[2]] as? Double
            }
            return out
        }
        #expect(measures.count == 4)
        #expect(try figures(["--warmup", "30"]) == measures)
        #expect(try figures([]) != measures, "the warm-up changed nothing: the test would not see it missing")
        // Said where the design is shown: the table's heading, the JSON, the plan.
        let heading = r.stdout.replacingOccurrences(of: "\n", with: " ")   // wrapped at the terminal's width
        #expect(heading.hasPrefix("Experiment \(file): scenario \(ExperimentSupport.bankOpen), seed 7, warm-up 30 s "), "\(r.stdout)")
        let json = try Shell.run(["experiment", file, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(document["warmup"] as? Double == 30)
        #expect(try Shell.run(["experiment", file, "--plan"]).stdout.contains(", base seed 7; warm-up 30 s; fixed: customers=200\n"))
    }

    /// A design without the key keeps its bytes (no `warmup` in the header) and so its hash: old shards still merge.
    @Test func test_withoutTheKey_theHeaderHasNoWarmup() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank(replications: 1))
        #expect(try Shell.run(["experiment", file, "--out", folder.path("o.jsonl")]).status == 0)
        let header = try #require(try String(contentsOfFile: folder.path("o.jsonl"), encoding: .utf8).split(separator: "\n").first)
        #expect(!header.contains("warmup"), "\(header)")
    }

    @Test(arguments: ["0", "-5", "0/0", "1/0", "\"30\"", "{ 30 }"])
    func test_aBadWarmup_namesItsLine(value: String) throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank(extra: "\n  warmup = \(value),"))
        let r = try Shell.run(["experiment", file, "--out", folder.path("o.jsonl")])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: \(file):9: experiment: 'warmup' must be a time in seconds > 0, got "), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["e.lua"])
    }
}
