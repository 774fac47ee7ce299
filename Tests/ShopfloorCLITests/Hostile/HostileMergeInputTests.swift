import Foundation
import ShopfloorExperiment
import Testing

/// `shopfloor merge` on shard files it must refuse, and `--report` paths it must not clobber: a one-line
/// error naming the file, exit 1, and the folder exactly as it was.
@Suite("Hostile: merge input")
struct HostileMergeInputTests {
    /// Names and bytes of everything in the folder (symlinks as their target).
    func snapshot(_ folder: TemporaryFolder) throws -> [String: String] {
        var state: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let path = folder.path(name)
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                state[name] = "-> " + target
            } else if let data = FileManager.default.contents(atPath: path) {
                state[name] = String(decoding: data, as: UTF8.self)
            } else {
                state[name] = "(folder)"
            }
        }
        return state
    }

    func refused(_ arguments: [String], in folder: TemporaryFolder, message: String) throws {
        let before = try snapshot(folder)
        let r = try Shell.run(["merge"] + arguments, in: folder.url)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr == "error: " + message + "\n")
        #expect(try snapshot(folder) == before)
    }

    func goodShard(_ folder: TemporaryFolder, _ name: String = "a.jsonl") -> String {
        MergeCommandTests.shard(folder, name, design: MergeCommandTests.design(), cells: Array(0..<24))
    }

    @Test func test_lineCutShort_isRefused() throws {
        let folder = try TemporaryFolder()
        let whole = try String(contentsOfFile: goodShard(folder), encoding: .utf8)
        _ = folder.write("cut.jsonl", String(whole.dropLast(40)))
        try refused(["cut.jsonl"], in: folder,
                    message: "cut.jsonl:25: the last line is cut short (no newline): the run writing it stopped; re-run that shard with --resume")
    }

    /// A folder is named as one (it read "The operation could not be completed. (NSCocoaErrorDomain error 256.)");
    /// a file that cannot be read gets the system's reason (strerror) the same way.
    @Test func test_folder_saysWhy() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("shards"), withIntermediateDirectories: false)
        try refused(["shards"], in: folder, message: "shards: is a folder, not a shard file")
    }

    @Test func test_notAShard_isRefused() throws {
        let folder = try TemporaryFolder()
        _ = folder.write("notes.jsonl", "{\"hello\": 1}\n")
        try refused(["notes.jsonl"], in: folder, message: "notes.jsonl:1: not a shard record: missing field 'record'")
        _ = folder.write("empty.jsonl", "")
        try refused(["empty.jsonl"], in: folder, message: "empty.jsonl: empty: no experiment header")
    }

    @Test func test_cellOutsideTheDesign_namesItsFile() throws {
        let folder = try TemporaryFolder()
        let design = MergeCommandTests.design()
        let header = ExperimentHeader(experiment: "abc123", file: "e.lua", version: "0.1.0", design: design)
        var stray = MergeCommandTests.cell(design, 3)
        stray.index = 99
        _ = folder.write("b.jsonl", ShardFile.line(.experiment(header)) + ShardFile.line(.cell(stray)))
        try refused(["b.jsonl"], in: folder,
                    message: "b.jsonl: cell 99 does not match the experiment's numbering: replication 24 is beyond the design's 6")
    }

    @Test func test_reportOntoAShard_isRefused() throws {
        let folder = try TemporaryFolder()
        let shard = goodShard(folder)
        try FileManager.default.linkItem(atPath: shard, toPath: folder.path("same.html"))
        try refused(["a.jsonl", "same.html", "--report", "same.html"], in: folder,
                    message: "cell 0 is in both a.jsonl and same.html")
        try refused(["a.jsonl", "--report", "same.html"], in: folder,
                    message: "--report same.html: is the shard file a.jsonl; refusing to overwrite it")
    }

    @Test func test_reportIntoAFolder_orAFullDevice_isRefused() throws {
        let folder = try TemporaryFolder()
        _ = goodShard(folder)
        try FileManager.default.createDirectory(atPath: folder.path("out.html"), withIntermediateDirectories: false)
        try refused(["a.jsonl", "--format", "json", "--report", "out.html"], in: folder, message: "--report out.html: is a folder")
        try FileManager.default.createSymbolicLink(atPath: folder.path("full.html"), withDestinationPath: "/dev/full")
        let before = try snapshot(folder)
        let r = try Shell.run(["merge", "a.jsonl", "--format", "json", "--report", "full.html"], in: folder.url)
        #expect(r.status == 1)
        #expect(r.stderr == "error: --report full.html: No space left on device\n")
        #expect(try snapshot(folder) == before, "the link is still a link to /dev/full")
    }
}
