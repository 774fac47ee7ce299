import LuaKit
import ShopfloorExperiment

/// Reads the table given to `shopfloor.experiment` into an ``ExperimentDesign``: each key's type, range and
/// spelling, each problem a one-line `file:line: experiment: …` error.
struct ExperimentReader {
    let path: String
    let table: LuaTable
    let map: ExperimentSourceMap

    private func fail(_ keys: [String], _ message: String, value: String? = nil) -> ScriptingError {
        .invalidScenario("\(path):\(map.line(of: keys, value: value)): experiment: \(message)")
    }

    mutating func design() throws -> ExperimentDesign {
        for (key, _) in table.sortedEntries {
            guard case .string(let name) = key else {
                throw fail([], "unknown key [\(key)] " + UnknownName.choices(for: nil, among: ExperimentFile.keys))
            }
            if !ExperimentFile.keys.contains(name) {
                throw fail([name], UnknownName.message("key", name, among: ExperimentFile.keys))
            }
        }
        guard let scenario = table["scenario"]?.stringValue, !scenario.isEmpty else {
            throw fail(["scenario"], "'scenario' must be the scenario file (a path relative to this file), got \(Self.show(table["scenario"]))")
        }
        var seed = 1
        if let value = table["seed"] {
            guard let s = value.intValue else { throw fail(["seed"], "'seed' must be an integer, got \(Self.show(value))") }
            seed = s
        }
        let (factors, fixed) = try params()
        let uses = try useFactors()
        let replications = try self.replications()
        let precision = try self.precision()
        if case .sequential = replications, precision == nil {
            throw fail(["replications"], "replications { min, max, batch } needs precision = { relative = …, on = \"measure\" }")
        }
        let measures = try self.measures()
        var warmup: Double?
        if let value = table["warmup"] {
            // As `shopfloor run --warmup` takes it; 0 is no warm-up, said by leaving the key out.
            guard let w = value.doubleValue, w.isFinite, w > 0 else {
                throw fail(["warmup"], "'warmup' must be a time in seconds > 0, got \(Self.show(value))")
            }
            warmup = w
        }
        var design = ExperimentDesign(scenario: scenario, seed: seed, factors: factors, fixed: fixed, uses: uses,
                                      replications: replications, precision: precision, measures: measures, compare: nil,
                                      warmup: warmup)
        design.compare = try compare(design)
        // Counted without overflow: five factors of 10,000 values are more groups than an Int holds.
        guard let cells = design.cellCount, cells <= ExperimentDesign.maxCells else {
            let shape = design.factors.map { "\($0.values.count) \($0.name)" } + design.uses.map { "\($0.plugins.count) \($0.kind)" }
            let groups = design.cellCount.map { String($0 / replications.maximum) + " groups" } ?? "groups (" + shape.joined(separator: " × ") + ")"
            throw fail(["replications"], "\(groups) × \(replications.maximum) replications is more than \(ExperimentDesign.maxCells) cells")
        }
        return design
    }

    /// `--set name=value` makes a parameter one fixed value; `--use kind=name` a kind one plugin.
    func apply(settings: [String: String], uses: [String: String], to design: inout ExperimentDesign) throws {
        for (name, text) in settings.sorted(by: { $0.key < $1.key }) {
            design.factors.removeAll { $0.name == name }
            if let d = Double(text), d.isFinite { design.fixed[name] = .number(d) } else { design.fixed[name] = .string(text) }
        }
        for (kind, plugin) in uses.sorted(by: { $0.key < $1.key }) {
            guard PluginKind(rawValue: kind) != nil else {
                throw ScriptingError.unknownPlugin("--use \(kind)=\(plugin): no plugin kind '\(kind)' " + UnknownName.choices(for: kind, among: PluginKind.names, label: "kinds"))
            }
            design.uses.removeAll { $0.kind == kind }
            design.uses.append(UseFactor(kind: kind, plugins: [plugin]))
            design.uses.sort { $0.kind < $1.kind }
        }
        // A comparison across one plugin or one value compares nothing: dropped (docs/experiments.md).
        if let compare = design.compare, values(of: compare.by, in: design).count < 2 { design.compare = nil }
    }

    private func values(of name: String, in design: ExperimentDesign) -> [String] {
        if let use = design.uses.first(where: { $0.kind == name }) { return use.plugins }
        if let factor = design.factors.first(where: { $0.name == name }) { return factor.values.map(\.description) }
        return []
    }

    private func params() throws -> ([Factor], [String: FactorValue]) {
        guard let value = table["params"] else { return ([], [:]) }
        guard let params = value.tableValue else { throw fail(["params"], "'params' must be a table of name = value, got \(Self.show(value))") }
        var factors: [Factor] = [], fixed: [String: FactorValue] = [:]
        for (key, value) in params.sortedEntries {
            guard case .string(let name) = key else {
                throw fail(["params"], "params: parameter names must be strings, got [\(key)]")
            }
            if let list = value.tableValue {
                guard list.isSequence, !list.entries.isEmpty else {
                    throw fail(["params", name], "params.\(name): a factor is a non-empty list of values ({ 2, 3 } or shopfloor.range(…)), got \(list.entries.isEmpty ? "an empty table" : "a table with other keys")")
                }
                let values = try list.array.map { try scalar($0, ["params", name], "params.\(name)") }
                if Set(values).count != values.count {
                    throw fail(["params", name], "params.\(name): a value is listed twice (\(values.map(\.description).joined(separator: ", ")))")
                }
                factors.append(Factor(name: name, values: values))
            } else {
                fixed[name] = try scalar(value, ["params", name], "params.\(name)")
            }
        }
        return (factors, fixed)
    }

    private func scalar(_ value: LuaValue, _ keys: [String], _ what: String) throws -> FactorValue {
        switch value {
        case .integer(let i): return .number(Double(i))
        case .number(let d) where d.isFinite: return .number(d)
        case .string(let s): return .string(s)
        case .boolean(let b): return .string(b ? "true" : "false")
        default: throw fail(keys, "\(what) must be a finite number, a string, a boolean or a list of them, got \(Self.show(value))")
        }
    }

    private func useFactors() throws -> [UseFactor] {
        guard let value = table["use"] else { return [] }
        guard let uses = value.tableValue else { throw fail(["use"], "'use' must be a table of kind = plugin or { plugins }, got \(Self.show(value))") }
        var out: [UseFactor] = []
        for (key, value) in uses.sortedEntries {
            guard case .string(let kind) = key, PluginKind(rawValue: kind) != nil else {
                throw fail(["use", key.description], "use: " + UnknownName.message("plugin kind", key.description, among: PluginKind.names, label: "kinds"))
            }
            var plugins: [String]
            if let name = value.stringValue {
                plugins = [name]
            } else if let list = value.tableValue, list.isSequence, !list.entries.isEmpty, list.array.allSatisfy({ $0.stringValue != nil }) {
                plugins = list.array.compactMap(\.stringValue)
            } else {
                throw fail(["use", kind], "use.\(kind) must be a plugin name or a non-empty list of names, got \(Self.show(value))")
            }
            if Set(plugins).count != plugins.count { throw fail(["use", kind], "use.\(kind): a plugin is listed twice") }
            out.append(UseFactor(kind: kind, plugins: plugins))
        }
        return out
    }

    private func replications() throws -> Replications {
        guard let value = table["replications"] else {
            throw fail([], "'replications' is missing: a count (30), or { min = 10, max = 1000, batch = 10 } with precision")
        }
        if let n = value.intValue {
            guard (1...1_000_000).contains(n) else { throw fail(["replications"], "'replications' must be an integer from 1 to 1000000, got \(n)") }
            return .fixed(count: n)
        }
        guard let spec = value.tableValue else {
            throw fail(["replications"], "'replications' must be an integer from 1 to 1000000 or { min =, max =, batch = }, got \(Self.show(value))")
        }
        try checkKeys(spec, ["batch", "max", "min"], under: "replications")
        func count(_ key: String) throws -> Int {
            guard let v = spec[key], let n = v.intValue, (1...1_000_000).contains(n) else {
                throw fail(["replications", key], "replications.\(key) must be an integer from 1 to 1000000, got \(Self.show(spec[key]))")
            }
            return n
        }
        let min = try count("min"), max = try count("max"), batch = try count("batch")
        guard max >= min else { throw fail(["replications", "max"], "replications.max (\(max)) is below replications.min (\(min))") }
        return .sequential(min: min, max: max, batch: batch)
    }

    private func precision() throws -> Precision? {
        guard let value = table["precision"] else { return nil }
        guard let spec = value.tableValue else { throw fail(["precision"], "'precision' must be a table { relative =, confidence =, on = }, got \(Self.show(value))") }
        try checkKeys(spec, ["confidence", "on", "relative"], under: "precision")
        guard let relative = spec["relative"]?.doubleValue, relative > 0, relative <= 1 else {
            throw fail(["precision", "relative"], "precision.relative must be a number above 0 and at most 1 (0.02 for ±2 %), got \(Self.show(spec["relative"]))")
        }
        var confidence = 0.95
        if let c = spec["confidence"] {
            guard let d = c.doubleValue, d > 0, d < 1 else {
                throw fail(["precision", "confidence"], "precision.confidence must be a number between 0 and 1 (0.95), got \(Self.show(c))")
            }
            confidence = d
        }
        guard let on = spec["on"]?.stringValue, !on.isEmpty, !on.contains("*") else {
            throw fail(["precision", "on"], "precision.on must be one measure, without '*' (\"classes.loan.mean_wait\"), got \(Self.show(spec["on"]))")
        }
        return Precision(relative: relative, confidence: confidence, on: on)
    }

    private func measures() throws -> [String] {
        guard let value = table["measure"] else {
            throw fail([], "'measure' is missing: paths into the run's JSON, e.g. measure = { \"classes.*.mean_wait\" }")
        }
        let list: [String]
        if let s = value.stringValue {
            list = [s]
        } else if let t = value.tableValue, t.isSequence, !t.entries.isEmpty, t.array.allSatisfy({ $0.stringValue != nil }) {
            list = t.array.compactMap(\.stringValue)
        } else {
            throw fail(["measure"], "'measure' must be a path or a non-empty list of paths (\"classes.*.mean_wait\"), got \(Self.show(value))")
        }
        for m in list where m.isEmpty || m.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            throw fail(["measure"], "measure '\(m)': a path is names separated by dots (\"pools.*.utilization\")", value: m)
        }
        return list
    }

    private func compare(_ design: ExperimentDesign) throws -> Compare? {
        guard let value = table["compare"] else { return nil }
        guard let spec = value.tableValue else { throw fail(["compare"], "'compare' must be a table { by =, baseline = }, got \(Self.show(value))") }
        try checkKeys(spec, ["baseline", "by"], under: "compare")
        let names = design.uses.map(\.kind) + design.factors.map(\.name)
        guard let by = spec["by"]?.stringValue, names.contains(by) else {
            let given = spec["by"]?.stringValue ?? Self.show(spec["by"])
            throw fail(["compare", "by"], "compare.by: " + UnknownName.message("factor", given, among: names.sorted(), label: "plugin kinds and parameters with several values"))
        }
        let choices = values(of: by, in: design)
        guard let baseline = spec["baseline"].map({ $0.stringValue ?? $0.description }), choices.contains(baseline) else {
            let given = spec["baseline"]?.description ?? "nil"
            throw fail(["compare", "baseline"], "compare.baseline: " + UnknownName.message("value", given, among: choices, label: by))
        }
        return Compare(by: by, baseline: baseline)
    }

    private func checkKeys(_ spec: LuaTable, _ accepted: [String], under parent: String) throws {
        for (key, _) in spec.sortedEntries {
            let name = key.description
            if case .string = key, accepted.contains(name) { continue }
            throw fail([parent, name], "\(parent): " + UnknownName.message("key", name, among: accepted))
        }
    }

    static func show(_ value: LuaValue?) -> String {
        switch value {
        case nil, .nil?: return "nothing"
        case .string(let s)?: return "'\(s)'"
        case .table?: return "a table"
        case .opaque(let type, _)?: return "a \(type)"
        case let v?: return v.description
        }
    }
}
