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

    /// Display width of a string: East Asian wide characters (Korean) take two columns.
    static func width(_ s: String) -> Int {
        s.unicodeScalars.reduce(0) { w, u in
            let v = u.value
            let wide = (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
                || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
                || (0xFFE0...0xFFE6).contains(v)
            return w + (wide ? 2 : (u.properties.generalCategory == .nonspacingMark ? 0 : 1))
        }
    }

    /// Cuts `s` to `columns` display columns.
    static func fit(_ s: String, _ columns: Int) -> String {
        var out = "", used = 0
        for c in s {
            let w = width(String(c))
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
enum Layout {
    static func render(_ frame: ViewFrame, width: Int) -> [String] {
        var lines: [String] = []
        var pendingLists: [(String, [ViewFrame.Item])] = []
        func flushLists() {
            guard !pendingLists.isEmpty else { return }
            let perRow = max(1, min(pendingLists.count, width / 24))
            var start = 0
            while start < pendingLists.count {
                let group = Array(pendingLists[start..<min(start + perRow, pendingLists.count)])
                let columnWidth = width / group.count - 1
                let height = group.map { $0.1.count }.max() ?? 0
                lines.append(group.map { Style.bold + Style.pad($0.0, columnWidth) + Style.reset }.joined(separator: " "))
                for row in 0..<height {
                    lines.append(group.map { list in
                        guard row < list.1.count else { return String(repeating: " ", count: columnWidth) }
                        let item = list.1[row]
                        return Style.code(item.color) + Style.pad(item.text, columnWidth) + Style.reset
                    }.joined(separator: " "))
                }
                lines.append("")
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
                lines.append(Style.code(item.color) + Style.fit(item.text, width) + Style.reset)
            case let .bar(label, value, maximum, note, color):
                flushLists()
                let labelWidth = min(16, max(8, width / 5))
                let barWidth = max(10, width - labelWidth - 24)
                let fraction = maximum > 0 ? min(max(value / maximum, 0), 1) : 0
                let filled = Int((fraction * Double(barWidth)).rounded())
                let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: barWidth - filled)
                let figures = "\(LiveView.number(value))/\(LiveView.number(maximum)) \(note)"
                lines.append(Style.pad(label, labelWidth) + " " + Style.code(color) + bar + Style.reset + " " + Style.fit(figures, 22))
            }
        }
        flushLists()
        return lines
    }
}
