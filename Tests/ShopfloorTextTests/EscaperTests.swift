import Foundation
import ShopfloorText
import Testing

/// One escaper per output format, each checked against its format's rules with the tricky characters.
@Suite("Escapers")
struct EscaperTests {
    // MARK: JSON (RFC 8259 §7)

    @Test(arguments: [
        ("plain", #""plain""#),
        ("", #""""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("back\\slash", #""back\\slash""#),
        ("a\nb\rc\td", #""a\nb\rc\td""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("\u{00}\u{01}\u{1B}\u{1F}", #""\u0000\u0001\u001b\u001f""#),
        ("\u{7F}", "\"\u{7F}\""),                          // DEL is not a JSON control character
        ("é 日本 😀", "\"é 日本 😀\""),                     // non-ASCII as UTF-8
        ("\u{2028}", "\"\u{2028}\""),
        ("/", #""/""#),                                   // no escaped slash, as JSONEncoder .withoutEscapingSlashes
    ])
    func test_json_escapesQuotesBackslashesAndC0Controls(text: String, expected: String) {
        #expect(JSONString.quoted(text) == expected)
        var bytes: [UInt8] = []
        JSONString.append(text, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    /// Every ASCII character, alone and inside text: what Foundation writes and reads back.
    @Test func test_json_matchesJSONEncoder_andRoundTrips_forEveryASCIICharacter() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        for value in 0..<0x80 {
            let text = "a" + String(UnicodeScalar(UInt8(value))) + "z"
            let ours = JSONString.quoted(text)
            #expect(ours == String(decoding: try encoder.encode(text), as: UTF8.self), "U+\(value)")
            #expect(try JSONDecoder().decode(String.self, from: Data(ours.utf8)) == text, "U+\(value)")
        }
    }

    // MARK: CSV (RFC 4180 §2)

    @Test(arguments: [
        ("deposit", "deposit"),
        ("", ""),
        ("a,b", #""a,b""#),
        ("say \"hi\"", #""say ""hi""""#),
        ("two\nlines", "\"two\nlines\""),
        ("carriage\rreturn", "\"carriage\rreturn\""),
        ("crlf\r\n", "\"crlf\r\n\""),
        ("tab\there", "tab\there"),                       // a tab needs no quotes
        ("'single'", "'single'"),
        ("日本,語", "\"日本,語\""),
    ])
    func test_csv_quotesFieldsWithCommaQuoteCROrLF_doublingQuotes(text: String, expected: String) {
        #expect(CSVField.escaped(text) == expected)
    }

    // MARK: HTML

    @Test(arguments: [
        ("plain", "plain"),
        ("Tom & Jerry", "Tom &amp; Jerry"),
        ("<script>", "&lt;script&gt;"),
        ("say \"hi\"", "say &quot;hi&quot;"),
        ("Tom's", "Tom&#39;s"),
        ("&amp;", "&amp;amp;"),                           // already-escaped text is escaped again
        ("é 日本", "é 日本"),
    ])
    func test_html_escapesTheFiveSpecialCharacters(text: String, expected: String) {
        #expect(HTMLText.escaped(text) == expected)
    }
}
