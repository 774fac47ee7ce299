/// Cells that cannot make one result: another experiment's, one given twice, or one whose numbering
/// does not match the design.
public enum ExperimentResultError: Error, Equatable, CustomStringConvertible {
    case otherExperiment(index: Int, experiment: String, expected: String)
    case duplicate(index: Int)
    case misnumbered(index: Int, reason: String)

    public var description: String {
        switch self {
        case .otherExperiment(let index, let experiment, let expected):
            "cell \(index) belongs to experiment \(experiment.prefix(12)), not \(expected.prefix(12))"
        case .duplicate(let index):
            "cell \(index) is given twice"
        case .misnumbered(let index, let reason):
            "cell \(index) does not match the experiment's numbering: \(reason)"
        }
    }
}
