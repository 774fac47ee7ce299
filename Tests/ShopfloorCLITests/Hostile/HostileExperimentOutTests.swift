import Foundation
import Testing

/// `--out` never clobbers the experiment's inputs (the experiment file, its scenario; also through a
/// symlink) nor writes into a folder: exit 1 naming the path, every file as it was, nothing run.
@Suite("Hostile: experiment --out targets")
struct HostileExperimentOutTests {
    @Test(arguments: ["e.lua", "link.jsonl", "folder"])
    func test_outOntoAnInputOrAFolder_isRefused(target: String) throws {
        let folder = try TemporaryFolder()
        let text = ExperimentSupport.bank(replications: 1)
        let file = folder.write("e.lua", text)
        try FileManager.default.createSymbolicLink(atPath: folder.path("link.jsonl"), withDestinationPath: file)
        try FileManager.default.createDirectory(atPath: folder.path("folder"), withIntermediateDirectories: false)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let r = try Shell.run(["experiment", file, "--out", folder.path(target)])
        #expect(r.status == 1)
        let reason = target == "folder" ? "is a folder" : "an input of the experiment"
        #expect(r.stderr.hasPrefix("error: --out \(folder.path(target)): ") && r.stderr.contains(reason), "\(r.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path("link.jsonl")) == file)
    }
}
