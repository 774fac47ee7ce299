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

/// Display width of text in a terminal: East Asian wide characters (Hangul, CJK, full-width
/// forms, most emoji) take two cells, everything else one per grapheme.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        // Fast path: printable ASCII is one cell a byte, no grapheme walk (`board list` of
        // 10,000 tasks measures every title twice; scripts/bench/board).
        var cells = 0
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x80 else { return graphemeWidth(text) }
            cells += 1
        }
        return cells
    }

    private static func graphemeWidth(_ text: String) -> Int {
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.value < 0x20 { return 0 }
        return isWide(scalar.value) ? 2 : 1
    }

    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` cut to at most `width` cells, ending in `…` when cut.
    static func truncate(_ text: String, to width: Int) -> String {
        if of(text) <= width { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = of(character)
            if used + w > width - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }
}
