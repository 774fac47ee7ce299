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
    var resumed: (path: String, finished: Set<Int>, exists: Bool)? = nil

    /// Whether the command would run cell `index`: this shard's, but not one `--resume` keeps.
    private func runs(_ index: Int) -> Bool {
        (shard?.contains(index) ?? true) && !(resumed?.finished.contains(index) ?? false)
    }

    /// Writes the plan as text (`json` false) or JSON to `emit`, a row at a time: a design of 10,000,000 cells
    /// prints its 10,000,000 lines without holding them (it took 4 GB and three minutes when built as one
    /// table). Column widths come from the values a column can hold, not from the rows gathered first.
    func write(json: Bool, to emit: (String) -> Void) {
        if json { writeJSON(to: emit) } else { writeText(to: emit) }
    }

    private func writeText(to emit: (String) -> Void) {
        let d = header.design
        let groupCount = d.groupCount
        let seeds = (0..<replications).map { CellSeed.seed(base: d.seed, replication: $0) }
        var count = 0, lastIndex = 0, lastGroup = 0, lastReplication = 0, seedWidth = 0
        for i in 0..<(replications * groupCount) where runs(i) {
            count += 1
            lastIndex = i
            lastGroup = Swift.max(lastGroup, i % groupCount)
            lastReplication = i / groupCount
            seedWidth = Swift.max(seedWidth, String(seeds[lastReplication]).count)
        }
        var out = "experiment \(header.file) (\(header.experiment.prefix(16))…)\n"
        out += "scenario \(d.scenario), base seed \(d.seed)"
        if let warmup = d.warmupText { out += "; " + warmup }
        if !d.fixed.isEmpty { out += "; fixed: " + d.fixed.keys.sorted().map { "\($0)=\(d.fixed[$0]!)" }.joined(separator: ", ") }
        out += "\n"
        let factors = d.factors.map { "\($0.name) (\($0.values.map(\.description).joined(separator: ", ")))" }
            + d.uses.map { "\($0.kind) (\($0.plugins.joined(separator: ", ")))" }
        if !factors.isEmpty { out += "factors: " + factors.joined(separator: " × ") + "\n" }
        out += "\(groupCount) group\(groupCount == 1 ? "" : "s") × \(replications) replication\(replications == 1 ? "" : "s") = "
            + "\(groupCount * replications) cell\(groupCount * replications == 1 ? "" : "s") (index = replication × \(groupCount) + group)\n"
        if case .sequential(let min, let max, let batch) = d.replications {
            out += "sequential: \(min) replications first, then batches of \(batch) until precise, at most \(max) (\(groupCount * max) cells)\n"
        }
        if let shard {
            out += "shard \(shard): \(count) cells (index mod \(shard.count) == \(shard.index))\n"
        } else {
            out += "shards: --shard K/N runs the cells with index mod N == K\n"
        }
        if let resumed {
            out += resumed.exists ? "resume \(resumed.path): \(resumed.finished.count) cells finished there are kept; \(count) to run\n"
                : "resume \(resumed.path): no such file (nor \(resumed.path).partial) yet: every cell runs\n"
        }
        emit(out + "\n")
        // The groups: a factor's column is as wide as its widest value, a plugin kind's as its widest plugin.
        let groupColumns = [("group", String(groupCount - 1))] + d.factors.map { f in (f.name, f.values.map(\.description).max { DisplayWidth.of($0) < DisplayWidth.of($1) } ?? "") }
            + d.uses.map { u in (u.kind, u.plugins.max { DisplayWidth.of($0) < DisplayWidth.of($1) } ?? "") }
        let groupWidths = groupColumns.map { Swift.max(DisplayWidth.of($0.0), DisplayWidth.of($0.1)) }
        var chunk = Self.row(groupColumns.map(\.0), widths: groupWidths, rightAligned: 1)
        for g in 0..<groupCount {
            let key = d.cell(g)
            chunk += Self.row([String(g)] + d.factors.map { key.point[$0.name]!.description } + d.uses.map { key.use[$0.kind]! },
                              widths: groupWidths, rightAligned: 1)
            if chunk.utf8.count >= 1 << 16 { emit(chunk); chunk = "" }
        }
        emit(chunk + "\n")
        // The cells: every column right-aligned, as wide as its largest number (seeds: one per replication).
        let cellWidths = [Swift.max(4, String(lastIndex).count), Swift.max(5, String(lastGroup).count),
                          Swift.max(11, String(lastReplication).count), Swift.max(4, seedWidth)]
        chunk = Self.row(["cell", "group", "replication", "seed"], widths: cellWidths, rightAligned: 4)
        for i in 0..<(replications * groupCount) where runs(i) {
            let r = i / groupCount
            // Digits only: their width is their count (DisplayWidth for every cell took most of the time).
            for (c, number) in [i, i % groupCount, r, seeds[r]].enumerated() {
                let text = String(number)
                if c > 0 { chunk += "  " }
                chunk += String(repeating: " ", count: cellWidths[c] - text.utf8.count) + text
            }
            chunk += "\n"
            if chunk.utf8.count >= 1 << 16 { emit(chunk); chunk = "" }
        }
        emit(chunk)
    }

    private func writeJSON(to emit: (String) -> Void) {
        // The keys in byte order, as JSONValue writes an object: cells, experiment, file, groups, replications,
        // resumed, schema, shard.
        let d = header.design
        let groupCount = d.groupCount
        let seeds = (0..<replications).map { CellSeed.seed(base: d.seed, replication: $0) }
        var chunk = "{\"cells\":["
        var first = true
        for i in 0..<(replications * groupCount) where runs(i) {
            let r = i / groupCount
            if !first { chunk += "," }
            first = false
            // What JSONValue writes for this object (keys in byte order), without building one per cell.
            chunk += "{\"group\":\(i % groupCount),\"index\":\(i),\"replication\":\(r),\"seed\":\(seeds[r])}"
            if chunk.utf8.count >= 1 << 16 { emit(chunk); chunk = "" }
        }
        chunk += "],\"experiment\":" + JSONValue.string(header.experiment).text + ",\"file\":" + JSONValue.string(header.file).text + ",\"groups\":["
        for g in 0..<groupCount {
            let key = d.cell(g)
            if g > 0 { chunk += "," }
            JSONValue.object(["group": .integer(g), "point": .object(key.point.mapValues { v in
                if case .number(let x) = v { return .number(x) } else { return .string(v.description) }
            }), "use": .object(key.use.mapValues { .string($0) })]).write(to: &chunk)
            if chunk.utf8.count >= 1 << 16 { emit(chunk); chunk = "" }
        }
        chunk += "],\"replications\":\(replications)"
        if let resumed {
            chunk += ",\"resumed\":" + JSONValue.object(["file": .string(resumed.path), "finished": .array(resumed.finished.sorted().map { .integer($0) })]).text
        }
        chunk += ",\"schema\":1"
        if let shard { chunk += ",\"shard\":" + JSONValue.string(shard.description).text }
        emit(chunk + "}\n")
    }

    /// One table row: each cell padded to its column's width (the first `rightAligned` right-aligned), no
    /// trailing blanks.
    static func row(_ cells: [String], widths: [Int], rightAligned: Int) -> String {
        var line = cells.enumerated().map { c, cell in DisplayWidth.pad(cell, to: widths[c], alignRight: c < rightAligned) }
            .joined(separator: "  ")
        while line.last?.isWhitespace == true { line.removeLast() }
        return line + "\n"
    }
}
