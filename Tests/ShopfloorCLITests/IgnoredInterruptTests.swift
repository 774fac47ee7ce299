import Foundation
import Testing

/// A process started with SIGINT ignored — a background job of a non-interactive shell, `shopfloor run x.lua &`
/// in a script — leaves it ignored (InterruptSignal.swift): the Ctrl-C meant for the foreground does not stop
/// it, and it runs on to its normal end (exit 0, its outputs whole). With SIGINT as usual, the same Ctrl-C stops
/// it (130): the check that the signal does reach the process while it works.
///
/// The script tells when it is at work (`ready` on stderr) and then waits on a FIFO the test opens only after
/// sending the signal: no sleeping for timing.
@Suite("An ignored SIGINT stays ignored")
struct IgnoredInterruptTests {
    /// Open-ended arrivals; at clock 10 (inside the run, its Ctrl-C handler in place) a timer says `ready` and
    /// waits until the test has sent its signal.
    static let scenario = InterruptedOutputTests.openBank + "\n" + """
        shopfloor.at(10, function()
          io.stderr:write("ready\\n")
          local f = io.open("go"); f:read("a"); f:close()
        end)
        """

    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `shopfloor ARGS` in a folder with `s.lua` and the FIFO `go`, started (through `sh`, which `exec`s
    /// it) with SIGINT ignored or not; once its stderr says `ready`, sends SIGINT, then lets the script go on.
    func interrupt(_ arguments: [String], ignored: Bool, stdin: String? = nil) throws -> Outcome {
        let folder = try TemporaryFolder()
        folder.write("s.lua", Self.scenario)
        try #require(mkfifo(folder.path("go"), 0o600) == 0)
        let outputs = try TemporaryFolder()
        let out = outputs.write("stdout", ""), err = outputs.write("stderr", "")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.currentDirectoryURL = folder.url
        process.arguments = ["-c", (ignored ? "trap '' INT; " : "") + "exec \"$0\" \"$@\"", Shell.executable.path] + arguments
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        let input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline && process.isRunning,
              try !String(contentsOfFile: err, encoding: .utf8).contains("ready") {
            usleep(20_000)
        }
        let said = try String(contentsOfFile: err, encoding: .utf8)
        try #require(process.isRunning, "ended before it was ready: \(said)")
        kill(process.processIdentifier, SIGINT)
        // The script waits in open(2) for a writer; a non-blocking open fails until it is there.
        var go: Int32 = -1
        while go < 0 && Date() < deadline && process.isRunning {
            go = open(folder.path("go"), O_WRONLY | O_NONBLOCK)
            if go < 0 { usleep(20_000) }
        }
        if go >= 0 { close(go) }
        while process.isRunning && Date() < deadline { usleep(20_000) }
        try #require(!process.isRunning, "still running")
        #expect(process.terminationReason == .exit)
        return Outcome(status: process.terminationStatus, stdout: try String(contentsOfFile: out, encoding: .utf8),
                       stderr: try String(contentsOfFile: err, encoding: .utf8))
    }

    static let run = ["run", "s.lua", "--until", "20000", "--allow-io", "--time-budget", "600", "--format", "json"]

    @Test func test_run_startedWithSigintIgnored_runsToItsNormalEnd() throws {
        let r = try interrupt(Self.run, ignored: true)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "ready\n")
        let summary = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(summary?["end_time"] as? Double == 20000, "\(r.stdout.prefix(300))")
    }

    @Test func test_run_withSigintAsUsual_isStoppedByIt() throws {
        let r = try interrupt(Self.run, ignored: false)
        #expect(r.status == 130, "\(r.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect((summary?["end_time"] as? Double ?? 20000) < 20000, "\(r.stdout.prefix(300))")
    }

    /// The REPL too: a `:run` at work when the Ctrl-C comes runs to its end, not `interrupted after …`.
    @Test func test_repl_startedWithSigintIgnored_runsTheCommandToItsEnd() throws {
        let r = try interrupt(["repl", "s.lua", "--allow-io", "--time-budget", "600"], ignored: true,
                              stdin: ":run 20000\nprint('next')\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("clock 20000.000 · "), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("\nnext\n"), "\(r.stdout)")
        #expect(r.stderr == "ready\n")
    }

    /// Through a pipe, the Ctrl-C stops the `:run` (the events done stand, the status line says where) and ends
    /// the session as it ends `lua - < FILE`: the rest of the input is not run, and the exit code is 1 (a failed
    /// session, docs/repl.md), never 0. It used to go on with the next line and exit 0, as if all had run.
    @Test func test_repl_withSigintAsUsual_isInterruptedByIt_andTheSessionEnds() throws {
        let r = try interrupt(["repl", "s.lua", "--allow-io", "--time-budget", "600"], ignored: false,
                              stdin: ":run 20000\nprint('next')\n")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(!r.stdout.contains("next"), "\(r.stdout)")
        #expect(r.stdout.hasPrefix("clock "), "\(r.stdout)")
        #expect(!r.stdout.contains("clock 20000.000"), "\(r.stdout)")
        #expect(r.stderr.contains("\ninterrupted at clock "), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("\ninterrupted (Ctrl-C): the rest of the input is not run\n"), "\(r.stderr)")
    }

    /// The same for a Lua chunk: `interrupted!` as lua says it, then the session ends, exit 1.
    @Test func test_repl_aChunkInterruptedThroughAPipe_endsTheSession() throws {
        let chunk = "io.stderr:write('ready\\n'); local f = io.open('go'); f:read('a'); f:close(); while true do end\n"
        let r = try interrupt(["repl", "s.lua", "--allow-io", "--time-budget", "600"], ignored: false,
                              stdin: chunk + "print('next')\n")
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout == "", "\(r.stdout)")
        #expect(r.stderr.contains("ready\nstdin:1: interrupted!\nstack traceback:\n"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("\ninterrupted (Ctrl-C): the rest of the input is not run\n"), "\(r.stderr)")
    }
}
