import Foundation
import Testing

/// A run of many cells builds each cell's job when a worker takes it, not all of them first: 300,000 cells
/// waiting took 340 MB (a job is about 1 KB; 10 GB for the 10,000,000 a design may have), now a few MB.
/// Under a 150 MB address-space limit the run starts its cells; here the first one stops it (Ctrl-C's path:
/// exit 130, `.partial` kept), so the test takes a second. It used to die building the jobs.
@Suite("experiment run size")
struct ExperimentRunSizeTests {
    @Test func test_runOfManyCells_startsInLittleMemory() throws {
        let folder = try TemporaryFolder()
        // Cell 0 (x = 1, y = 1) sends SIGINT to the experiment: its worker's parent (/proc/PID/stat's 4th field).
        // Only in a worker: the experiment itself loads the scenario at the first group's values too (to check
        // the measures), and there the parent is whoever started the experiment — this test's runner.
        folder.write("stopper.lua", """
            local p = shopfloor.params {
              x = { default = 0, description = "a grid of many points" },
              y = { default = 0, description = "and a second factor" },
            }
            if p.x == 1 and p.y == 1 then
              os.execute("grep -q experiment-worker /proc/$PPID/cmdline && kill -INT $(awk '{print $4}' /proc/$PPID/stat)")
            end
            local bank = shopfloor.counter "b"
            bank:task { name = "deposit", service = shopfloor.exponential(0.7) }
            bank:tellers { skills = { "deposit" }, count = 2, name = "t" }
            bank:generate(function() return 1, "deposit" end)
            shopfloor.stop { served = 5 }
            """)
        // 10,000 × 3 grid points × 10 replications = 300,000 cells.
        let file = folder.write("e.lua", """
            return shopfloor.experiment {
              scenario = "stopper.lua",
              params = { x = shopfloor.range(1, 10000, 1), y = { 1, 2, 3 } },
              replications = 10,
              measure = "classes.deposit.mean_wait",
            }
            """)
        let r = try Shell.capture(URL(fileURLWithPath: "/bin/bash"),
                                  ["-c", "ulimit -v 150000 && exec \"$0\" \"$@\"", Shell.executable.path,
                                   "experiment", file, "--allow-io", "--jobs", "1", "--out", folder.path("o.jsonl")],
                                  in: folder.url)
        #expect(r.status == 130, "\(r.stderr.prefix(300))")
        #expect(r.stderr.hasPrefix("interrupted: "), "\(r.stderr.prefix(300))")
        #expect(FileManager.default.fileExists(atPath: folder.path("o.jsonl.partial")))
    }
}
