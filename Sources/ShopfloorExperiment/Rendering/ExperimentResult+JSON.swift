import ShopfloorText

/// The JSON rendering (`--format json`, schema 2, docs/schema/experiment.json): the text table's data
/// and more (standard deviation, standard error, min, max), keys sorted, no timing — byte-identical for
/// the same set of cells, however many threads, processes or shards ran them.
extension ExperimentResult {
    /// The version of this document's shape (docs/schema/README.md: a field change bumps it).
    public static let schema = 2

    /// The same data as JSON (schema 2, keys sorted, no timing), one line without a trailing newline.
    public func json() -> String { document.text }

    var document: JSONValue {
        let design = self.design
        var fields: [String: JSONValue] = [
            "schema": .integer(Self.schema),
            "experiment": .string(header.experiment),
            "file": .string(header.file),
            "version": .string(header.version),
            "scenario": .string(design.scenario),
            "seed": .integer(design.seed),
            "confidence": .number(confidence),
            "factors": .array(design.factors.map { .object(["name": .string($0.name), "values": .array($0.values.map(JSONValue.init))]) }),
            "fixed": .object(design.fixed.mapValues(JSONValue.init)),
            "uses": .array(design.uses.map { .object(["kind": .string($0.kind), "plugins": .array($0.plugins.map(JSONValue.string))]) }),
            "measures": .array(measureNames.map(JSONValue.string)),
            "complete": .bool(isComplete),
            "groups": .array(groups.map(Self.json)),
            "comparisons": .array(comparisons.map { json($0) }),
            "failed": .array(failedCells.map {
                .object(["index": .integer($0.index), "group": .integer($0.group), "replication": .integer($0.replication),
                         "seed": .integer($0.seed), "error": .string($0.error ?? "")])
            }),
            "need": .array(need.map {
                .object(["group": .integer($0.group), "more": .integer($0.more),
                         "replications": .array($0.replications.map(JSONValue.integer)),
                         "cells": .array($0.cells.map(JSONValue.integer))])
            }),
        ]
        switch design.replications {
        case .fixed(let count): fields["replications"] = .object(["count": .integer(count)])
        case .sequential(let min, let max, let batch):
            fields["replications"] = .object(["min": .integer(min), "max": .integer(max), "batch": .integer(batch)])
        }
        if let p = design.precision {
            fields["precision"] = .object(["relative": .number(p.relative), "confidence": .number(p.confidence), "on": .string(p.on)])
        }
        if let c = design.compare {
            fields["compare"] = .object(["by": .string(c.by), "baseline": .string(c.baseline)])
        }
        if let warmup = design.warmup { fields["warmup"] = .number(warmup) }
        return .object(fields)
    }

    private static func json(_ g: GroupResult) -> JSONValue {
        .object([
            "group": .integer(g.group),
            "point": .object(g.point.mapValues(JSONValue.init)),
            "use": .object(g.use.mapValues(JSONValue.string)),
            "status": .string(g.decision.status.rawValue),
            "replications": .integer(g.decision.used.count),
            "cells": .integer(g.cellsPresent),
            "failed": .integer(g.failed),
            "measures": .object(g.measures.mapValues(json)),
        ])
    }

    private func json(_ c: GroupComparison) -> JSONValue {
        let g = groups[c.group]
        return .object([
            "group": .integer(c.group),
            "baseline_group": .integer(c.baselineGroup),
            "point": .object(g.point.mapValues(JSONValue.init)),
            "use": .object(g.use.mapValues(JSONValue.string)),
            // What the group is compared against: the baseline group's plugins and its factor values. With a
            // factor as `by` the plugins alone named nothing the comparison is about (schema 1 had only them).
            "baseline": .object(groups[c.baselineGroup].use.mapValues(JSONValue.string)),
            "baseline_point": .object(groups[c.baselineGroup].point.mapValues(JSONValue.init)),
            "measures": .object(c.measures.mapValues { d in
                guard case .object(var fields) = Self.json(d.summary) else { return .null }
                fields["p_value"] = .number(d.pValue)
                return .object(fields)
            }),
        ])
    }

    private static func json(_ s: SampleSummary) -> JSONValue {
        .object([
            "n": .integer(s.n),
            "mean": .number(s.mean),
            "sd": .number(s.standardDeviation),
            "se": .number(s.standardError),
            "half_width": .number(s.halfWidth),
            "relative_half_width": .number(s.relativeHalfWidth),
            "min": .number(s.minimum),
            "max": .number(s.maximum),
        ])
    }
}
