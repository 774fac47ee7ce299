import ShopfloorText
import Testing
@testable import ShopfloorBoard

/// The one terminal sanitiser (``ControlCharacters``): every character a terminal would act on is
/// shown as `\u{XX}` (uppercase hex), and quoting a value in a message uses the same spelling.
@Suite("Terminal escaping")
struct TerminalEscapeTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("a\u{1B}[2J", "a\\u{1B}[2J"),                      // ESC: clear screen
        ("\u{1B}]0;title\u{07}", "\\u{1B}]0;title\\u{7}"),   // OSC … BEL: window title
        ("\u{7F}", "\\u{7F}"),                              // DEL
        ("\u{9B}31m", "\\u{9B}31m"),                        // one-byte CSI
        ("\u{202E}evil", "\\u{202E}evil"),                  // right-to-left override
        ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),         // isolates
        ("a\rb", "a\\u{D}b"),
        ("a\nb\tc", "a\\u{A}b\\u{9}c"),                       // a title keeps to its line
        ("a\u{2028}b", "a\\u{2028}b"),
        ("é 日本 😀", "é 日本 😀"),
    ])
    func test_escaped_showsEveryControlCharacterVisibly(text: String, expected: String) {
        #expect(ControlCharacters.escaped(text, keepingLineBreaks: false) == expected)
    }

    @Test func test_escaped_keepingLineBreaks_keepsOnlyLineFeedAndTab() {
        #expect(ControlCharacters.escaped("a\nb\tc\rd\u{1B}", keepingLineBreaks: true) == "a\nb\tc\\u{D}d\\u{1B}")
    }

    /// Messages quote values with the same escape as the board's listings (it was lowercase there).
    @Test func test_quotedValues_useTheSameEscape() {
        #expect(BoardError.quoted("a\u{1B}b\u{9B}") == #""a\u{1B}b\u{9B}""#)
        #expect(BoardError.quoted("a\"b\\c\nd\te") == #""a\"b\\c\nd\te""#)
    }
}
