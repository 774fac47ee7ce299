import Foundation
import Testing
import ShopfloorTestSupport
@testable import ShopfloorExperiment

/// Shard files round-trip, and a line cut short is dropped only when resuming.
struct ShardFileTests {
    let design = ExperimentDesign(scenario: "s.lua", seed: 1, factors: [], fixed: ["customers": .number(100)],
                                  uses: [], replications: .fixed(count: 2), precision: nil,
                                  measures: ["served"], compare: nil)

    func write(_ text: String) throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        let path = folder.path + "/shard.jsonl"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (folder, path)
    }

    var header: ExperimentHeader { ExperimentHeader(experiment: "abc", file: "e.lua", version: "0", design: design) }

    func cell(_ i: Int) -> CellRecord {
        CellRecord(experiment: "abc", key: design.cell(i), seed: CellSeed.seed(base: 1, replication: i),
                   measures: ["served": 100], error: nil, timing: Timing(cpuSeconds: 0.01))
    }

    @Test func roundTrip() throws {
        let text = ShardFile.line(.experiment(header)) + ShardFile.line(.cell(cell(0))) + ShardFile.line(.cell(cell(1)))
        let (folder, path) = try write(text)
        _ = folder
        let shard = try ShardFile.read(path: path, dropsCutLine: false)
        #expect(shard.header == header)
        #expect(shard.cells == [cell(0), cell(1)])
    }

    @Test func cutLineDroppedOnlyWhenResuming() throws {
        let whole = ShardFile.line(.experiment(header)) + ShardFile.line(.cell(cell(0)))
        let cut = String(ShardFile.line(.cell(cell(1))).dropLast(7))
        let (folder, path) = try write(whole + cut)
        _ = folder
        #expect(try ShardFile.read(path: path, dropsCutLine: true).cells == [cell(0)])
        #expect(throws: ShardFileError.self) { try ShardFile.read(path: path, dropsCutLine: false) }
    }

    @Test func cellOfAnotherExperimentNamesTheLine() throws {
        var stranger = cell(1)
        stranger.experiment = "xyz"
        let (folder, path) = try write(ShardFile.line(.experiment(header)) + ShardFile.line(.cell(stranger)))
        _ = folder
        do {
            _ = try ShardFile.read(path: path, dropsCutLine: false)
            Issue.record("read a cell of another experiment")
        } catch let error as ShardFileError {
            #expect(error.line == 2)
            #expect(error.description.hasPrefix(path + ":2: cell 1 belongs to experiment xyz"))
        }
    }
}
