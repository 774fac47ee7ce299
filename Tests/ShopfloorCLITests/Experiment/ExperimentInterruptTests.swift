import Foundation
import ShopfloorExperiment
import Testing

/// Ctrl-C stops an experiment cleanly: workers killed, no half cell, `.partial` kept, exit 130; the same
/// command with `--resume` runs only the rest, and the result is the uninterrupted run's.
@Suite("experiment interrupted")
struct ExperimentInterruptTests {
    @Test func test_ctrlC_keepsThePartialFile_andResumeFinishesIt() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank(replications: 100))
        let partial = folder.path("o.jsonl.partial")
        let process = Process()
        process.executableURL = Shell.executable
        process.arguments = ["experiment", file, "--jobs", "1", "--out", folder.path("o.jsonl")]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait (with a ceiling) until a few cells are written, then press Ctrl-C.
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let lines = (try? String(contentsOfFile: partial, encoding: .utf8))?.split(separator: "\n").count ?? 0
            if lines >= 4 || !process.isRunning { break }
            usleep(20_000)
        }
        #expect(process.isRunning)
        process.interrupt()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130, "\(stderr)")
        #expect(stderr.contains("interrupted: "), "\(stderr)")
        #expect(stderr.contains("o.jsonl.partial is kept"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("o.jsonl")))
        let kept = try ShardFile.read(path: partial, dropsCutLine: false)
        #expect(kept.cells.count >= 3 && kept.cells.count < 400)

        let resumed = try Shell.run(["experiment", file, "--jobs", "2", "--out", folder.path("o.jsonl"), "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let whole = try Shell.run(["experiment", file, "--jobs", "2", "--out", folder.path("w.jsonl")])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(try ExperimentSupport.cellLines(folder.path("o.jsonl")) == ExperimentSupport.cellLines(folder.path("w.jsonl")))
    }
}
