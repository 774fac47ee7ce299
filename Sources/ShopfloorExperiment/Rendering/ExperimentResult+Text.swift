import ShopfloorText

/// The text rendering, in the style of Arena's Process Analyzer: one row per group (its factor values and
/// plugin choices), one column per measure as `mean ± half-width`.
///
/// Fitted to the width given: the measure columns are split over several tables (the group columns
/// repeated) when they do not fit side by side, and when not even one fits beside the group columns
/// (a 60-column terminal), each group becomes a block of `measure  mean ± half-width` lines.
extension ExperimentResult {
    /// The table, fitted to `width` columns (at least 40).
    public func text(width: Int) -> String {
        let width = max(width, 40)
        var out = heading(width: width)
        out.append("")
        out += groupTables(width: width)
        if let note = noValueNote {
            out.append("")
            out += TextTable.wrap(note, width: width)
        }
        if !comparisons.isEmpty, let compare = design.compare {
            out.append("")
            out += TextTable.wrap("Paired differences against \(compare.by)=\(compare.baseline) (other − baseline, "
                                  + "replication by replication; p: paired t-test)", width: width)
            out.append("")
            out += comparisonTables(width: width)
        }
        if !failedCells.isEmpty {
            out.append("")
            out += failureLines(width: width)
        }
        if !isComplete {
            out.append("")
            let short = groups.filter { $0.decision.status == .short }.count
            let range = neededCells.map { " (" + GroupLabel.cells($0) + ")" } ?? ""
            out += TextTable.wrap("Incomplete: \(short) of \(groups.count) groups need more replications\(range); "
                                  + "`shopfloor merge --need` lists them.", width: width)
        }
        return out.joined(separator: "\n") + "\n"
    }

    /// What a dash in the results means, when a group that ran has one: a measure missing from a group's runs (a
    /// class or station only some factor values build) is not a failure, its cells record no value for it (text and
    /// HTML say so under the table).
    var noValueNote: String? {
        guard groups.contains(where: { g in g.decision.used.count > g.failed && measureNames.contains { (g.measures[$0]?.n ?? 0) == 0 } })
        else { return nil }
        return "–: no cell of the group that ran has this figure (its runs lack it: a class, station or juice the scenario does not "
            + "build with the group's values, or a class nobody of which came); it counts in no figure."
    }

    /// What `merge --need` prints: per short group, how many more replications, which, and their cells.
    public func needText(width: Int = 80) -> String {
        let width = max(width, 40)
        let needs = need
        guard !needs.isEmpty else { return "Complete: no group needs more replications.\n" }
        var out = ["\(needs.count) of \(groups.count) groups need more replications:"]
        for n in needs {
            let label = GroupLabel.text(design, point: n.point, use: n.use)
            out += TextTable.wrap("  #\(n.group) \(label): \(n.more) more; replications "
                                  + "\(GroupLabel.runs(n.replications, step: 1)); cells \(GroupLabel.runs(n.cells, step: design.groupCount))",
                                  width: width, indent: 4)
        }
        if let range = neededCells, let next = nextReplications {
            // No option names cells: the way to run them is `--replications N`, which a reader would
            // otherwise work out from the replications listed (N is the highest plus one, not the count).
            out += TextTable.wrap("Run \(GroupLabel.cells(range))" + (range.count > 1 ? " (\(range.count) cells, every needed one)" : "")
                                  + ": each shard's command again with --replications \(next) --resume.", width: width)
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func heading(width: Int) -> [String] {
        let design = self.design
        var out = TextTable.wrap("Experiment \(header.file): scenario \(design.scenario), seed \(design.seed)"
                                 + (design.warmupText.map { ", " + $0 } ?? ""), width: width)
        let shape = (design.factors.map { "\($0.values.count) \($0.name)" } + design.uses.map { "\($0.plugins.count) \($0.kind)" })
        let groupsText = "\(groups.count) group" + (groups.count == 1 ? "" : "s") + (shape.count > 0 ? " (" + shape.joined(separator: " × ") + ")" : "")
        switch design.replications {
        case .fixed(let count):
            out += TextTable.wrap("\(groupsText), \(count) replication\(count == 1 ? "" : "s") each", width: width)
        case .sequential(let min, let max, let batch):
            let target = design.precision.map { " until the half-width is within \(Figures.percent($0.relative)) of the mean of \($0.on)" } ?? ""
            out += TextTable.wrap("\(groupsText), \(min) to \(max) replications each in batches of \(batch)\(target)", width: width)
        }
        out += TextTable.wrap("mean ± \(Figures.percent(confidence)) confidence half-width (Student's t)", width: width)
        return out
    }

    /// The group columns: number, factor values, plugin choices, replications used, and the rule's status
    /// when the design is sequential or the result incomplete.
    private func keyColumns(_ rows: [(group: Int, point: [String: FactorValue], use: [String: String], n: String, status: String)])
        -> [TextTable.Column] {
        var columns = [TextTable.Column(header: "#", right: true, cells: rows.map { String($0.group) })]
        let values = rows.map { GroupLabel.values(design, point: $0.point, use: $0.use) }
        let numeric = design.factors.map { f in f.values.allSatisfy { if case .number = $0 { true } else { false } } }
            + design.uses.map { _ in false }
        for (i, header) in GroupLabel.headers(design).enumerated() {
            columns.append(.init(header: header, right: numeric[i], cells: values.map { $0[i] }))
        }
        columns.append(.init(header: "n", right: true, cells: rows.map(\.n)))
        if case .sequential = design.replications {
            columns.append(.init(header: "rule", right: false, cells: rows.map(\.status)))
        } else if !isComplete {
            columns.append(.init(header: "status", right: false, cells: rows.map(\.status)))
        }
        return columns
    }

    private func groupTables(width: Int) -> [String] {
        let keys = keyColumns(groups.map { ($0.group, $0.point, $0.use, String($0.decision.used.count), Self.statusWord($0.decision.status)) })
        let measures = measureNames.map { name in
            TextTable.Column(header: name, right: false, cells: Self.aligned(groups.map { ($0.measures[name], nil) },
                                                                              n: groups.map { $0.decision.used.count }))
        }
        let blocks = groups.map { g -> Block in
            var count = "n=\(g.decision.used.count)"
            if case .sequential = design.replications { count += ", " + Self.statusWord(g.decision.status) }
            let title = "#\(g.group) \(GroupLabel.text(design, point: g.point, use: g.use)) (\(count))"
            return Block(title: title, rows: measureNames.map { ($0, g.measures[$0], nil) }, n: g.decision.used.count)
        }
        return fit(keys: keys, measures: measures, blocks: blocks, width: width)
    }

    private func comparisonTables(width: Int) -> [String] {
        let pairs = comparisons.map { c in c.measures.values.map(\.summary.n).max() ?? 0 }
        let rows = comparisons.enumerated().map { i, c -> (group: Int, point: [String: FactorValue], use: [String: String], n: String, status: String) in
            let g = groups[c.group]
            return (g.group, g.point, g.use, String(pairs[i]), Self.statusWord(g.decision.status))
        }
        let keys = keyColumns(rows)
        let measures = measureNames.map { name in
            TextTable.Column(header: name, right: false,
                             cells: Self.aligned(comparisons.map { ($0.measures[name]?.summary, $0.measures[name]?.pValue) }, n: pairs))
        }
        let blocks = comparisons.enumerated().map { i, c -> Block in
            let g = groups[c.group]
            return Block(title: "#\(g.group) \(GroupLabel.text(design, point: g.point, use: g.use)) − #\(c.baselineGroup) (n=\(rows[i].n))",
                         rows: measureNames.map { ($0, c.measures[$0]?.summary, c.measures[$0]?.pValue) }, n: pairs[i])
        }
        return fit(keys: keys, measures: measures, blocks: blocks, width: width)
    }

    /// Side-by-side tables when the group columns and at least one measure fit in `width`, else blocks.
    private func fit(keys: [TextTable.Column], measures: [TextTable.Column], blocks: [Block],
                     width: Int) -> [String] {
        let keyWidth = TextTable(columns: keys).width
        if measures.allSatisfy({ keyWidth + TextTable.gap + $0.width <= width }) {
            var out: [String] = [], chunk: [TextTable.Column] = [], used = keyWidth
            for column in measures {
                if !chunk.isEmpty && used + TextTable.gap + column.width > width {
                    out += TextTable(columns: keys + chunk).lines + [""]
                    chunk = []; used = keyWidth
                }
                chunk.append(column); used += TextTable.gap + column.width
            }
            return out + TextTable(columns: keys + chunk).lines
        }
        // Blocks: the `±` signs of one block in one column.
        var out: [String] = []
        let nameWidth = blocks.flatMap { $0.rows.map(\.name.count) }.max() ?? 0
        for (i, block) in blocks.enumerated() {
            if i > 0 { out.append("") }
            out += TextTable.wrap(block.title, width: width, indent: 2)
            let values = Self.aligned(block.rows.map { ($0.summary, $0.p) }, n: block.rows.map { _ in block.n })
            let sideBySide = 2 + nameWidth + TextTable.gap + (values.map(\.count).max() ?? 0) <= width
            for (row, value) in zip(block.rows, values) {
                if sideBySide {
                    out.append("  " + row.name + String(repeating: " ", count: nameWidth - row.name.count + TextTable.gap) + value)
                } else {
                    out.append("  " + row.name)
                    out.append("    " + value.trimmingLeadingSpaces)
                }
            }
        }
        return out
    }

    /// One group (or comparison) in the narrow layout: a title, then a line per measure.
    struct Block {
        var title: String
        var rows: [(name: String, summary: SampleSummary?, p: Double?)]
        /// The row's `n`: a measure observed in fewer cells says how many.
        var n: Int
    }

    private func failureLines(width: Int) -> [String] {
        let failed = failedCells
        var out = ["\(failed.count) cell\(failed.count == 1 ? "" : "s") failed (\(failed.count == 1 ? "it counts" : "they count") in no figure):"]
        for cell in failed {
            out += TextTable.wrap("  cell \(cell.index) (#\(cell.group), replication \(cell.replication), seed \(cell.seed)): \(Self.visible(cell.error))",
                                  width: width, indent: 4)
        }
        return out
    }

    /// A cell's error as the table shows it: on its line, control characters made visible (`\u{1B}`), as on an
    /// `error:` line — it quotes the script's `error(…)` text, which must not act on the terminal.
    static func visible(_ error: String?) -> String {
        ControlCharacters.escaped(error ?? "", keepingLineBreaks: false)
    }

    static func statusWord(_ status: ReplicationDecision.Status) -> String {
        switch status {
        case .complete: "complete"
        case .precise: "precise"
        case .maximum: "max"
        case .short: "short"
        }
    }

    /// `mean ± half-width` (and a p-value) per row, the `±` signs in one column.
    /// A measure observed in fewer cells than its row counts (a class nobody of which came in some replications
    /// has no wait there) carries its own `(n=K)`, so the half-width is read with the right count.
    static func aligned(_ rows: [(SampleSummary?, Double?)], n: [Int]) -> [String] {
        let parts = zip(rows, n).map { row, expected -> (String, String, String) in
            let (summary, p) = row
            guard let s = summary, s.n > 0 else { return ("–", "", "") }
            let text = Figures.interval(mean: s.mean, halfWidth: s.halfWidth)
            var pieces = text.components(separatedBy: " ± ")
            if s.n < expected { pieces[pieces.count - 1] += " (n=\(s.n))" }
            return (pieces[0], pieces.count > 1 ? " ± " + pieces[1] : "", p.map { "  " + Figures.pValue($0) } ?? "")
        }
        let meanWidth = parts.map(\.0.count).max() ?? 0
        let restWidth = parts.map(\.1.count).max() ?? 0
        return parts.map { mean, rest, p in
            String(repeating: " ", count: meanWidth - mean.count) + mean + rest
                + String(repeating: " ", count: p.isEmpty ? 0 : restWidth - rest.count) + p
        }
    }
}

private extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
