/// A plain-text table: a header row, then rows, columns two spaces apart, text left-aligned and
/// figures right-aligned.
///
/// ```swift
/// TextTable(columns: [.init(header: "#", right: true, cells: ["0", "1"]),
///                     .init(header: "policy", right: false, cells: ["fifo", "cross_training"])]).lines
/// // ["#  policy", "0  fifo", "1  cross_training"]
/// ```
struct TextTable {
    struct Column {
        var header: String
        var right: Bool
        var cells: [String]
        var width: Int { cells.reduce(header.count) { max($0, $1.count) } }
    }

    var columns: [Column]
    static let gap = 2

    /// The width of the widest line.
    var width: Int { columns.reduce(0) { $0 + $1.width } + Self.gap * max(0, columns.count - 1) }

    var lines: [String] {
        let widths = columns.map(\.width)
        let rows = columns.map(\.cells.count).max() ?? 0
        func line(_ texts: [String]) -> String {
            var out = ""
            for (i, text) in texts.enumerated() {
                if i > 0 { out += String(repeating: " ", count: Self.gap) }
                let pad = String(repeating: " ", count: max(0, widths[i] - text.count))
                out += columns[i].right ? pad + text : (i == texts.count - 1 ? text : text + pad)
            }
            return out
        }
        return [line(columns.map(\.header))] + (0..<rows).map { r in line(columns.map { r < $0.cells.count ? $0.cells[r] : "" }) }
    }

    /// Splits text into lines of at most `width` characters at spaces, keeping its own leading spaces,
    /// later lines indented by `indent` (a word longer than a line stays whole).
    static func wrap(_ text: String, width: Int, indent: Int = 0) -> [String] {
        let lead = String(text.prefix { $0 == " " })
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = [], current = lead, empty = true
        for word in text.dropFirst(lead.count).split(separator: " ") {
            if empty {
                current += word
                empty = false
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                lines.append(current)
                current = pad + word
            }
        }
        lines.append(current)
        return lines
    }
}
