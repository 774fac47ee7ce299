import ShopfloorText

/// A title typed here must show: at least one character a reader can see. A title of only a soft hyphen
/// (U+00AD), a lone combining accent (U+0301), a byte order mark (U+FEFF), direction marks (U+200E, U+061C)
/// or a zero-width space (U+200B) is a task nobody can tell apart or point at; U+200B was refused (as
/// `title must not be empty`, Foundation trimming it as white space) while the others were taken.
///
/// Checked for local input only — `board add`, `board edit --title`, the Lua module, a title a rule
/// returns — never for versions pulled by sync, which are another replica's data (``SyncRow`` checks
/// what every replica must hold; refusing these would quarantine a task its author can see in a list).
public enum VisibleTitle {
    /// Refuses a `title` (as given, before trimming) with no visible character: ``BoardError/emptyTitle``
    /// when it is empty or white space only, else ``BoardError/invisibleTitle(_:)`` naming its code points.
    public static func check(_ title: String) throws {
        let scalars = title.unicodeScalars
        if scalars.contains(where: isVisible) { return }
        if scalars.allSatisfy(\.properties.isWhitespace) { throw BoardError.emptyTitle }
        throw BoardError.invisibleTitle(scalars.prefix(4).map(\.value), more: max(0, scalars.count - 4))
    }

    /// Whether a code point is drawn as something a reader sees: not white space, not a character Unicode
    /// says to draw as nothing when unsupported (Default_Ignorable_Code_Point: U+00AD, U+200B–U+200F,
    /// U+2060–U+2064, U+FEFF, U+3164 HANGUL FILLER, …), not a control or format character, not a mark
    /// that only modifies the character before it (a lone U+0301 has none), and not the braille blank
    /// U+2800, drawn as a space. Private-use and not yet assigned code points count as visible (a font may
    /// draw them).
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        if properties.isWhitespace || properties.isDefaultIgnorableCodePoint || scalar.value == 0x2800 { return false }
        switch properties.generalCategory {
        case .control, .format, .surrogate, .nonspacingMark, .enclosingMark,
             .spaceSeparator, .lineSeparator, .paragraphSeparator:
            return false
        default:
            return true
        }
    }
}
