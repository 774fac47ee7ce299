import ShopfloorText
import Foundation
import ShopfloorBoard
import ShopfloorScripting  // DisplayWidth: one width function for every text table

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
        let today = self.today
        let columns = TaskState.allCases.map { state -> [Cell] in
            var cells = [Cell(text: header(state, listing)), Cell(text: String(repeating: "─", count: columnWidth))]
            cells.reserveCapacity(2 + 2 * listing[state].count)
            for task in listing[state] {
                cells.append(Cell(text: DisplayWidth.truncate("#\(task.id) \(Self.safe(task.title))", to: columnWidth)))
                if let due = task.due {
                    let late = task.isOverdue(today: today)
                    let text = "   due \(due)" + (late && !terminal.colour ? " (overdue)" : "")
                    cells.append(Cell(text: DisplayWidth.truncate(text, to: columnWidth), red: late))
                }
            }
            return cells
        }
        let rows = columns.map(\.count).max() ?? 0
        // Each run of padding a row needs, made once and reused (appending spaces one by one
        // doubled the time of `board list`; scripts/bench/board). Only the lengths actually used:
        // making every length up to the line's width cost width² bytes, so `COLUMNS=1000000`
        // never finished.
        var blanks: [Int: String] = [:]
        func blank(_ count: Int) -> String {
            if let made = blanks[count] { return made }
            let made = String(repeating: " ", count: count)
            blanks[count] = made
            return made
        }
        var out = ""
        for row in 0..<rows {
            var line = ""
            var pendingSpaces = 0  // padding of the cells so far, written only if more text follows
            for column in columns {
                guard row < column.count, !column[row].text.isEmpty else {
                    pendingSpaces += columnWidth + Self.gap
                    continue
                }
                let cell = column[row]
                line += blank(pendingSpaces)
                line += cell.red && terminal.colour ? red(cell.text) : cell.text
                pendingSpaces = max(0, columnWidth + Self.gap - DisplayWidth.of(cell.text))
            }
            out += trimmingTrailingSpaces(line)
            out += "\n"
        }
        return out
    }

    func stacked(_ listing: BoardListing) -> String {
        let today = self.today
        var out = ""
        for state in TaskState.allCases {
            out += header(state, listing) + "\n"
            if listing[state].isEmpty { out += "  (empty)\n" }
            for task in listing[state] {
                out += "  #\(task.id) \(Self.safe(task.title))"
                if let due = task.due {
                    if task.isOverdue(today: today) {
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
        var out = "#\(task.id) \(Self.safe(task.title))\n"
        out += "state:    \(task.state.displayName)\n"
        if let due = task.due {
            let late = task.isOverdue(now: now, calendar: calendar)
            out += "due:      " + (late ? (terminal.colour ? red(due.description) : "\(due) (overdue)") : due.description) + "\n"
        } else {
            out += "due:      none\n"
        }
        out += "updated:  \(timestamp(task.updatedAt))\n"
        out += "created:  \(timestamp(task.createdAt))\n"
        out += "uuid:     \(Self.safe(task.uuid))\n"
        if task.body.isEmpty {
            out += "body:     none\n"
        } else {
            out += "body:\n"
            for line in task.body.split(separator: "\n", omittingEmptySubsequences: false) {
                out += "  \(ControlCharacters.escaped(String(line), keepingLineBreaks: true))\n"
            }
        }
        return out
    }

    /// One history line, `YYYY-MM-DD HH:MM:SS  message`, the message made safe for a terminal.
    func line(_ entry: HistoryEntry) -> String {
        Self.safe(entry.line(calendar: calendar))
    }

    /// Text read from the database (a title, a history sentence) as a terminal may show it: every
    /// control character, escape sequence introducer and bidirectional override written as a
    /// visible `\u{1B}` (see ``ControlCharacters``). The database may hold such text although
    /// input refuses it (written by an older version, by hand, or by a replica's bug).
    static func safe(_ text: String) -> String {
        ControlCharacters.escaped(text, keepingLineBreaks: false)
    }

    /// Today's date where this rendering is, worked out once per listing.
    var today: DueDate { DueDate.today(now: now, calendar: calendar) }

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
