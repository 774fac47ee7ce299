import Foundation
import ShopfloorExperiment
import ShopfloorTestSupport
import Testing

/// `--max-events-per-instant` on every command that runs a world — `run`, `check`, `eval`, `repl`,
/// `experiment` (its workers, and a Slurm array task through `experiment.sbatch`) — with one meaning, one range
/// and one message, so a zero-time loop's hint names an option the command accepts. The value reaches the run:
/// a burst of 300 arrivals at one instant (a generator answering gap 0 300 times) fails under 200 and runs under 500. Not part of the experiment
/// hash (a limit decides whether a cell fails, never what a finished cell measures).
@Suite("Hostile: --max-events-per-instant on every command that runs a world")
struct EventsPerInstantEverywhereTests {
    static let counter = """
        local c = shopfloor.counter "bank"
        c:task { name = "a", service = 1 }
        c:tellers { skill = "a", count = 1 }
        local n = 0
        c:generate(function(rng) n = n + 1; if n <= 300 then return 0, "a" end end)

        """
    static let hint = "(--max-events-per-instant 200: raise it if so many events at one instant are intended)"
    static let flag = ["--max-events-per-instant", "200"]

    /// Each command, given the burst, and whether it ran it: stderr's first line names the option and its value.
    @Test("each command stops the burst under 200 and names its own option", arguments: ["run", "check", "repl", "eval"])
    func burstStops(command: String) throws {
        let folder = try TemporaryFolder()
        // check and eval only run what the script runs itself; run and the REPL's :run also run the rest.
        folder.write("burst.lua", Self.counter + (command == "check" ? "c:run()\n" : ""))
        let before = try FolderState(folder)
        let arguments: [String], stdin: String?
        switch command {
        case "eval": (arguments, stdin) = (["eval", Self.counter + "c:run()"], nil)
        case "repl": (arguments, stdin) = (["repl", "burst.lua"], ":run idle\n")
        default: (arguments, stdin) = ([command, "burst.lua"], nil)
        }
        let r = try Shell.run(arguments + Self.flag, stdin: stdin, in: folder.url)
        #expect(r.status == 1, "\(r.stdout)\n\(r.stderr)")
        // The generator's line, as under shopfloor run (the REPL's :run named no place before).
        let place = command == "eval" ? "(command line):5" : "burst.lua:5"
        #expect(r.stderr.contains("\(place): customer generator: no progress: 200 events at simulated time 0"), "\(r.stderr)")
        #expect(r.stderr.contains(Self.hint), "\(r.stderr)")
        #expect(try FolderState(folder) == before)
        // A limit above the burst lets the same command finish.
        let fine = try Shell.run(arguments + ["--max-events-per-instant", "500"], stdin: stdin, in: folder.url)
        #expect(fine.status == 0, "\(fine.stdout)\n\(fine.stderr)")
        #expect(!fine.stderr.contains("no progress"), "\(fine.stderr)")
    }

    /// The REPL's limit holds in every world it builds: `:reset` rebuilds the scenario (whose main chunk runs
    /// the burst) under the same limit, so it succeeds under 500 and fails under 200.
    @Test func replRebuildKeepsIt() throws {
        let folder = try TemporaryFolder()
        folder.write("burst.lua", Self.counter + "c:run()\n")
        let fine = try Shell.run(["repl", "burst.lua", "--max-events-per-instant", "500"], stdin: ":reset\n", in: folder.url)
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(fine.stdout.contains("rebuilt burst.lua with seed 1: clock 0"), "\(fine.stdout)")
        let low = try Shell.run(["repl", "burst.lua"] + Self.flag, stdin: ":reset\n", in: folder.url)
        #expect(low.status == 1)
        #expect(low.stderr.contains(Self.hint), "\(low.stderr)")
    }

    @Test("every command range-checks it alike (exit 64, nothing run)", arguments: ["run", "check", "repl", "eval", "experiment"])
    func rangeChecked(command: String) throws {
        for value in ["0", "-5", "1000000000000001"] {
            let target = command == "eval" ? "1" : "burst.lua"
            let r = try Shell.run([command, target, "--max-events-per-instant=\(value)"], stdin: "")
            #expect(r.status == 64, "\(command) \(value): \(r.stderr)")
            #expect(r.stderr.contains("--max-events-per-instant must be from 1 to 1e15 (got \(value))"), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }

    static func experiment(_ folder: TemporaryFolder) -> String {
        folder.write("burst.lua", Self.counter)
        return folder.write("e.lua", """
            return shopfloor.experiment {
              scenario = "burst.lua",
              replications = 2,
              measure = "classes.a.mean_wait",
            }
            """)
    }

    /// Workers receive the value: with `--jobs 1` and `--jobs 2` every cell fails under 200, naming it, and
    /// every cell runs under 500, with the same experiment hash as without the option.
    @Test(arguments: [1, 2]) func experimentCellsReceiveIt(jobs: Int) throws {
        let folder = try TemporaryFolder()
        _ = Self.experiment(folder)
        let r = try Shell.run(["experiment", "e.lua", "--jobs", "\(jobs)", "--out", "low.jsonl"] + Self.flag, in: folder.url)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("error: all 2 cells failed:"), "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").dropFirst()
        #expect(lines.count == 2)
        for line in lines { #expect(line.hasSuffix(Self.hint), "\(line)") }
        let high = try Shell.run(["experiment", "e.lua", "--jobs", "\(jobs)", "--out", "high.jsonl", "--max-events-per-instant", "500"], in: folder.url)
        #expect(high.status == 0, "\(high.stderr)")
        let plain = try Shell.run(["experiment", "e.lua", "--plan", "--format", "json"], in: folder.url)
        let hashes = try ["low.jsonl", "high.jsonl"].map { try ShardFile.read(path: folder.path($0), dropsCutLine: false).header.experiment }
        #expect(hashes[0] == hashes[1])
        #expect(plain.stdout.contains(hashes[0]), "\(plain.stdout)")
    }

    /// A Slurm array task passes the arguments after OUTDIR to its shard: the cells get the limit.
    @Test func slurmTaskPassesIt() throws {
        let folder = try TemporaryFolder()
        _ = Self.experiment(folder)
        let script = URL(fileURLWithPath: Shell.repository.path + "/scripts/slurm/experiment.sbatch")
        let environment = ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "1", "SHOPFLOOR_SHARDS": "",
                           "SLURM_CPUS_PER_TASK": "1", "SHOPFLOOR": Shell.executable.path]
        let r = try Shell.capture(script, ["e.lua", "out"] + Self.flag, in: folder.url, environment: environment)
        #expect(r.status == 1, "\(r.stderr)")
        let shard = try ShardFile.read(path: folder.path("out/shard-0.jsonl"), dropsCutLine: false)
        #expect(shard.cells.count == 2)
        for cell in shard.cells { #expect(cell.error?.hasSuffix(Self.hint) == true, "\(cell.error ?? "no error")") }
    }
}
