import Testing
@testable import ShopfloorExperiment

/// Cells are numbered replication-major, and a cell's seed depends on the replication only.
struct CellNumberingTests {
    let design = ExperimentDesign(
        scenario: "bank_open.lua", seed: 1,
        factors: [Factor(name: "arrival_rate", values: [.number(1.6), .number(1.8)]),
                  Factor(name: "deposit_tellers", values: [.number(2), .number(3), .number(4)])],
        fixed: [:], uses: [UseFactor(kind: "teller_policy", plugins: ["fifo", "cross_training"])],
        replications: .fixed(count: 5), precision: nil, measures: ["classes.*.mean_wait"], compare: nil)

    @Test func everyGroupOncePerReplicationInIndexOrder() {
        #expect(design.groupCount == 12)
        let first = (0..<design.groupCount).map { design.cell($0) }
        #expect(first.allSatisfy { $0.replication == 0 })
        #expect(Set(first.map { "\($0.point)\($0.use)" }).count == 12)
        let later = design.cell(2 * design.groupCount + 7)
        #expect(later.replication == 2 && later.group == 7)
        #expect(later.point == first[7].point && later.use == first[7].use)
        // The last factor and the plugin choice vary fastest.
        #expect(first[0].use["teller_policy"] == "fifo" && first[1].use["teller_policy"] == "cross_training")
        #expect(first[2].point["deposit_tellers"] == .number(3))
    }

    @Test func seedsDependOnReplicationOnly() {
        let seeds = (0..<100).map { CellSeed.seed(base: 1, replication: $0) }
        #expect(Set(seeds).count == 100)
        #expect(seeds.allSatisfy { $0 >= 0 })
        #expect(CellSeed.seed(base: 2, replication: 0) != seeds[0])
    }
}
