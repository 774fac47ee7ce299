import Foundation
import ShopfloorBoard

/// The board's human output: columns side by side or stacked, task details, history lines.
///
/// Pure functions of their input (the date and calendar decide "overdue"), so tests compare
/// exact text.
struct BoardRendering {
    var terminal: BoardTerminal
    var now: Date = Date()
    var calendar: Calendar = .current

    /// The narrowest column that still reads well side by side; below it, columns stack.
    static let minimumColumnWidth = 24
    static let gap = 2

    /// TODO, DOING and DONE with their counts: side by side when three columns of at least
    /// ``minimumColumnWidth`` fit the width, stacked otherwise.
    func board(_ listing: BoardListing) -> String {
        let columnWidth = (terminal.width - 2 * Self.gap) / 3
        return columnWidth >= Self.minimumColumnWidth
            ? sideBySide(listing, columnWidth: columnWidth) : stacked(listing)
    }

    func sideBySide(_ listing: BoardListing, columnWidth: Int) -> String {
        let columns = TaskState.allCases.map { state -> [Cell] in
            var cells = [Cell(text: header(state, listing)), Cell(text: String(repeating: "─", count: columnWidth))]
            for task in listing[state] {
                cells.append(Cell(text: DisplayWidth.truncate("#\(task.id) \(task.title)", to: columnWidth)))
                if let due = task.due {
                    let late = task.isOverdue(now: now, calendar: calendar)
                    let text = "   due \(due)" + (late && !terminal.colour ? " (overdue)" : "")
                    cells.append(Cell(text: DisplayWidth.truncate(text, to: columnWidth), red: late))
                }
            }
            return cells
        }
        let rows = columns.map(\.count).max() ?? 0
        var out = ""
        for row in 0..<rows {
            var line = ""
            for (index, column) in columns.enumerated() {
                let cell = row < column.count ? column[row] : Cell(text: "")
                let isLast = index == columns.count - 1
                let padded = isLast ? cell.text : DisplayWidth.pad(cell.text, to: columnWidth + Self.gap)
                line += cell.red && terminal.colour ? red(cell.text) + String(padded.dropFirst(cell.text.count)) : padded
            }
            out += trimmingTrailingSpaces(line) + "\n"
        }
        return out
    }

    func stacked(_ listing: BoardListing) -> String {
        var out = ""
        for state in TaskState.allCases {
            out += header(state, listing) + "\n"
            if listing[state].isEmpty { out += "  (empty)\n" }
            for task in listing[state] {
                out += "  #\(task.id) \(task.title)"
                if let due = task.due {
                    if task.isOverdue(now: now, calendar: calendar) {
                        out += "  " + (terminal.colour ? red("due \(due)") : "due \(due) (overdue)")
                    } else {
                        out += "  due \(due)"
                    }
                }
                out += "\n"
            }
        }
        return out
    }

    /// Every field of one task.
    func details(_ task: BoardTask) -> String {
        var out = "#\(task.id) \(task.title)\n"
        out += "state:    \(task.state.displayName)\n"
        if let due = task.due {
            let late = task.isOverdue(now: now, calendar: calendar)
            out += "due:      " + (late ? (terminal.colour ? red(due.description) : "\(due) (overdue)") : due.description) + "\n"
        } else {
            out += "due:      none\n"
        }
        out += "updated:  \(timestamp(task.updatedAt))\n"
        out += "created:  \(timestamp(task.createdAt))\n"
        out += "uuid:     \(task.uuid)\n"
        if task.body.isEmpty {
            out += "body:     none\n"
        } else {
            out += "body:\n"
            for line in task.body.split(separator: "\n", omittingEmptySubsequences: false) {
                out += "  \(line)\n"
            }
        }
        return out
    }

    func header(_ state: TaskState, _ listing: BoardListing) -> String {
        "\(state.displayName) (\(listing.count(state)))"
    }

    func timestamp(_ date: Date) -> String {
        let line = HistoryEntry(sequence: 0, at: date, kind: .add, taskID: 0, taskUUID: "", message: "",
                                before: nil, after: nil, target: nil).line(calendar: calendar)
        return String(line.dropLast(2))
    }

    private func red(_ text: String) -> String { "\u{1B}[31m\(text)\u{1B}[0m" }

    private func trimmingTrailingSpaces(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }

    private struct Cell {
        var text: String
        var red = false
    }
}
