/// Which task an arriving customer wants, by relative weight (the built-in Poisson generator's mix).
public struct TaskMix: Sendable, Equatable {
    /// Task indices, in the order given.
    public let tasks: [Int32]
    /// Running sums of the weights, normalised so the last is 1.
    let cumulative: [Double]

    /// - Throws: if empty, or a weight is negative/not finite, or all weights are 0.
    public init(_ weights: [(task: Int, weight: Double)]) throws(CoreError) {
        try CoreError.require(!weights.isEmpty, "task mix: 'weights' must not be empty")
        var total = 0.0
        for (task, weight) in weights {
            try CoreError.require(weight.isFinite && weight >= 0,
                                  "task mix: weight of task \(task) must be >= 0, got \(quoted(weight))")
            total += weight
        }
        try CoreError.require(total > 0, "task mix: the sum of weights must be > 0, got \(quoted(total))")
        var running = 0.0
        var sums: [Double] = []
        for (_, weight) in weights { running += weight; sums.append(running / total) }
        sums[sums.count - 1] = 1
        tasks = weights.map { Int32($0.task) }
        cumulative = sums
    }
}
