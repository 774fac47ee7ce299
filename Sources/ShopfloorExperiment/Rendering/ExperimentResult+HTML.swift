import ShopfloorText

/// The `--report PATH.html` page: one offline file (inline CSS and SVG, no scripts, nothing fetched)
/// with the design, the group table, the paired differences, failed cells, and one confidence-interval
/// chart per measure across the grid. Well-formed XML, like the run's report, so tests can parse it.
extension ExperimentResult {
    /// An offline HTML page (no external resources): the table, and confidence-interval charts per measure
    /// across the grid.
    public func html() -> String {
        let design = self.design
        let title = "Shopfloor experiment — \(header.file)"
        var body = "<h1>\(e(title))</h1>\n"
        body += "<p class=\"meta\">\(e(metaLine))</p>\n"
        if !isComplete {
            body += "<p class=\"warn\">Incomplete: \(need.count) of \(groups.count) groups need more replications"
                + (neededCells.map { " (" + GroupLabel.cells($0) + ")" } ?? "") + ".</p>\n"
        }
        body += "<h2>Results</h2>\n<p class=\"note\">mean ± half-width of the \(e(Figures.percent(confidence))) confidence interval (Student's t), per group.</p>\n"
        body += table(header: ["#"] + GroupLabel.headers(design) + ["n"] + statusHeader + measureNames,
                      rows: groups.map { g in
                          [String(g.group)] + GroupLabel.values(design, point: g.point, use: g.use) + [String(g.decision.used.count)]
                              + statusCell(g) + measureNames.map { name in
                                  g.measures[name].map { $0.n > 0 ? Figures.interval(mean: $0.mean, halfWidth: $0.halfWidth) : "–" } ?? "–"
                              }
                      })
        if let note = noValueNote { body += "<p class=\"note\">\(e(note))</p>\n" }
        if let compare = design.compare, !comparisons.isEmpty {
            body += "<h2>Paired differences against \(e(compare.by))=\(e(compare.baseline))</h2>\n"
            body += "<p class=\"note\">other − baseline, replication by replication (common random numbers); p: two-sided paired t-test.</p>\n"
            body += table(header: ["#", "baseline #"] + GroupLabel.headers(design) + measureNames,
                          rows: comparisons.map { c in
                              let g = groups[c.group]
                              return [String(c.group), String(c.baselineGroup)] + GroupLabel.values(design, point: g.point, use: g.use)
                                  + measureNames.map { name in
                                      guard let d = c.measures[name], d.summary.n > 0 else { return "–" }
                                      return Figures.interval(mean: d.summary.mean, halfWidth: d.summary.halfWidth) + " (" + Figures.pValue(d.pValue) + ")"
                                  }
                          })
        }
        let failed = failedCells
        if !failed.isEmpty {
            body += "<h2>Failed cells</h2>\n<ul class=\"failed\">\n"
            for cell in failed {
                body += "<li>cell \(cell.index) (#\(cell.group), replication \(cell.replication), seed \(cell.seed)): <code>\(e(cell.error ?? ""))</code></li>\n"
            }
            body += "</ul>\n"
        }
        body += "<h2>Charts</h2>\n<div class=\"charts\">\n"
        for name in measureNames { body += chart(name) + "\n" }
        body += "</div>\n"
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>\(e(title))</title>\n"
            + "<style>\(Self.css)</style>\n</head>\n<body>\n\(body)</body>\n</html>\n"
    }

    private var metaLine: String {
        let design = self.design
        var parts = ["scenario \(design.scenario)", "seed \(design.seed)", "shopfloor \(header.version)",
                     "\(groups.count) group\(groups.count == 1 ? "" : "s")"]
        if let warmup = design.warmupText { parts.insert(warmup, at: 2) }
        switch design.replications {
        case .fixed(let count): parts.append("\(count) replications each")
        case .sequential(let min, let max, let batch):
            parts.append("\(min) to \(max) replications in batches of \(batch)"
                         + (design.precision.map { " until ±\(Figures.percent($0.relative)) on \($0.on)" } ?? ""))
        }
        parts.append("experiment \(header.experiment.prefix(12))")
        return parts.joined(separator: " · ")
    }

    private var statusHeader: [String] {
        if case .sequential = design.replications { return ["rule"] }
        return isComplete ? [] : ["status"]
    }

    private func statusCell(_ g: GroupResult) -> [String] {
        statusHeader.isEmpty ? [] : [Self.statusWord(g.decision.status)]
    }

    /// One measure's means with their intervals: grid points along x, plugin choices as colours.
    private func chart(_ name: String) -> String {
        let design = self.design
        let categories = (0..<design.pointCount).map { p -> String in
            let point = design.point(p)
            let values = design.factors.map { point[$0.name].map(Figures.value) ?? "–" }
            return values.isEmpty ? "all" : values.joined(separator: " · ")
        }
        let series = (0..<design.useCount).map { c -> String in
            let use = design.use(c)
            return design.uses.map { "\($0.kind)=\(use[$0.kind] ?? "–")" }.joined(separator: " ")
        }
        let marks = groups.map { g -> IntervalChart.Mark in
            let s = g.measures[name]
            return IntervalChart.Mark(category: g.group / design.useCount, series: g.group % design.useCount,
                                      mean: s?.mean ?? .nan, halfWidth: s?.halfWidth ?? .nan)
        }
        return IntervalChart(title: "\(name): mean and \(Figures.percent(confidence)) confidence interval per group",
                             yTitle: name, xTitle: design.factors.isEmpty ? "" : design.factors.map(\.name).joined(separator: " · "),
                             categories: categories, series: series, marks: marks).svg
    }

    /// A table; columns whose cells are all words (plugin names, string factors) are left-aligned,
    /// figures right-aligned.
    private func table(header: [String], rows: [[String]]) -> String {
        let words = header.indices.map { c in
            rows.allSatisfy { row in c < row.count && row[c].first.map { !$0.isNumber && $0 != "-" && $0 != "–" } ?? true }
        }
        func cell(_ tag: String, _ text: String, _ c: Int) -> String {
            "<\(tag)\(words[c] && !rows.isEmpty ? " class=\"word\"" : "")>\(e(text))</\(tag)>"
        }
        var s = "<div class=\"scroll\"><table>\n<tr>" + header.enumerated().map { cell("th", $1, $0) }.joined() + "</tr>\n"
        for row in rows { s += "<tr>" + row.enumerated().map { cell("td", $1, $0) }.joined() + "</tr>\n" }
        return s + "</table></div>\n"
    }

    private func e(_ text: String) -> String { HTMLText.escaped(text) }

    static let css = """
        body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px auto; max-width: 1200px; color: #222; padding: 0 12px; }
        h1 { font-size: 22px; margin-bottom: 4px; } h2 { font-size: 17px; margin-top: 28px; }
        .meta, .note { color: #666; margin-top: 0; } .warn { color: #a40; font-weight: 600; }
        .scroll { overflow-x: auto; }
        table { border-collapse: collapse; margin: 8px 0 16px; }
        th, td { border-bottom: 1px solid #ddd; padding: 4px 12px; text-align: right; white-space: nowrap; }
        th.word, td.word { text-align: left; } th { background: #f4f4f4; }
        code { font-size: 13px; } .failed li { margin: 2px 0; }
        svg.chart { width: 100%; max-width: 900px; height: auto; margin: 12px 0 20px; background: #fff; display: block; }
        .title { font-size: 14px; font-weight: 600; fill: #222; } .tick { font-size: 11px; fill: #555; }
        .axis-title { font-size: 12px; fill: #333; } .legend { font-size: 12px; fill: #333; }
        .grid { stroke: #eee; } .axis { stroke: #888; } .bar { stroke-width: 1.6; } .empty { color: #888; }
        """
}
