@testable import ShopfloorExperiment

/// Designs and cells for result tests, built as the experiment command builds them: keys from the
/// design's numbering, seeds from ``CellSeed``.
struct ResultFixture {
    var design: ExperimentDesign
    var hash = "feedface"

    var header: ExperimentHeader { ExperimentHeader(experiment: hash, file: "e.lua", version: "0.1.0", design: design) }

    /// The cell numbered `index` with `measures` (or failed with `error`).
    func cell(_ index: Int, _ measures: [String: Double]?, error: String? = nil, cpu: Double = 0.01) -> CellRecord {
        let key = design.cell(index)
        return CellRecord(experiment: hash, key: key, seed: CellSeed.seed(base: design.seed, replication: key.replication),
                          measures: measures, error: error, timing: Timing(cpuSeconds: cpu))
    }

    /// The cell of `group`'s replication `replication`.
    func cell(group: Int, replication: Int, _ measures: [String: Double]?, error: String? = nil) -> CellRecord {
        cell(replication * design.groupCount + group, measures, error: error)
    }

    func result(_ cells: [CellRecord]) throws -> ExperimentResult {
        try ExperimentResult(header: header, cells: cells)
    }

    /// Two tellers levels × two policies, `replications` each, compared against fifo.
    static func tellers(replications: Replications = .fixed(count: 3), precision: Precision? = nil) -> ResultFixture {
        ResultFixture(design: ExperimentDesign(
            scenario: "bank.lua", seed: 1,
            factors: [Factor(name: "tellers", values: [.number(2), .number(3)])], fixed: [:],
            uses: [UseFactor(kind: "teller_policy", plugins: ["fifo", "cross_training"])],
            replications: replications, precision: precision, measures: ["classes.*.mean_wait"],
            compare: Compare(by: "teller_policy", baseline: "fifo")))
    }

    /// One group, no factors.
    static func single(replications: Replications, precision: Precision? = nil, seed: Int = 1) -> ResultFixture {
        ResultFixture(design: ExperimentDesign(
            scenario: "s.lua", seed: seed, factors: [], fixed: [:], uses: [],
            replications: replications, precision: precision, measures: ["wait"], compare: nil))
    }
}
