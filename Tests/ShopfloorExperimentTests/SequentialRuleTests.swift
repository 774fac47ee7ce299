import Testing
@testable import ShopfloorExperiment

/// The sequential rule decides on index prefixes at checkpoints; a fixed count needs every replication.
struct SequentialRuleTests {
    /// min 4, max 12, batch 4; ±6 % on `wait`.
    let fixture = ResultFixture.single(replications: .sequential(min: 4, max: 12, batch: 4),
                                       precision: Precision(relative: 0.06, confidence: 0.95, on: "wait"))
    /// Relative half-width 0.167 at 4 replications, 0.0575 at 8; then values that would ruin the mean.
    let waits: [Double] = [10, 12, 10, 12, 11, 11, 11, 11, 1000, 1000, 1000, 1000]

    func cells(_ replications: [Int]) -> [CellRecord] {
        replications.map { fixture.cell($0, ["wait": waits[$0]]) }
    }

    @Test func checkpoints() {
        #expect(ReplicationDecision.checkpoints(min: 4, max: 12, batch: 4) == [4, 8, 12])
        #expect(ReplicationDecision.checkpoints(min: 5, max: 30, batch: 10) == [10, 20, 30])
        #expect(ReplicationDecision.checkpoints(min: 10, max: 25, batch: 10) == [10, 20, 25])
        #expect(ReplicationDecision.checkpoints(min: 0, max: 3, batch: 1) == [1, 2, 3])
    }

    @Test func choosesTheSmallestPrecisePrefix_ignoringCellsBeyondIt() throws {
        let result = try fixture.result(cells(Array(0..<12)))
        let group = result.groups[0]
        #expect(group.decision.status == .precise)
        #expect(group.decision.used == Array(0..<8))
        #expect(group.measures["wait"]?.n == 8)
        #expect(group.measures["wait"]?.mean == 11, "cells 8–11 (1000 each) are not used")
        #expect(group.cellsPresent == 12)
        #expect(result.isComplete)
        #expect(result.need.isEmpty && result.neededCells == nil)
    }

    @Test func aGapStopsThePrefix() throws {
        // Replication 5 is missing: only the checkpoint at 4 can be judged, and it is not precise.
        let result = try fixture.result(cells([0, 1, 2, 3, 4, 6, 7, 8, 9]))
        let group = result.groups[0]
        #expect(group.decision.status == .short)
        #expect(group.decision.used == [0, 1, 2, 3, 4])
        #expect(!result.isComplete)
        #expect(result.need == [ReplicationNeed(group: 0, point: [:], use: [:], more: 1, replications: [5], cells: [5])])
        // Once it arrives, the answer is the one of the whole run: 8 replications.
        let whole = try fixture.result(cells([0, 1, 2, 3, 4, 6, 7, 8, 9, 5]))
        #expect(whole.groups[0].decision.status == .precise && whole.groups[0].decision.used.count == 8)
    }

    @Test func theNextBatchIsAsked() throws {
        let result = try fixture.result(cells([0, 1, 2, 3]))
        #expect(result.need.first?.replications == [4, 5, 6, 7])
        #expect(result.neededCells == 4...7)
    }

    @Test func stopsAtTheMaximum() throws {
        let noisy = ResultFixture.single(replications: .sequential(min: 2, max: 6, batch: 2),
                                         precision: Precision(relative: 0.001, confidence: 0.95, on: "wait"))
        let result = try noisy.result((0..<6).map { noisy.cell($0, ["wait": Double($0 % 2) * 10 + 1]) })
        #expect(result.groups[0].decision.status == .maximum)
        #expect(result.groups[0].decision.used.count == 6)
        #expect(result.isComplete)
    }

    /// Replication-major numbering: every group's next batch is one contiguous range of cells.
    @Test func fixedCountNeedsEveryReplication_andNamesTheCells() throws {
        let tellers = ResultFixture.tellers(replications: .fixed(count: 3))
        // Replication 0 of every group, and group 0's replication 1 (cell 4).
        let result = try tellers.result((0..<5).map { tellers.cell($0, ["w": 1]) })
        #expect(!result.isComplete)
        #expect(result.groups.map(\.decision.status) == [.short, .short, .short, .short])
        #expect(result.need.map(\.more) == [1, 2, 2, 2])
        #expect(result.need[0].cells == [8])
        #expect(result.need[1].replications == [1, 2] && result.need[1].cells == [5, 9])
        #expect(result.neededCells == 5...11)
        #expect(result.needText(width: 100) == """
            4 of 4 groups need more replications:
              #0 tellers=2 teller_policy=fifo: 1 more; replications 2; cells 8
              #1 tellers=2 teller_policy=cross_training: 2 more; replications 1–2; cells 5, 9
              #2 tellers=3 teller_policy=fifo: 2 more; replications 1–2; cells 6, 10
              #3 tellers=3 teller_policy=cross_training: 2 more; replications 1–2; cells 7, 11
            Run cells 5–11 (7 cells, every needed one): each shard's command again with --replications 3
            --resume.

            """)
        let complete = try tellers.result((0..<12).map { tellers.cell($0, ["w": 1]) })
        #expect(complete.isComplete && complete.need.isEmpty)
    }

    @Test func refusesCellsThatCannotBelong() throws {
        let tellers = ResultFixture.tellers(replications: .fixed(count: 3))
        let cell = tellers.cell(2, ["w": 1])
        #expect(throws: ExperimentResultError.duplicate(index: 2)) { try tellers.result([cell, tellers.cell(1, ["w": 1]), cell]) }
        var stranger = cell
        stranger.experiment = "0ther"
        #expect(throws: ExperimentResultError.otherExperiment(index: 2, experiment: "0ther", expected: "feedface")) {
            try tellers.result([stranger])
        }
        #expect(throws: ExperimentResultError.self) { try tellers.result([tellers.cell(12, ["w": 1])]) }  // replication 3 of 3
        var moved = cell
        moved.group = 1
        #expect(throws: ExperimentResultError.self) { try tellers.result([moved]) }
    }
}
