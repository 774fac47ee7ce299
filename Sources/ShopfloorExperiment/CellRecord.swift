/// Where one cell sits in the experiment: its index, group and replication, and what that group means.
public struct CellKey: Codable, Sendable, Equatable {
    public var index: Int
    public var group: Int
    public var replication: Int
    /// The grid point's parameter values, by factor name.
    public var point: [String: FactorValue]
    /// The plugin choice, by kind.
    public var use: [String: String]

    public init(index: Int, group: Int, replication: Int, point: [String: FactorValue], use: [String: String]) {
        self.index = index; self.group = group; self.replication = replication; self.point = point; self.use = use
    }
}

/// The seed a cell runs with: a function of the base seed and the replication only — never of the grid point
/// or the plugin choice — so every group's replication r sees the same customers (common random numbers).
/// Non-negative, so `shopfloor run --seed S` with the cell's `--set`/`--use` reproduces the cell exactly.
public enum CellSeed {
    public static func seed(base: Int, replication: Int) -> Int {
        var z = UInt64(bitPattern: Int64(base)) &+ 0x9E37_79B9_7F4A_7C15 &* UInt64(replication + 1)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z >> 1)
    }
}

/// One JSON Lines record of a shard file.
///
/// A shard file is a header record (`"record": "experiment"`) followed by one `"record": "cell"` line per
/// cell, in the order cells finished. Keys are written sorted, so equal records are equal bytes.
public enum ShardRecord: Codable, Sendable, Equatable {
    case experiment(ExperimentHeader)
    case cell(CellRecord)

    private enum Keys: String, CodingKey { case record }

    public init(from decoder: any Decoder) throws {
        let kind = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .record)
        switch kind {
        case "experiment": self = .experiment(try ExperimentHeader(from: decoder))
        case "cell": self = .cell(try CellRecord(from: decoder))
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: [Keys.record],
                                                    debugDescription: "unknown record '\(kind)' (records: experiment, cell)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .experiment(let header): try header.encode(to: encoder)
        case .cell(let cell): try cell.encode(to: encoder)
        }
    }
}

/// The first record of every shard file.
public struct ExperimentHeader: Codable, Sendable, Equatable {
    public var schema = 1
    public var record = "experiment"
    /// SHA-256 (hex) of the experiment file, the scenario, the plugins it can use, the modules they may
    /// `require` and the tool's version (``ExperimentFingerprint``):
    /// shards of different experiments never merge.
    public var experiment: String
    /// The experiment file as the user named it.
    public var file: String
    public var version: String
    public var design: ExperimentDesign

    public init(experiment: String, file: String, version: String, design: ExperimentDesign) {
        self.experiment = experiment; self.file = file; self.version = version; self.design = design
    }
}

/// One cell's outcome: its measures, or the error that stopped it (with the script's `file:line`).
public struct CellRecord: Codable, Sendable, Equatable {
    public var schema = 1
    public var record = "cell"
    public var experiment: String
    public var index: Int
    public var group: Int
    public var replication: Int
    public var point: [String: FactorValue]
    public var use: [String: String]
    public var seed: Int
    /// Measure name (wildcards expanded: `classes.loan.mean_wait`) → value. Nil when the cell failed.
    public var measures: [String: Double]?
    /// The failure, one line, `file:line: message` when a script is at fault. Nil when the cell ran.
    public var error: String?
    /// Where and how long it ran; merged results leave it out (it differs between runs).
    public var timing: Timing?

    public init(experiment: String, key: CellKey, seed: Int, measures: [String: Double]?, error: String?,
                timing: Timing?) {
        self.experiment = experiment
        self.index = key.index; self.group = key.group; self.replication = key.replication
        self.point = key.point; self.use = key.use
        self.seed = seed; self.measures = measures; self.error = error; self.timing = timing
    }

    public var key: CellKey { CellKey(index: index, group: group, replication: replication, point: point, use: use) }
}

/// CPU time a cell took.
public struct Timing: Codable, Sendable, Equatable {
    public var cpu_seconds: Double
    public init(cpuSeconds: Double) { cpu_seconds = cpuSeconds }
}
