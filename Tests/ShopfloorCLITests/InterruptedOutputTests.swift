import Foundation
import Testing

/// A signal that ends `shopfloor run` while `--report` and `--trace` are being written (a Ctrl-C while the
/// scenario loads or runs itself, a second Ctrl-C, `kill`) leaves no temporary file (`.x.html.Ab12Cd`) in the
/// user's folder, and the files already at those paths as they were; the process still ends by that signal.
@Suite("No temporary output file left by a signal")
struct InterruptedOutputTests {
    /// One teller, open-ended arrivals at 1 per second (also InterruptedOutputEndTests' and IgnoredInterruptTests' scenario).
    static let openBank = """
        local bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = shopfloor.exponential(0.9) }
        bank:tellers { skill = "deposit" }
        bank:arrivals { rate = 1, mix = { deposit = 1 } }
        """

    /// `openBank`; `run_now` makes the script run it itself while it loads (a console scenario's way).
    static let scenario = openBank + "\n" + """
        if arg[1] == "run_now" then bank:run { ["until"] = 1e12 } end
        if arg[1] == "stuck" then shopfloor.at(10, function() print("stuck"); while true do end end) end
        """

    /// Starts `shopfloor run s.lua --until 1e12 --report x.html --trace t.jsonl [ARGS]` beside an old report and
    /// trace, waits until its temporary files exist (and its stderr says `ready`, if given), sends `signals` (the
    /// next one only while it still runs, `pause` seconds apart), and checks what it leaves behind.
    func interrupt(_ arguments: [String], with signals: [Int32], pause: Double = 0, ready: String? = nil) throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", Self.scenario)
        folder.write("x.html", "the old report\n")
        folder.write("t.jsonl", "the old trace\n")
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let process = Process()
        process.executableURL = Shell.executable
        process.currentDirectoryURL = folder.url
        process.arguments = ["run", "s.lua", "--until", "1e12", "--report", "x.html", "--trace", "t.jsonl"] + arguments
        process.standardOutput = FileHandle.nullDevice
        let elsewhere = try TemporaryFolder()
        let errors = elsewhere.write("stderr", "")
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Both temporary files exist once the output files are open (before the scenario loads).
        let deadline = Date().addingTimeInterval(60)
        var temporaries: [String] = []
        while Date() < deadline && process.isRunning {
            temporaries = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
            let said = try String(contentsOfFile: errors, encoding: .utf8)
            if temporaries.count == 2 && ready.map({ said.contains($0) }) ?? true { break }
            usleep(20_000)
        }
        try #require(temporaries.count == 2, "the temporary files never appeared: \(temporaries)")
        try #require(process.isRunning)
        for (i, sig) in signals.enumerated() where process.isRunning {
            if i > 0 { usleep(UInt32(pause * 1_000_000)) }
            kill(process.processIdentifier, sig)
        }
        // Bounded wait: a signal that did not end it fails the test instead of hanging it.
        let end = Date().addingTimeInterval(60)
        while process.isRunning && Date() < end { usleep(20_000) }
        try #require(!process.isRunning, "still running after \(signals)")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signals.last)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try String(contentsOfFile: folder.path("x.html"), encoding: .utf8) == "the old report\n")
        #expect(try String(contentsOfFile: folder.path("t.jsonl"), encoding: .utf8) == "the old trace\n")
    }

    /// Ctrl-C while the script runs the day itself, as it loads: nothing catches it (it is not yet the run's).
    @Test func test_ctrlC_whileTheScenarioLoads_leavesNoTemporaryFile() throws {
        try interrupt(["--", "run_now"], with: [SIGINT])
    }

    /// `kill` (a batch system's time limit, a closed session) during the run.
    @Test func test_sigterm_duringTheRun_leavesNoTemporaryFile() throws {
        try interrupt([], with: [SIGTERM])
    }

    @Test func test_sighup_whileTheScenarioLoads_leavesNoTemporaryFile() throws {
        try interrupt(["--", "run_now"], with: [SIGHUP])
    }

    /// During the run the first Ctrl-C only asks it to stop between two events; a timer callback that never
    /// returns never gets there, so the second Ctrl-C ends the process (the first one may still be on its way when
    /// the second is sent, and the two count as one: Ctrl-C every 0.2 s until it ends).
    @Test func test_aSecondCtrlC_inAHookThatNeverReturns_leavesNoTemporaryFile() throws {
        try interrupt(["--format", "json", "--time-budget", "600", "--", "stuck"], with: Array(repeating: SIGINT, count: 100),
                      pause: 0.2, ready: "stuck")
    }

    /// The watchdog ends the process (exit 1) when a finalizer no hook can stop runs past the budget mid-run
    /// (HostileFinalizerTests): the temporary files go with it too.
    @Test func test_theWatchdogEndingTheRun_leavesNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        folder.write("step.lua", """
            local c = shopfloor.counter "bank"
            c:task { name = "a", service = 1 }
            c:tellers { skill = "a", count = 600 }
            keep = setmetatable({}, { __gc = function() while true do end end })
            for _ = 1, 600 do c:arrive { task = "a" } end
            c:service_time(function(customer, teller) keep = nil return 1 end)
            """)
        folder.write("x.html", "the old report\n")
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let r = try Shell.runWithin(60, ["run", "step.lua", "--time-budget", "1", "--report", "x.html", "--trace", "t.jsonl"], in: folder.url)
        #expect(r.exitedCleanly, "hung or crashed: \(String(describing: r.signal))")
        #expect(r.status == 1)
        #expect(r.stderr.contains("finalizers cannot be interrupted"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try String(contentsOfFile: folder.path("x.html"), encoding: .utf8) == "the old report\n")
    }
}
