/// Where one group stands against the design's replication rule, and which of its replications the
/// result uses.
///
/// A fixed count uses every replication below the count that is present (a partial merge shows what it
/// has). The sequential rule (`replications = { min, max, batch }` with `precision`) is judged on the
/// group's **index prefix** only — its replications 0, 1, 2… up to the first one missing — at the
/// checkpoints: every multiple of `batch` from `min` on, and `max`. The first checkpoint whose relative
/// half-width on `precision.on` is within the target decides n, and the result uses exactly
/// replications 0..<n: cells beyond n, and cells that finished early past a gap, never change it. So the
/// answer is a function of the set of cells, not of the order they finished in.
public struct ReplicationDecision: Sendable, Equatable {
    public enum Status: String, Sendable {
        /// A fixed count, every replication present.
        case complete
        /// The sequential rule met its target at n replications.
        case precise
        /// The sequential rule reached `max` without meeting its target.
        case maximum
        /// More replications are needed (``target``, ``missing``).
        case short
    }

    public var status: Status
    /// The replications the result uses, ascending.
    public var used: [Int]
    /// When short: the replication count to reach next (the fixed count, or the next checkpoint).
    public var target: Int?
    /// When short: the replications below ``target`` not present yet, ascending.
    public var missing: [Int]

    /// Decides one group from the replications present and, for the sequential rule, the value of the
    /// precision measure per replication (absent for a failed cell or one without that measure).
    static func decide(_ replications: Replications, precision: Precision?, present: Set<Int>,
                       precisionValues: [Int: Double]) -> ReplicationDecision {
        switch replications {
        case .fixed(let count):
            let used = present.filter { $0 < count }.sorted()
            if used.count == count { return ReplicationDecision(status: .complete, used: used, target: nil, missing: []) }
            return ReplicationDecision(status: .short, used: used, target: count,
                                       missing: (0..<count).filter { !present.contains($0) })
        case .sequential(let min, let max, let batch):
            var prefix = 0
            while present.contains(prefix) { prefix += 1 }
            let stops = checkpoints(min: min, max: max, batch: batch)
            for n in stops where n <= prefix {
                if let precision {
                    let values = (0..<n).compactMap { precisionValues[$0] }
                    let summary = SampleSummary(values, confidence: precision.confidence)
                    if summary.relativeHalfWidth <= precision.relative {
                        return ReplicationDecision(status: .precise, used: Array(0..<n), target: nil, missing: [])
                    }
                }
                if n >= max { return ReplicationDecision(status: .maximum, used: Array(0..<n), target: nil, missing: []) }
            }
            // Not decided: the prefix so far, and the next checkpoint to reach.
            let target = stops.first { $0 > prefix } ?? max
            return ReplicationDecision(status: .short, used: Array(0..<prefix), target: target,
                                       missing: (prefix..<target).filter { !present.contains($0) })
        }
    }

    /// The replication counts at which the sequential rule is judged: multiples of `batch` from `min`
    /// on, below `max`, then `max` itself.
    public static func checkpoints(min: Int, max: Int, batch: Int) -> [Int] {
        guard max > 0 else { return [0] }
        let step = Swift.max(1, batch)
        var first = Swift.max(min, 1)
        first = (first + step - 1) / step * step
        return Array(stride(from: first, to: max, by: step)) + [max]
    }
}
