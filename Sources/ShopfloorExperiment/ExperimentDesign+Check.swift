extension ExperimentDesign {
    /// The most cells one experiment may have (a typo such as `replications = 1e9` is refused).
    public static let maxCells = 10_000_000

    /// Groups × the most replications, or nil when that is beyond any count (five factors of 10,000
    /// values each): ``groupCount`` would trap on that product, so whoever reads a design from outside
    /// (an experiment file, a shard header) asks this first.
    public var cellCount: Int? {
        var count = replications.maximum
        for size in factors.map(\.values.count) + uses.map(\.plugins.count) {
            let (product, overflow) = count.multipliedReportingOverflow(by: size)
            if overflow { return nil }
            count = product
        }
        return count
    }

    /// What is wrong with a design read from a shard header (a file edited by hand, or written by
    /// something else), in words; nil when it is one an experiment file could have declared. The merge
    /// and `--resume` refuse such a header rather than crash on it or print figures of nonsense.
    public var problem: String? {
        for factor in factors {
            if factor.values.isEmpty { return "factor '\(factor.name)' has no values" }
            if Set(factor.values).count != factor.values.count { return "factor '\(factor.name)' lists a value twice" }
        }
        for use in uses {
            if use.plugins.isEmpty { return "plugin kind '\(use.kind)' has no plugins" }
            if Set(use.plugins).count != use.plugins.count { return "plugin kind '\(use.kind)' lists a plugin twice" }
        }
        let names = factors.map(\.name) + uses.map(\.kind)
        if Set(names).count != names.count { return "a factor or plugin kind is given twice" }
        let counts = 1...1_000_000
        switch replications {
        case .fixed(let count):
            if !counts.contains(count) { return "replications.count \(count) is not from 1 to 1000000" }
        case .sequential(let min, let max, let batch):
            for (key, n) in [("min", min), ("max", max), ("batch", batch)] where !counts.contains(n) {
                return "replications.\(key) \(n) is not from 1 to 1000000"
            }
            if max < min { return "replications.max (\(max)) is below replications.min (\(min))" }
            if precision == nil { return "replications { min, max, batch } without precision" }
        }
        if let precision {
            if !(precision.relative > 0 && precision.relative <= 1) { return "precision.relative \(precision.relative) is not above 0 and at most 1" }
            if !(precision.confidence > 0 && precision.confidence < 1) { return "precision.confidence \(precision.confidence) is not between 0 and 1" }
            if precision.on.isEmpty { return "precision.on names no measure" }
        }
        if measures.isEmpty { return "no measure" }
        if let warmup, !(warmup.isFinite && warmup > 0) { return "warmup \(warmup) is not a time > 0" }
        if let compare {
            let levels = uses.first { $0.kind == compare.by }?.plugins
                ?? factors.first { $0.name == compare.by }?.values.map(\.description)
            guard let levels else { return "compare.by '\(compare.by)' is no plugin kind or factor of the design" }
            if !levels.contains(compare.baseline) { return "compare.baseline '\(compare.baseline)' is not a value of \(compare.by)" }
        }
        guard let cells = cellCount, cells <= Self.maxCells else { return "it has more than \(Self.maxCells) cells" }
        return nil
    }
}
