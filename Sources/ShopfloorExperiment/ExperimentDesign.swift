/// What an experiment file declares, in the form every shard file carries in its header record: enough for
/// `shopfloor merge` to rebuild the whole result from shard files alone, without the experiment file.
///
/// The grid: every factor (a parameter given a list of values) crossed with every plugin choice. A *group*
/// is one grid point under one plugin choice; a *cell* is one replication of one group. Cells are numbered
/// replication-major (`index = replication × groupCount + group`), so the first n replications of every group
/// are exactly the cells below `n × groupCount`: a sequential rule reads an index prefix, and `--need` can
/// name the index range still to run.
public struct ExperimentDesign: Codable, Sendable, Equatable {
    /// The scenario file, as the experiment file names it (relative to the experiment file).
    public var scenario: String
    /// The base seed; cell seeds derive from (seed, replication) only (``CellSeed``).
    public var seed: Int
    /// Parameters given a list of values, sorted by name (a Lua table has no order); the last varies fastest.
    public var factors: [Factor]
    /// Parameters given one value (`--set` style), by name.
    public var fixed: [String: FactorValue]
    /// Plugin choices crossed with the parameter grid, sorted by kind; the last varies fastest.
    public var uses: [UseFactor]
    public var replications: Replications
    public var precision: Precision?
    /// Measure patterns as written (`classes.*.mean_wait`): paths into the run's `--format json` document.
    public var measures: [String]
    public var compare: Compare?
    /// Simulated seconds each cell's run leaves out of its figures (`shopfloor run --warmup`), for steady-state
    /// estimates: a run that starts empty biases its early waits low. nil: none (and absent from the JSON, so a
    /// design without it keeps its bytes and its hash).
    public var warmup: Double?

    public init(scenario: String, seed: Int, factors: [Factor], fixed: [String: FactorValue], uses: [UseFactor],
                replications: Replications, precision: Precision?, measures: [String], compare: Compare?,
                warmup: Double? = nil) {
        self.scenario = scenario
        self.seed = seed
        self.factors = factors
        self.fixed = fixed
        self.uses = uses
        self.replications = replications
        self.precision = precision
        self.measures = measures
        self.compare = compare
        self.warmup = warmup
    }

    /// `warm-up 30 s`, for the headings of the plan and the result; nil without a warm-up.
    public var warmupText: String? {
        warmup.map { "warm-up \(FactorValue.number($0).description) s" }
    }

    /// Grid points × plugin choices.
    public var groupCount: Int { pointCount * useCount }
    public var pointCount: Int { factors.reduce(1) { $0 * $1.values.count } }
    public var useCount: Int { uses.reduce(1) { $0 * $1.plugins.count } }

    /// The parameter values of grid point `point` (0 ..< pointCount), by factor name.
    public func point(_ point: Int) -> [String: FactorValue] {
        var rest = point, values: [String: FactorValue] = [:]
        for factor in factors.reversed() {
            values[factor.name] = factor.values[rest % factor.values.count]
            rest /= factor.values.count
        }
        return values
    }

    /// The `--set` values of grid point `point`: the fixed values and the point's factor values, as a
    /// cell runs them (the check reads the measures at point 0 the same way).
    public func settings(atPoint point: Int) -> [String: String] {
        var settings = fixed.mapValues(\.description)
        for (name, value) in self.point(point) { settings[name] = value.description }
        return settings
    }

    /// The plugin chosen per kind in plugin choice `choice` (0 ..< useCount).
    public func use(_ choice: Int) -> [String: String] {
        var rest = choice, chosen: [String: String] = [:]
        for factor in uses.reversed() {
            chosen[factor.kind] = factor.plugins[rest % factor.plugins.count]
            rest /= factor.plugins.count
        }
        return chosen
    }

    /// The cell numbered `index`.
    public func cell(_ index: Int) -> CellKey {
        let group = index % groupCount
        return CellKey(index: index, group: group, replication: index / groupCount,
                       point: point(group / useCount), use: use(group % useCount))
    }
}

/// A parameter value in the grid: a number or a string (JSON keeps which).
public enum FactorValue: Codable, Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case string(String)

    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let d = try? c.decode(Double.self) { self = .number(d) } else { self = .string(try c.decode(String.self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        }
    }

    /// As `--set name=value` would spell it (integral numbers without a fraction).
    public var description: String {
        switch self {
        case .number(let d): d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : String(d)
        case .string(let s): s
        }
    }
}

/// A parameter varied over a list of values.
public struct Factor: Codable, Sendable, Equatable {
    public var name: String
    public var values: [FactorValue]
    public init(name: String, values: [FactorValue]) { self.name = name; self.values = values }
}

/// A plugin kind varied over a list of plugins (`use = { teller_policy = { "fifo", "cross_training" } }`).
public struct UseFactor: Codable, Sendable, Equatable {
    public var kind: String
    public var plugins: [String]
    public init(kind: String, plugins: [String]) { self.kind = kind; self.plugins = plugins }
}

/// How many replications each group gets: a fixed count, or a sequential rule bounded by min and max and
/// decided at multiples of `batch` (with ``ExperimentDesign/precision``).
public enum Replications: Codable, Sendable, Equatable {
    case fixed(count: Int)
    case sequential(min: Int, max: Int, batch: Int)

    private enum Keys: String, CodingKey { case count, min, max, batch }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        if let count = try c.decodeIfPresent(Int.self, forKey: .count) { self = .fixed(count: count); return }
        self = .sequential(min: try c.decode(Int.self, forKey: .min), max: try c.decode(Int.self, forKey: .max),
                           batch: try c.decode(Int.self, forKey: .batch))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .fixed(let count): try c.encode(count, forKey: .count)
        case .sequential(let min, let max, let batch):
            try c.encode(min, forKey: .min); try c.encode(max, forKey: .max); try c.encode(batch, forKey: .batch)
        }
    }

    /// The most replications a group can get.
    public var maximum: Int {
        switch self {
        case .fixed(let count): count
        case .sequential(_, let max, _): max
        }
    }
}

/// The sequential rule's target: relative half-width ≤ `relative` at `confidence`, on one measure.
public struct Precision: Codable, Sendable, Equatable {
    public var relative: Double
    public var confidence: Double
    /// One measure name (no wildcard), e.g. `classes.loan.mean_wait`.
    public var on: String
    public init(relative: Double, confidence: Double, on: String) {
        self.relative = relative; self.confidence = confidence; self.on = on
    }
}

/// Paired differences of every plugin of kind `by` against `baseline`, at the same grid point and replication.
public struct Compare: Codable, Sendable, Equatable {
    public var by: String
    public var baseline: String
    public init(by: String, baseline: String) { self.by = by; self.baseline = baseline }
}
