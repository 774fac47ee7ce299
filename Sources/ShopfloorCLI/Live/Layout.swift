import Foundation
import ShopfloorScripting

/// ANSI styles, used only on a terminal (the live view refuses to start elsewhere) and never
/// with `NO_COLOR`.
enum Style {
    static let enabled = ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    static var bold: String { enabled ? "\u{1B}[1m" : "" }
    static var red: String { enabled ? "\u{1B}[31m" : "" }
    static var green: String { enabled ? "\u{1B}[32m" : "" }
    static var gray: String { enabled ? "\u{1B}[90m" : "" }
    static var reset: String { enabled ? "\u{1B}[0m" : "" }

    static func code(_ color: ViewFrame.Color) -> String {
        guard enabled else { return "" }
        switch color {
        case .plain: return ""
        case .red: return "\u{1B}[31m"
        case .green: return "\u{1B}[32m"
        case .yellow: return "\u{1B}[33m"
        case .blue: return "\u{1B}[34m"
        case .magenta: return "\u{1B}[35m"
        case .cyan: return "\u{1B}[36m"
        case .gray: return "\u{1B}[90m"
        case .bold: return "\u{1B}[1m"
        }
    }

    /// Display width of a string (``DisplayWidth``, the one the summary tables and the board use).
    static func width(_ s: String) -> Int { DisplayWidth.of(s) }

    /// Cuts `s` to `columns` display columns.
    static func fit(_ s: String, _ columns: Int) -> String {
        var out = "", used = 0
        for c in s {
            let w = DisplayWidth.of(c)
            if used + w > columns { break }
            out.append(c)
            used += w
        }
        return out
    }

    static func pad(_ s: String, _ columns: Int) -> String {
        let f = fit(s, columns)
        return f + String(repeating: " ", count: max(0, columns - width(f)))
    }
}

/// Lays a view frame out as screen lines: labels full width, consecutive lists side by side in
/// columns (stacked when the terminal is narrow), bars with their value and note.
///
/// Everything fits in `height` rows: labels and bars take one row each, and the lists share what
/// is left — a short list keeps all its rows, a long one is cut and ends with `+N more` — so a
/// long Waiting list never pushes the Working list off a small screen.
enum Layout {
    private enum Piece {
        case line(String)
        case lists([(title: String, items: [ViewFrame.Item])])
    }

    static func render(_ frame: ViewFrame, width: Int, height: Int = .max, words: ViewWords = .english) -> [String] {
        var pieces: [Piece] = []
        var pendingLists: [(title: String, items: [ViewFrame.Item])] = []
        func flushLists() {
            guard !pendingLists.isEmpty else { return }
            let perRow = max(1, min(pendingLists.count, width / 24))
            var start = 0
            while start < pendingLists.count {
                pieces.append(.lists(Array(pendingLists[start..<min(start + perRow, pendingLists.count)])))
                start += perRow
            }
            pendingLists = []
        }
        for block in frame.blocks {
            switch block {
            case .list(let title, let items):
                pendingLists.append((title, items))
            case .label(let item):
                flushLists()
                pieces.append(.line(Style.code(item.color) + Style.fit(item.text, width) + Style.reset))
            case let .bar(label, value, maximum, note, color):
                flushLists()
                pieces.append(.line(bar(label: label, value: value, maximum: maximum, note: note, color: color, width: width)))
            }
        }
        flushLists()
        // Each group of lists takes a title row and a blank row after; its items share the rest.
        var fixed = 0, needs: [Int] = []
        for piece in pieces {
            switch piece {
            case .line: fixed += 1
            case .lists(let group):
                fixed += 2
                needs.append(group.map(\.items.count).max() ?? 0)
            }
        }
        let rows = share(max(0, height == .max ? needs.reduce(0, +) : height - fixed), among: needs)
        var lines: [String] = []
        var groupIndex = 0
        for piece in pieces {
            switch piece {
            case .line(let line): lines.append(line)
            case .lists(let group):
                lines += render(group, rows: rows[groupIndex], width: width, words: words)
                groupIndex += 1
            }
        }
        return lines
    }

    /// Lists side by side with `rows` rows for their items; a list with more items than rows shows
    /// what fits and `+N more` on its last row (or after its title when there is no row at all).
    private static func render(_ group: [(title: String, items: [ViewFrame.Item])], rows: Int, width: Int,
                               words: ViewWords) -> [String] {
        let columnWidth = width / group.count - 1
        let shown = group.map { list -> [(text: String, color: ViewFrame.Color)] in
            let items = list.items.map { (text: $0.text, color: $0.color) }
            guard items.count > rows else { return items }
            guard rows > 0 else { return [] }
            return Array(items.prefix(rows - 1)) + [(text: words.more(items.count - (rows - 1)), color: .gray)]
        }
        var lines = [zip(group, shown).map { list, items in
            let title = rows == 0 && !list.items.isEmpty ? list.title + " " + words.more(list.items.count) : list.title
            return Style.bold + Style.pad(title, columnWidth) + Style.reset
        }.joined(separator: " ")]
        for row in 0..<(shown.map { $0.count }.max() ?? 0) {
            lines.append(shown.map { items in
                guard row < items.count else { return String(repeating: " ", count: columnWidth) }
                return Style.code(items[row].color) + Style.pad(items[row].text, columnWidth) + Style.reset
            }.joined(separator: " "))
        }
        lines.append("")
        return lines
    }

    /// Splits `room` rows among groups needing `needs` rows: each gets an equal share at most what
    /// it needs, and what a short group leaves goes to the others.
    static func share(_ room: Int, among needs: [Int]) -> [Int] {
        var given = Array(repeating: 0, count: needs.count)
        var left = room
        var open = needs.indices.filter { needs[$0] > 0 }
        while left > 0 && !open.isEmpty {
            let each = max(1, left / open.count)
            for i in open where left > 0 {
                let more = min(each, needs[i] - given[i], left)
                given[i] += more
                left -= more
            }
            open = open.filter { given[$0] < needs[$0] }
        }
        return given
    }

    /// `label  ████████······ 5/15 waiting`. A value or maximum that is not a finite number, or a
    /// negative one, draws as an empty bar and prints as it is (`inf`, `nan`); nothing traps.
    static func bar(label: String, value: Double, maximum: Double, note: String, color: ViewFrame.Color, width: Int) -> String {
        let labelWidth = min(16, max(8, width / 5))
        let barWidth = max(10, width - labelWidth - 24)
        var fraction = maximum > 0 && maximum.isFinite && value.isFinite ? value / maximum : 0
        if !fraction.isFinite { fraction = 0 }
        fraction = min(max(fraction, 0), 1)
        let filled = min(barWidth, max(0, Int((fraction * Double(barWidth)).rounded())))
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled)
        let figures = "\(LiveView.number(value))/\(LiveView.number(maximum)) \(note)"
        return Style.pad(label, labelWidth) + " " + Style.code(color) + bar + Style.reset + " " + Style.fit(figures, 22)
    }
}
