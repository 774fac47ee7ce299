import Foundation
import Testing

/// The Slurm scripts refuse what would split an experiment wrongly — a task id not below the shard count
/// (an array resubmitted as `--array=3` without `SHOPFLOOR_SHARDS`), no array at all, a shard count that is
/// not a number, a merge with a shard file missing — with one line naming the value, before running
/// anything or writing a file. They run here as plain scripts with Slurm's variables set by hand (no
/// cluster needed); `SHOPFLOOR` names a binary that does not exist, so reaching it would fail differently.
@Suite("Hostile: Slurm array and merge scripts")
struct HostileSlurmScriptTests {
    static let scripts = Shell.repository.path + "/scripts/slurm/"
    static let unset = ["SLURM_ARRAY_TASK_ID": "", "SLURM_ARRAY_TASK_COUNT": "", "SHOPFLOOR_SHARDS": "",
                        "SLURM_CPUS_PER_TASK": "", "SHOPFLOOR": "/nonexistent/shopfloor"]

    /// Runs `script arguments` in a fresh folder holding `files`; checks the folder holds exactly them after.
    func attack(_ script: String, _ arguments: [String], environment: [String: String],
                files: [String: String] = ["e.lua": "return 1\n"]) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        for (name, text) in files { folder.write(name, text) }
        let before = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        let r = try Shell.capture(URL(fileURLWithPath: Self.scripts + script), arguments, in: folder.url,
                                  environment: Self.unset.merging(environment) { $1 })
        #expect(try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted() == before)
        for (name, text) in files {
            #expect(try String(contentsOfFile: folder.path(name), encoding: .utf8) == text)
        }
        return r
    }

    @Test(arguments: [
        (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "2"],
         "experiment.sbatch: array task 3 is not below the shard count 2: submit --array=0-1, or set SHOPFLOOR_SHARDS to the count of the first submission"),
        (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "1", "SHOPFLOOR_SHARDS": "4"],
         "experiment.sbatch: array task 5 is not below the shard count 4: submit --array=0-3, or set SHOPFLOOR_SHARDS to the count of the first submission"),
        ([:], "experiment.sbatch: not a task of a job array (no SLURM_ARRAY_TASK_ID): submit with sbatch --array=0-(N-1)"),
        (["SLURM_ARRAY_TASK_ID": "0"], "experiment.sbatch: no shard count: neither SHOPFLOOR_SHARDS nor SLURM_ARRAY_TASK_COUNT is set"),
        (["SLURM_ARRAY_TASK_ID": "0", "SHOPFLOOR_SHARDS": "0"], "experiment.sbatch: shard count '0' is not a whole number from 1"),
        (["SLURM_ARRAY_TASK_ID": "0", "SHOPFLOOR_SHARDS": "2 3"],
         "experiment.sbatch: shard count '2 3' is not a whole number from 1"),
        (["SLURM_ARRAY_TASK_ID": "-1", "SLURM_ARRAY_TASK_COUNT": "2"], "experiment.sbatch: array task id '-1' is not a whole number"),
    ])
    func test_experimentTask_outsideTheShards_isRefusedBeforeRunning(environment: [String: String], message: String) throws {
        let r = try attack("experiment.sbatch", ["e.lua", "out"], environment: environment)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(r.stderr == message + "\n")
    }

    @Test func test_experimentTask_withoutItsArguments_printsTheUsage() throws {
        let r = try attack("experiment.sbatch", ["e.lua"], environment: ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "2"])
        #expect(r.status == 64)
        #expect(r.stderr == "experiment.sbatch: usage: sbatch --array=0-(N-1) scripts/slurm/experiment.sbatch FILE OUTDIR [EXPERIMENT OPTIONS…]\n")
    }

    @Test func test_merge_withAShardMissing_isRefusedWithoutWritingAResult() throws {
        let shard = "{\"record\":\"experiment\"}\n"
        let r = try attack("merge.sbatch", ["out", "--format", "json"], environment: ["SHOPFLOOR_SHARDS": "3"],
                           files: ["out/shard-0.jsonl": shard, "out/shard-2.jsonl": shard])
        #expect(r.status == 1)
        #expect(r.stderr == "merge.sbatch: out has 2 shard files, SHOPFLOOR_SHARDS says 3\n")
    }

    @Test func test_merge_withNoShards_isRefused() throws {
        let r = try attack("merge.sbatch", ["out"], environment: [:], files: ["out/shard-0.jsonl.partial": "{}\n"])
        #expect(r.status == 1)
        #expect(r.stderr == "merge.sbatch: no shard files in out (shard-*.jsonl)\n")
    }
}
