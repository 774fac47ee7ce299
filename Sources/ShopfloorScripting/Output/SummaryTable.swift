import ShopfloorText

/// One table of the text summary: a left-aligned name column, then right-aligned figure columns of usual widths
/// that grow when a figure (or a heading) needs more, so every column keeps at least one space before it.
///
/// In a table where a heading holds a space (`최대 대기`, `mean wait`), one space would also part two headings
/// (`95% 대기 최대 대기` reads as four), so there every heading keeps at least two spaces before it. The English
/// tables' usual widths already leave two, so they print as they always have.
///
/// The usual widths are the summary's layout since the first release: a table whose cells all fit prints exactly
/// as before. A figure as wide as its column or wider (`186367.22 s` in a 10-column `p95 wait`, a count of ten
/// digits) widens that column in every row, so figures never touch and the columns stay aligned.
///
/// ```swift
/// var table = SummaryTable("class", nameWidth: 5, columns: [("served", 8), ("mean wait", 11)])
/// table.row("loan", ["12", "1234567890.00 s"])
/// table.text
/// // class  served       mean wait
/// // loan       12 1234567890.00 s
/// ```
struct SummaryTable {
    /// The name column's heading and width (names are padded to it on the right).
    var heading: String
    var nameWidth: Int
    /// Each figure column's heading and usual width (the width includes the space that separates it).
    var columns: [(heading: String, width: Int)]
    private var rows: [(name: String, figures: [String])] = []

    init(_ heading: String, nameWidth: Int, columns: [(heading: String, width: Int)]) {
        self.heading = heading
        self.nameWidth = nameWidth
        self.columns = columns
    }

    /// Adds a row: a name and one figure per column. A control character in the name (a task called
    /// `"lo\nan"`) is shown as `\u{A}`, as error messages show it: written as is, it broke the row in two
    /// and every column after it, or reached the terminal as a command.
    mutating func row(_ name: String, _ figures: [String]) {
        precondition(figures.count == columns.count, "a summary row has one figure per column")
        rows.append((ControlCharacters.escaped(name, keepingLineBreaks: false), figures))
    }

    /// The heading line and the rows, each ending in a newline.
    var text: String {
        let all = [(name: heading, figures: columns.map(\.heading))] + rows
        let names = all.reduce(nameWidth) { max($0, DisplayWidth.of($1.name)) }
        let gap = ([heading] + columns.map(\.heading)).contains { $0.contains(" ") } ? 2 : 1
        let widths = columns.indices.map { c in
            rows.reduce(max(columns[c].width, DisplayWidth.of(columns[c].heading) + gap)) { max($0, DisplayWidth.of($1.figures[c]) + 1) }
        }
        var out = ""
        for line in all {
            out += DisplayWidth.pad(line.name, to: names)
            for (c, figure) in line.figures.enumerated() { out += DisplayWidth.pad(figure, to: widths[c], alignRight: true) }
            out += "\n"
        }
        return out
    }
}
