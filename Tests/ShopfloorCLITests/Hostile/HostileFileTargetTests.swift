import Foundation
import Testing

/// Output paths that must not be clobbered: `--trace` and `--report` onto symlinks, FIFOs,
/// devices, folders, the scenario itself and the scripts it loads. Each test works in a
/// temporary folder and checks that nothing but the intended file changed. The system's
/// `/dev/full` is only ever opened for writing (as `> /dev/full` does), never replaced: the
/// tests assert it is still a character device afterwards.
@Suite struct HostileFileTargetTests {
    /// A scenario with no dependencies: one task, one teller, ten minutes of arrivals.
    static let scenario = """
        local c = shopfloor.counter "tiny"
        c:task { name = "deposit", service = shopfloor.fixed(5) }
        c:tellers { skills = { "deposit" }, count = 1, name = "desk" }
        c:arrivals { rate = 0.1, mix = { deposit = 1 } }
        shopfloor.stop { time = 600 }
        """

    let temporary: TemporaryFolder  // removed with the test
    var folder: URL { URL(fileURLWithPath: temporary.path) }

    init() throws {
        temporary = try TemporaryFolder()
        try Self.scenario.write(to: path("s.lua"), atomically: false, encoding: .utf8)
    }

    func path(_ name: String) -> URL { folder.appendingPathComponent(name) }

    func run(_ arguments: [String]) throws -> Shell.Result {
        try Shell.run(arguments, in: folder)
    }

    /// `lstat`'s file type bits (`S_IFLNK`, `S_IFIFO`, `S_IFCHR`, `S_IFREG`).
    static func type(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    /// What is left in the folder besides `names` (a temporary file left behind would show).
    func strays(besides names: Set<String>) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !names.contains($0) }.sorted()
    }

    @Test func test_trace_ontoASymlink_writesItsTarget_andTheLinkStaysALink() throws {
        try "old".write(to: path("real.jsonl"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path("link.jsonl").path, withDestinationPath: "real.jsonl")
        let r = try run(["run", "s.lua", "--trace", "link.jsonl"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.type(path("link.jsonl").path) == S_IFLNK)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path("link.jsonl").path) == "real.jsonl")
        let trace = try String(contentsOf: path("real.jsonl"), encoding: .utf8)
        #expect(trace.hasPrefix(#"{"customer":1,"event":"arrive","#))
        #expect(Self.type(path("real.jsonl").path) == S_IFREG)
        #expect(try strays(besides: ["s.lua", "real.jsonl", "link.jsonl"]) == [])
    }

    @Test func test_report_ontoASymlink_writesItsTarget_andTheLinkStaysALink() throws {
        try FileManager.default.createDirectory(at: path("out"), withIntermediateDirectories: true)
        try "old".write(to: path("out/real.json"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path("report.json").path, withDestinationPath: "out/real.json")
        let r = try run(["run", "s.lua", "--report", "report.json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.type(path("report.json").path) == S_IFLNK)
        let report = try String(contentsOf: path("out/real.json"), encoding: .utf8)
        #expect(report.contains(#""schema":2"#))
        #expect(try FileManager.default.contentsOfDirectory(atPath: path("out").path) == ["real.json"])
    }

    @Test func test_trace_ontoAFIFO_isWrittenThrough_andTheFIFOStays() throws {
        let fifo = path("trace.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        nonisolated(unsafe) var received = Data()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if let reader = FileHandle(forReadingAtPath: fifo) {  // blocks until the writer opens it
                received = reader.readDataToEndOfFile()
            }
            done.signal()
        }
        let r = try run(["run", "s.lua", "--trace", "trace.fifo"])
        // Had the run never opened the FIFO, the reader would still wait for a writer: be one.
        let unblock = open(fifo, O_WRONLY | O_NONBLOCK)
        if unblock >= 0 { close(unblock) }
        done.wait()
        #expect(r.status == 0, "\(r.stderr)")
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.hasPrefix(#"{"customer":1,"event":"arrive","#))
        #expect(text.split(separator: "\n").count >= 100)
        #expect(Self.type(fifo) == S_IFIFO)
        #expect(try strays(besides: ["s.lua", "trace.fifo"]) == [])
    }

    @Test func test_trace_ontoTheScenario_isRefused_andTheScriptIsUnchanged() throws {
        try FileManager.default.createSymbolicLink(atPath: path("alias.jsonl").path, withDestinationPath: "s.lua")
        try FileManager.default.linkItem(at: path("s.lua"), to: path("hard.jsonl"))
        for target in ["s.lua", "./s.lua", "alias.jsonl", "hard.jsonl", folder.path + "/s.lua"] {
            let r = try run(["run", "s.lua", "--trace", target])
            #expect(r.status == 1, "\(target): \(r.stderr)")
            #expect(r.stderr.contains("error: --trace \(target): is the script s.lua; refusing to overwrite it"), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
            #expect(try String(contentsOf: path("s.lua"), encoding: .utf8) == Self.scenario)
        }
        #expect(Self.type(path("alias.jsonl").path) == S_IFLNK)
        #expect(try strays(besides: ["s.lua", "alias.jsonl", "hard.jsonl"]) == [])
    }

    @Test func test_report_ontoTheScenario_throughALink_isRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: path("r.json").path, withDestinationPath: "s.lua")
        let r = try run(["run", "s.lua", "--report", "r.json"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("error: --report r.json: is the script s.lua; refusing to overwrite it"), "\(r.stderr)")
        #expect(try String(contentsOf: path("s.lua"), encoding: .utf8) == Self.scenario)
        #expect(Self.type(path("r.json").path) == S_IFLNK)
    }

    @Test func test_trace_ontoAModuleTheScenarioRequires_isRefused_andTheModuleIsUnchanged() throws {
        let module = "return 5\n"
        try module.write(to: path("helper.lua"), atomically: false, encoding: .utf8)
        try ("local service = require 'helper'\n" + Self.scenario.replacingOccurrences(of: "fixed(5)", with: "fixed(service)"))
            .write(to: path("s.lua"), atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path("t.jsonl").path, withDestinationPath: "helper.lua")
        let r = try run(["run", "s.lua", "--trace", "t.jsonl"])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("error: --trace t.jsonl: is the script"), "\(r.stderr)")
        #expect(r.stderr.contains("helper.lua; refusing to overwrite it"), "\(r.stderr)")
        #expect(try String(contentsOf: path("helper.lua"), encoding: .utf8) == module)
        #expect(try strays(besides: ["s.lua", "helper.lua", "t.jsonl"]) == [])
    }

    @Test func test_trace_ontoAFolder_isRefused() throws {
        try FileManager.default.createDirectory(at: path("out.jsonl"), withIntermediateDirectories: false)
        let r = try run(["run", "s.lua", "--trace", "out.jsonl"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error: --trace out.jsonl: is a folder"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: path("out.jsonl").path) == [])
    }

    @Test func test_trace_ontoARegularFile_replacesIt_keepingItsMode_leavingNoTemporaryFile() throws {
        try "old\n".write(to: path("t.csv"), atomically: false, encoding: .utf8)
        #expect(chmod(path("t.csv").path, 0o640) == 0)
        let r = try run(["run", "s.lua", "--trace", "t.csv"])
        #expect(r.status == 0, "\(r.stderr)")
        let csv = try String(contentsOf: path("t.csv"), encoding: .utf8)
        #expect(csv.hasPrefix("t,event,customer,task,teller,pool,station\n"))
        #expect(csv.split(separator: "\n")[1].hasSuffix(",arrive,1,deposit,,,tiny"))
        let mode = try FileManager.default.attributesOfItem(atPath: path("t.csv").path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try strays(besides: ["s.lua", "t.csv"]) == [])
    }

    @Test func test_trace_whenTheScriptFails_leavesAnExistingFileAsItWas() throws {
        try "shopfloor.stop { time = 1 }\nerror('boom')\n".write(to: path("bad.lua"), atomically: false, encoding: .utf8)
        try "keep\n".write(to: path("t.jsonl"), atomically: false, encoding: .utf8)
        let r = try run(["run", "bad.lua", "--trace", "t.jsonl"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("bad.lua:2: boom"), "\(r.stderr)")
        #expect(try String(contentsOf: path("t.jsonl"), encoding: .utf8) == "keep\n")
        #expect(try strays(besides: ["s.lua", "bad.lua", "t.jsonl"]) == [])
    }

    /// `--trace /dev/stdout` with stdout sent to a file: the trace goes into that same file, after
    /// and around stdout's own output, and the file is never replaced under the shell's redirection.
    @Test func test_trace_ontoDevStdout_redirectedToAFile_sharesTheFile() throws {
        let r = try Shell.capture(URL(fileURLWithPath: "/bin/sh"),
                                  ["-c", "exec '\(Shell.executable.path)' run s.lua --trace /dev/stdout >out.txt"], in: folder)
        #expect(r.status == 0, "\(r.stderr)")
        let out = try String(contentsOf: path("out.txt"), encoding: .utf8)
        #expect(out.contains(#"{"customer":1,"event":"arrive","#), "\(out)")
        #expect(out.contains(" served in "), "\(out)")
        #expect(try strays(besides: ["s.lua", "out.txt"]) == [])
    }

    @Test func test_trace_ontoAnEmptyPath_orAMissingFolder_isRefused() throws {
        let empty = try run(["run", "s.lua", "--trace", ""])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("error: --trace: the path is empty"), "\(empty.stderr)")
        let missing = try run(["run", "s.lua", "--trace", "no/such/folder/t.jsonl"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("error: --trace no/such/folder/t.jsonl: No such file or directory"), "\(missing.stderr)")
        #expect(try strays(besides: ["s.lua"]) == [])
    }

    /// A full disk: `/dev/full` is opened for writing (never replaced) and every write fails with
    /// ENOSPC. The run finishes, its summary is printed, and the trace's failure is exit 1.
    @Test func test_trace_ontoAFullDisk_isACleanError_afterTheSummary() throws {
        #expect(Self.type("/dev/full") == S_IFCHR)
        let r = try run(["run", "s.lua", "--trace", "/dev/full"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error: --trace /dev/full: No space left on device"), "\(r.stderr)")
        #expect(r.stdout.contains(" served in "), "\(r.stdout)")
        #expect(Self.type("/dev/full") == S_IFCHR)
        #expect(try strays(besides: ["s.lua"]) == [])
    }

    @Test func test_report_ontoAFullDisk_isACleanError() throws {
        // `--report` wants a .json or .html name: a symlink gives /dev/full one.
        try FileManager.default.createSymbolicLink(atPath: path("r.json").path, withDestinationPath: "/dev/full")
        let r = try run(["run", "s.lua", "--report", "r.json"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("error: --report r.json: No space left on device"), "\(r.stderr)")
        #expect(Self.type(path("r.json").path) == S_IFLNK)
        #expect(Self.type("/dev/full") == S_IFCHR)
    }

    /// Standard output on a full disk: every command's output is checked (text, JSON, the board's list; a
    /// board command that changed the board also says the change was saved: BoardConfirmationTests).
    @Test(arguments: [
        ["run", "s.lua"], ["run", "s.lua", "--format", "json"], ["board", "list", "--db", "b.sqlite"],
        ["plugins", "--format", "json"], ["--version"], ["eval", "1+1"],
    ])
    func test_stdoutOnAFullDisk_isExit1_withTheReason(arguments: [String]) throws {
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let r = try Shell.capture(URL(fileURLWithPath: "/bin/sh"),
                                  ["-c", "exec '\(Shell.executable.path)' \(quoted) >/dev/full"], in: folder,
                                  environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/config"])
        #expect(r.status == 1, "\(arguments): \(r.stderr)")
        #expect(r.stderr.hasSuffix("error: cannot write to standard output: No space left on device\n"), "\(arguments): \(r.stderr)")
        #expect(Self.type("/dev/full") == S_IFCHR)
    }
}
