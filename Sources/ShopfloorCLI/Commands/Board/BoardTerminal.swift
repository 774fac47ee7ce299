import Foundation

/// What the board's human output may assume about standard output: its width and whether it may
/// use colour.
///
/// Colour only on a terminal and never with `NO_COLOR` set (https://no-color.org); the width is
/// the terminal's (`TIOCGWINSZ`), else `COLUMNS`, else 80.
struct BoardTerminal {
    var width: Int
    var colour: Bool

    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> BoardTerminal {
        let tty = isatty(STDOUT_FILENO) != 0
        var width = 0
        if tty {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 { width = Int(size.ws_col) }
        }
        if width <= 0, let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 { width = columns }
        if width <= 0 { width = 80 }
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return BoardTerminal(width: width, colour: tty && !noColour)
    }
}
