import ShopfloorText
import Foundation
@testable import ShopfloorScripting
import Testing

/// `--format json`, the report and the JSON Lines trace write strings with the one JSON escaper:
/// byte for byte what `JSONEncoder` writes (and the board's `--json` writes), for every ASCII character.
@Suite("JSON output escaping")
struct JSONOutputEscapeTests {
    @Test func test_jsonValue_writesStringsAsJSONEncoderDoes() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for value in 0..<0x80 {
            let text = "a" + String(UnicodeScalar(UInt8(value))) + "z"
            let ours = JSONValue.object([text: .string(text)]).text
            #expect(ours == String(decoding: try encoder.encode([text: text]), as: UTF8.self), "U+\(value)")
        }
    }

    @Test func test_backspaceAndFormFeed_useTheirShortEscapes() {
        // Before the escapers were one, this writer spelled them \u0008 and \u000c.
        #expect(JSONValue.string("\u{08}\u{0C}").text == #""\b\f""#)
    }
}
