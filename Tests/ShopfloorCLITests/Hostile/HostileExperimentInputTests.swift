import Foundation
import Testing

/// What an experiment's scenario may not read, since the experiment hash cannot cover it: a FIFO or device
/// as a data file (never read forever), a command's output (`io.popen`, not even started), a task board
/// (`shopfloor.board`, its database never opened), standard input (a worker's is empty, never the next
/// cells' jobs), and an uncovered file even when the script catches the refusal. Exit 1 naming the file or
/// call, every file as it was.
@Suite("Hostile: experiment inputs the hash cannot cover")
struct HostileExperimentInputTests {
    static let counter = """
        local bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = shopfloor.fixed(1) }
        bank:tellers { skill = "deposit", count = 1 }
        for _ = 1, 5 do bank:arrive "deposit" end
        """

    /// A folder with `s.lua` (`head`, then a counter, then `tail`) and `e.lua` (`replications` cells).
    static func study(_ folder: TemporaryFolder, head: String = "", tail: String = "", replications: Int = 1) -> URL {
        folder.write("s.lua", head + "\n" + counter + "\n" + tail + "\n")
        folder.write("e.lua", """
            return shopfloor.experiment { scenario = "s.lua", replications = \(replications), measure = "classes.deposit.mean_wait" }
            """)
        return URL(fileURLWithPath: folder.path)
    }

    static func listing(_ folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func test_aFIFOAsADataFile_isRefused_notRead() throws {
        let folder = try TemporaryFolder()
        let study = Self.study(folder, head: #"local f = io.open("fifo")"#)
        try #require(mkfifo(folder.path("fifo"), 0o600) == 0)
        let before = try Self.listing(folder)
        let r = try Shell.runWithin(60, ["experiment", "e.lua", "--allow-io", "--jobs", "1"], in: study)
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:1: fifo: not a regular file: an experiment reads regular files only, "
            + "since it hashes the content of every file its scenario reads\n"), "\(r.stderr)")
        #expect(try Self.listing(folder) == before)
        var info = stat()
        #expect(lstat(folder.path("fifo"), &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    /// The command would create `ran`: it is refused before it starts, while the scenario loads.
    @Test func test_ioPopen_isRefused_andTheCommandNeverRuns() throws {
        let folder = try TemporaryFolder()
        let study = Self.study(folder, head: #"io.popen("touch ran"):read("a")"#)
        let before = try Self.listing(folder)
        let r = try Shell.run(["experiment", "e.lua", "--allow-io", "--jobs", "1"], in: study)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:1: io.popen: an experiment cannot hash a command's output ('touch ran'): "
            + "write it to a file and read the file instead\n"), "\(r.stderr)")
        #expect(try Self.listing(folder) == before)
    }

    /// While the scenario loads (the plan) and while a cell runs: the board's database is never created.
    @Test(arguments: [true, false])
    func test_theBoard_isRefusedInAnExperiment(whileLoading: Bool) throws {
        let folder = try TemporaryFolder()
        let call = #"shopfloor.board.add("from a cell")"#
        let study = whileLoading ? Self.study(folder, head: call) : Self.study(folder, tail: #"shopfloor.on("end", function() \#(call) end)"#)
        let before = try Self.listing(folder)
        let r = try Shell.run(["experiment", "e.lua", "--jobs", "1"], in: study, environment: ["SHOPFLOOR_BOARD_DB": folder.path("board.sqlite")])
        #expect(r.status == 1)
        let refusal = "shopfloor.board cannot be used in an experiment: a cell's results must not depend on a board's contents, "
            + "which the experiment hash cannot cover (docs/experiments.md); run the scenario with shopfloor run to use the board"
        if whileLoading {
            #expect(r.stderr.hasPrefix("error: s.lua:1: " + refusal + "\n"), "\(r.stderr)")
        } else {
            #expect(r.stderr.hasSuffix("  cell 0 (replication 0): s.lua:6: " + refusal + "\n"), "\(r.stderr)")
        }
        #expect(try Self.listing(folder) == before)
    }

    /// A cell that reads standard input reads nothing (its worker's stdin is empty), every cell runs, and
    /// none loses its job to another's read.
    @Test func test_aCellReadingStandardInput_readsNothing() throws {
        let folder = try TemporaryFolder()
        let study = Self.study(folder, tail: #"shopfloor.on("end", function() assert(io.read("l") == nil, "stdin is not empty") end)"#,
                               replications: 3)
        let r = try Shell.runWithin(120, ["experiment", "e.lua", "--allow-io", "--jobs", "1", "--format", "json"], in: study)
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(#""failed":[]"#), "\(r.stdout)")
    }

    /// The refusal caught with pcall: the cell fails all the same, without a result from data it did not see.
    @Test func test_aRefusalCaughtByTheScript_stillFailsTheCell() throws {
        let folder = try TemporaryFolder()
        folder.write("late.txt", "1\n")
        let study = Self.study(folder, tail: #"shopfloor.on("end", function() pcall(io.open, "late.txt") end)"#)
        let r = try Shell.run(["experiment", "e.lua", "--allow-io", "--jobs", "1"], in: study)
        #expect(r.status == 1)
        #expect(r.stderr.hasSuffix("  cell 0 (replication 0): late.txt: this cell opened a file for reading which the experiment hash does not cover "
            + "(loading the scenario did not open it, and no parameter value names it): open it while the scenario loads, "
            + "or give its name as a parameter value, so the hash covers it\n"), "\(r.stderr)")
    }
}
