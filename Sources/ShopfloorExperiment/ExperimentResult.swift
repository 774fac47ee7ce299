import Foundation

/// The experiment's answer, built from its design and its cells — the same whichever machine, thread or
/// shard ran which cell: cells are sorted by index before any arithmetic, and every figure is a function
/// of the set of cells alone.
///
/// Per group (grid point × plugin choice) and measure: n, mean, standard deviation, standard error, the
/// Student's t half-width at the design's confidence (`precision.confidence`, else 95 %), relative
/// precision, min and max (``GroupResult``). With `compare`, the paired difference of every other plugin
/// against the baseline at each grid point (``GroupComparison``). The replication rule — a fixed count,
/// or the sequential rule on index prefixes — decides which replications count (``ReplicationDecision``).
///
/// ```swift
/// let result = try ExperimentResult(header: shard.header, cells: shard.cells)
/// print(result.text(width: 100))
/// if !result.isComplete { print(result.needText()) }
/// ```
public struct ExperimentResult: Sendable {
    public let header: ExperimentHeader
    /// Every cell, sorted by index.
    public let cells: [CellRecord]
    /// The confidence of every interval: the design's `precision.confidence`, else 0.95.
    public let confidence: Double
    /// Every measure name (wildcards expanded) some cell carries, in byte order.
    public let measureNames: [String]
    /// One per group, by group number.
    public let groups: [GroupResult]
    /// With `compare`: one per group whose plugin of the compared kind is not the baseline, by group.
    public let comparisons: [GroupComparison]

    /// Fails on a cell of another experiment, a cell given twice, or one that does not match the
    /// design's numbering.
    public init(header: ExperimentHeader, cells: [CellRecord]) throws {
        self.header = header
        let sorted = cells.sorted { $0.index < $1.index }
        try Self.check(sorted, against: header)
        self.cells = sorted
        let design = header.design
        let confidence = design.precision?.confidence ?? 0.95
        self.confidence = confidence
        var names = Set<String>()
        for cell in sorted { if let measures = cell.measures { names.formUnion(measures.keys) } }
        measureNames = names.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }

        let groupCount = design.groupCount
        var byGroup = [[Int: CellRecord]](repeating: [:], count: groupCount)
        for cell in sorted { byGroup[cell.group][cell.replication] = cell }
        groups = (0..<groupCount).map { g in
            let cells = byGroup[g]
            var onValues: [Int: Double] = [:]
            if let on = design.precision?.on {
                for (r, cell) in cells { if let v = cell.measures?[on] { onValues[r] = v } }
            }
            let decision = ReplicationDecision.decide(design.replications, precision: design.precision,
                                                      present: Set(cells.keys), precisionValues: onValues)
            let used = decision.used.compactMap { cells[$0] }
            var measures: [String: SampleSummary] = [:]
            for name in names {
                measures[name] = SampleSummary(used.compactMap { $0.measures?[name] }, confidence: confidence)
            }
            let key = design.cell(g)
            return GroupResult(group: g, point: key.point, use: key.use, decision: decision, cellsPresent: cells.count,
                               failed: used.filter { $0.error != nil }.count, measures: measures)
        }
        comparisons = Self.compare(design: design, groups: groups, cells: byGroup, confidence: confidence)
    }

    public var design: ExperimentDesign { header.design }

    /// Cells that failed, by index.
    public var failedCells: [CellRecord] { cells.filter { $0.error != nil } }

    /// Whether the design's replication rule is met by the cells present (a fixed count: every group has its
    /// count; a sequential rule: every group is precise or at its maximum, judged on index prefixes).
    public var isComplete: Bool { groups.allSatisfy { $0.decision.status != .short } }

    /// Per short group: how many more replications, which, and their cells.
    public var need: [ReplicationNeed] {
        groups.filter { $0.decision.status == .short }.map { g in
            ReplicationNeed(group: g.group, point: g.point, use: g.use, more: g.decision.missing.count,
                            replications: g.decision.missing,
                            cells: g.decision.missing.map { $0 * design.groupCount + g.group })
        }
    }

    /// The `--replications N` that runs every needed cell (with `--resume`, only those not run yet): one
    /// past the highest replication needed; nil when complete.
    public var nextReplications: Int? { need.compactMap(\.replications.last).max().map { $0 + 1 } }

    /// The smallest contiguous index range holding every needed cell (nil when complete): with
    /// replication-major numbering, the next batch of every group is one such range.
    public var neededCells: ClosedRange<Int>? {
        let all = need.flatMap(\.cells)
        guard let low = all.min(), let high = all.max() else { return nil }
        return low...high
    }

    /// Cells of another experiment, given twice, or numbered against the design are refused.
    private static func check(_ sorted: [CellRecord], against header: ExperimentHeader) throws {
        let design = header.design
        var previous: Int?
        for cell in sorted {
            if cell.experiment != header.experiment {
                throw ExperimentResultError.otherExperiment(index: cell.index, experiment: cell.experiment,
                                                            expected: header.experiment)
            }
            if cell.index == previous { throw ExperimentResultError.duplicate(index: cell.index) }
            previous = cell.index
            guard design.groupCount > 0, cell.index >= 0 else {
                throw ExperimentResultError.misnumbered(index: cell.index, reason: "the design has no such cell")
            }
            let expected = design.cell(cell.index)
            if expected.replication >= design.replications.maximum {
                throw ExperimentResultError.misnumbered(
                    index: cell.index, reason: "replication \(expected.replication) is beyond the design's \(design.replications.maximum)")
            }
            if cell.key != expected {
                throw ExperimentResultError.misnumbered(
                    index: cell.index,
                    reason: "it says group \(cell.group) replication \(cell.replication), the design group \(expected.group) replication \(expected.replication)")
            }
        }
    }

    /// Each group whose value of `compare.by` — a plugin kind or a factor — is not the baseline, paired with
    /// the group that differs from it only there (same grid point and plugins, `by` set to the baseline),
    /// over the replications both use and both ran.
    private static func compare(design: ExperimentDesign, groups: [GroupResult], cells: [[Int: CellRecord]],
                                confidence: Double) -> [GroupComparison] {
        guard let compare = design.compare else { return [] }
        let isKind = design.uses.contains { $0.kind == compare.by }
        // A factor's baseline is written as `--set` spells the value (`baseline = 2` for 2.0).
        let level: (GroupResult) -> String? = { isKind ? $0.use[compare.by] : $0.point[compare.by]?.description }
        struct Place: Hashable { var point: [String: FactorValue]; var use: [String: String] }
        var groupAt: [Place: Int] = [:]
        for group in groups { groupAt[Place(point: group.point, use: group.use)] = group.group }
        let baselineValue = design.factors.first { $0.name == compare.by }?.values.first { $0.description == compare.baseline }
        var result: [GroupComparison] = []
        for group in groups {
            guard let value = level(group), value != compare.baseline else { continue }
            var place = Place(point: group.point, use: group.use)
            if isKind { place.use[compare.by] = compare.baseline } else if let baselineValue { place.point[compare.by] = baselineValue }
            guard let baseline = groupAt[place], baseline != group.group else { continue }
            let replications = Set(group.decision.used).intersection(groups[baseline].decision.used).sorted()
            var measures: [String: PairedDifference] = [:]
            for name in Set(group.measures.keys).intersection(groups[baseline].measures.keys) {
                var other: [Double] = [], base: [Double] = []
                for r in replications {
                    if let a = cells[group.group][r]?.measures?[name], let b = cells[baseline][r]?.measures?[name] {
                        other.append(a)
                        base.append(b)
                    }
                }
                measures[name] = PairedDifference(other: other, baseline: base, confidence: confidence)
            }
            result.append(GroupComparison(group: group.group, baselineGroup: baseline, measures: measures))
        }
        return result
    }
}
