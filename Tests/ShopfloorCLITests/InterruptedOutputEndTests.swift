import Foundation
import Testing

/// A signal that arrives once the work is over, while the outputs are being written (the summary, `--trace`,
/// `--report`, `experiment --out`), still ends the command as interrupted — by that signal, which a shell reports
/// as 130 for Ctrl-C — with no temporary file left and every file at an output's path either as it was or wholly
/// new; never noted and forgotten while the command goes on to put its files in place and exit 0.
///
/// The moment is known without any timing: one output is a FIFO whose pipe holds one page (`F_SETPIPE_SZ`), and
/// the test reads its first byte, so the command is then inside that write, blocked until the test reads on,
/// which it never does. Everything the command writes to that FIFO is written only then (the trace is smaller
/// than its 64 KiB buffer, so it goes out at its close; the report and `PATH.partial.new` are written at once).
@Suite("A signal while the outputs are written")
struct InterruptedOutputEndTests {
    /// Arrivals until `--until`: about 450 events, some 20 KB of CSV trace (under the trace's 64 KiB buffer).
    static let scenario = InterruptedOutputTests.openBank

    /// A FIFO at `path`, opened for reading without waiting for a writer (so the command's blocking open of it
    /// returns), its pipe shrunk to one page.
    struct Reader {
        let descriptor: Int32

        init(fifo path: String) throws {
            try #require(mkfifo(path, 0o600) == 0)
            descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            try #require(descriptor >= 0)
            #if os(Linux)
            _ = fcntl(descriptor, 1031 /* F_SETPIPE_SZ */, 4096)
            #endif
        }

        /// Waits (at most a minute) for the writer's first byte and reads only that one.
        func firstByte() throws {
            var wanted = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            try #require(poll(&wanted, 1, 60_000) == 1 && wanted.revents & Int16(POLLIN) != 0, "nothing was written")
            var byte: UInt8 = 0
            try #require(read(descriptor, &byte, 1) == 1)
        }
    }

    /// Starts `shopfloor ARGUMENTS` in `folder`, waits for the first byte written to `reader`'s FIFO, sends `sig`,
    /// and waits (at most a minute, without reading on) for the process to end; checks that `sig` ended it.
    func interrupt(_ arguments: [String], in folder: TemporaryFolder, reader: Reader, with sig: Int32) throws {
        let process = Process()
        process.executableURL = Shell.executable
        process.currentDirectoryURL = folder.url
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            if process.isRunning { process.terminate() }
            close(reader.descriptor)
        }
        try reader.firstByte()
        kill(process.processIdentifier, sig)
        let end = Date().addingTimeInterval(60)
        while process.isRunning && Date() < end { usleep(20_000) }
        try #require(!process.isRunning, "still running (blocked on the FIFO) after signal \(sig)")
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == sig)
    }

    /// Ctrl-C while the trace goes out, after the run ended by itself: the report is not put in place (its
    /// temporary file goes), the old one stays, and the command does not exit 0.
    @Test func test_ctrlC_whileTheTraceIsWritten_endsTheRunInterrupted_andKeepsTheOldReport() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", Self.scenario)
        folder.write("x.html", "the old report\n")
        let reader = try Reader(fifo: folder.path("t.csv"))
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        try interrupt(["run", "s.lua", "--until", "150", "--report", "x.html", "--trace", "t.csv"],
                      in: folder, reader: reader, with: SIGINT)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try String(contentsOfFile: folder.path("x.html"), encoding: .utf8) == "the old report\n")
    }

    /// Ctrl-C while an experiment writes its report, after every cell ran: interrupted, not exit 0.
    @Test func test_ctrlC_whileAnExperimentsReportIsWritten_endsItInterrupted() throws {
        let folder = try TemporaryFolder()
        folder.write("e.lua", ExperimentSupport.bank(replications: 1))
        let reader = try Reader(fifo: folder.path("r.html"))
        try interrupt(["experiment", "e.lua", "--jobs", "1", "--out", "o.jsonl", "--report", "r.html"],
                      in: folder, reader: reader, with: SIGINT)
        // The records were complete and already in place; nothing temporary is left.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["e.lua", "o.jsonl", "r.html"])
    }

    /// `kill` inside `--out`'s start, while `PATH.partial.new` is written (here resuming a finished experiment, so
    /// it holds every cell): that file goes like any temporary output file, and `PATH` stays as it was.
    @Test func test_sigterm_whileTheShardFileStarts_leavesNoPartialNew() throws {
        let folder = try TemporaryFolder()
        folder.write("e.lua", ExperimentSupport.bank(replications: 5))
        let first = try Shell.run(["experiment", "e.lua", "--jobs", "1", "--out", "o.jsonl"], in: folder.url)
        try #require(first.status == 0, "\(first.stderr)")
        let records = try String(contentsOfFile: folder.path("o.jsonl"), encoding: .utf8)
        try #require(records.utf8.count > 8192, "too short to fill the pipe: \(records.utf8.count) bytes")
        let reader = try Reader(fifo: folder.path("o.jsonl.partial.new"))
        try interrupt(["experiment", "e.lua", "--jobs", "1", "--out", "o.jsonl", "--resume"],
                      in: folder, reader: reader, with: SIGTERM)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["e.lua", "o.jsonl"])
        #expect(try String(contentsOfFile: folder.path("o.jsonl"), encoding: .utf8) == records)
    }
}
