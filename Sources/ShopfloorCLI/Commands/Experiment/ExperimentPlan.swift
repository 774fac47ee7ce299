import ShopfloorText
import Foundation
import ShopfloorExperiment
import ShopfloorScripting

/// What `--plan` prints: the design, the groups, and every cell the command would run (with its seed and
/// shard), without running anything. A dry run of the same command line: `--out` and `--report` are not
/// written, and with `--resume` the cells finished in the `--out` file are left out (they would be kept).
struct ExperimentPlan {
    let header: ExperimentHeader
    let shard: ShardSelection?
    /// The replications the first pass runs (all of a fixed count; `min` of a sequential rule).
    let replications: Int
    /// With `--resume`: the `--out` file and the cells finished there, which the command would keep, not run.
    var resumed: (path: String, finished: Set<Int>)? = nil

    /// The cells the command would run: this shard's, but those `--resume` keeps.
    var cells: [Int] {
        (0..<(replications * header.design.groupCount)).filter { (shard?.contains($0) ?? true) && !(resumed?.finished.contains($0) ?? false) }
    }

    var text: String {
        let d = header.design
        var out = "experiment \(header.file) (\(header.experiment.prefix(16))…)\n"
        out += "scenario \(d.scenario), base seed \(d.seed)"
        if !d.fixed.isEmpty { out += "; fixed: " + d.fixed.keys.sorted().map { "\($0)=\(d.fixed[$0]!)" }.joined(separator: ", ") }
        out += "\n"
        let factors = d.factors.map { "\($0.name) (\($0.values.map(\.description).joined(separator: ", ")))" }
            + d.uses.map { "\($0.kind) (\($0.plugins.joined(separator: ", ")))" }
        if !factors.isEmpty { out += "factors: " + factors.joined(separator: " × ") + "\n" }
        out += "\(d.groupCount) groups × \(replications) replications = \(d.groupCount * replications) cells (index = replication × \(d.groupCount) + group)\n"
        if case .sequential(let min, let max, let batch) = d.replications {
            out += "sequential: \(min) replications first, then batches of \(batch) until precise, at most \(max) (\(d.groupCount * max) cells)\n"
        }
        if let shard {
            out += "shard \(shard): \(cells.count) cells (index mod \(shard.count) == \(shard.index))\n"
        } else {
            out += "shards: --shard K/N runs the cells with index mod N == K\n"
        }
        if let resumed {
            out += "resume \(resumed.path): \(resumed.finished.count) cells finished there are kept; \(cells.count) to run\n"
        }
        let names = d.factors.map(\.name) + d.uses.map(\.kind)
        var rows = [["group"] + names]
        for g in 0..<d.groupCount {
            let key = d.cell(g)
            rows.append([String(g)] + d.factors.map { key.point[$0.name]!.description } + d.uses.map { key.use[$0.kind]! })
        }
        out += "\n" + Self.table(rows, rightAligned: 1)
        var cellRows = [["cell", "group", "replication", "seed"]]
        for i in cells {
            let key = d.cell(i)
            cellRows.append([String(i), String(key.group), String(key.replication), String(CellSeed.seed(base: d.seed, replication: key.replication))])
        }
        out += "\n" + Self.table(cellRows, rightAligned: 4)
        return out
    }

    var json: String {
        let d = header.design
        var groups: [JSONValue] = []
        for g in 0..<d.groupCount {
            let key = d.cell(g)
            groups.append(.object(["group": .integer(g), "point": .object(key.point.mapValues { v in
                if case .number(let x) = v { return .number(x) } else { return .string(v.description) }
            }), "use": .object(key.use.mapValues { .string($0) })]))
        }
        let cellList: [JSONValue] = cells.map { i in
            let key = d.cell(i)
            return .object(["index": .integer(i), "group": .integer(key.group), "replication": .integer(key.replication),
                            "seed": .integer(CellSeed.seed(base: d.seed, replication: key.replication))])
        }
        var object: [String: JSONValue] = ["schema": .integer(1), "experiment": .string(header.experiment), "file": .string(header.file),
                                           "groups": .array(groups), "cells": .array(cellList), "replications": .integer(replications)]
        if let shard { object["shard"] = .string(shard.description) }
        if let resumed {
            object["resumed"] = .object(["file": .string(resumed.path), "finished": .array(resumed.finished.sorted().map { .integer($0) })])
        }
        return JSONValue.object(object).text + "\n"
    }

    /// Columns padded to their widest cell; the first `rightAligned` columns right-aligned.
    static func table(_ rows: [[String]], rightAligned: Int) -> String {
        guard let first = rows.first else { return "" }
        let widths = (0..<first.count).map { c in rows.map { DisplayWidth.of($0[c]) }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { c, cell in DisplayWidth.pad(cell, to: widths[c], alignRight: c < rightAligned) }
                .joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }.joined(separator: "\n") + "\n"
    }
}
