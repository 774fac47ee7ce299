import Foundation
import ShopfloorTestSupport
import Testing

/// Two output options naming one file: `run --trace x.json --report x.json` wrote the trace, then the report
/// over it (exit 0, the trace silently gone); `experiment --out r.html --report r.html` lost every record the
/// same way. Refused now before anything runs (exit 64), naming both options and the file, whatever the
/// spelling (`./x`, `sub/../x`) or a link to the same file; the folder is left as it was.
@Suite("Hostile: two outputs naming one file")
struct HostileOutputClashTests {
    static let bank = Shell.repository.path + "/scripts/bank.lua"

    @Test(arguments: [
        (["--trace", "same.json", "--report", "same.json"], "--trace and --report both name same.json: give each its own file (one would replace the other)"),
        (["--trace", "./same.json", "--report", "sub/../same.json"], "--trace and --report both name ./same.json and sub/../same.json: give each its own file"),
        (["--trace", "link.json", "--report", "old.json"], "--trace and --report both name link.json and old.json: give each its own file"),
    ])
    func runTraceAndReport(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder()
        folder.write("old.json", "kept\n")
        try FileManager.default.createDirectory(atPath: folder.path("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.json"), withDestinationPath: "old.json")
        let before = try FolderState(folder)
        let r = try Shell.run(["run", Self.bank] + arguments, in: folder.url)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("Error: " + message), "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(try FolderState(folder) == before)
    }

    @Test func experimentOutAndReport() throws {
        let folder = try TemporaryFolder()
        folder.write("e.lua", ExperimentSupport.bank(replications: 1))
        let before = try FolderState(folder)
        let r = try Shell.run(["experiment", "e.lua", "--jobs", "1", "--out", "r.html", "--report", "r.html"], in: folder.url)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("Error: --out and --report both name r.html: give each its own file"), "\(r.stderr)")
        #expect(try FolderState(folder) == before)
    }

    /// Different files stay allowed, and each holds its own output.
    @Test func differentFilesBothWritten() throws {
        let folder = try TemporaryFolder()
        let r = try Shell.run(["run", Self.bank, "--trace", "t.json", "--report", "r.json"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        let trace = try String(contentsOfFile: folder.path("t.json"), encoding: .utf8)
        let report = try String(contentsOfFile: folder.path("r.json"), encoding: .utf8)
        #expect(trace.hasPrefix("{\"customer\""), "\(trace.prefix(80))")
        #expect(report.contains("\"schema\":2"))
    }
}
