/// Why a measure could not be read from a run.
public struct MeasureProblem: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}
