/// Display width of text in a terminal, in columns: East Asian wide and full-width characters
/// (Hangul, CJK, full-width forms, most emoji) take two, combining marks and other zero-width
/// characters none, everything else one per grapheme.
///
/// The one width function for text tables: the run summary, the board and the live view pad
/// and cut with it, so a task named `입금` shifts no column.
///
/// ```swift
/// DisplayWidth.of("입금")      // 4
/// DisplayWidth.of("e\u{301}")  // 1 (é as e + combining acute)
/// DisplayWidth.pad("입금", to: 6)  // "입금  "
/// ```
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        // Fast path: printable ASCII is one cell a byte, no grapheme walk (`board list` of
        // 10,000 tasks measures every title twice; scripts/bench/board).
        var cells = 0
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return graphemeWidth(text) }
            cells += 1
        }
        return cells
    }

    private static func graphemeWidth(_ text: String) -> Int {
        var width = 0
        for character in text { width += of(character) }
        return width
    }

    /// One grapheme: its first scalar decides (a base and its combining marks are one cell or two).
    public static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if isZeroWidth(scalar) { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) && scalar.properties.isEmoji { return 2 }
        return isWide(scalar.value) ? 2 : 1
    }

    /// Controls, combining marks (a mark with no base before it), zero-width spaces and joiners.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return true }
        if v == 0x200B || v == 0x200C || v == 0x200D || v == 0x2060 || v == 0xFEFF { return true }
        if (0x1160...0x11FF).contains(v) { return true }  // Hangul medial vowels and final consonants
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth.txt, W and F, condensed).
    private static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
             0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
             0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
             0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
             0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
             0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
             0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
             0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
             0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` cut to at most `width` columns, ending in `…` when cut.
    public static func truncate(_ text: String, to width: Int) -> String {
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

    /// `text` padded with spaces to `width` columns: on the right (left-aligned), or on the left
    /// with `alignRight`. Text already as wide is returned as it is.
    public static func pad(_ text: String, to width: Int, alignRight: Bool = false) -> String {
        let n = of(text)
        if n >= width { return text }
        let spaces = String(repeating: " ", count: width - n)
        return alignRight ? spaces + text : text + spaces
    }
}
