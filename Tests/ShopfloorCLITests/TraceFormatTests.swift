import ShopfloorText
import Foundation
@testable import ShopfloorScripting
import Testing

/// The trace's record formats (docs/schema/README.md, trace version 3).
@Suite struct TraceFormatTests {
    /// RFC 4180: a field holding a comma, a quote, LF or CR is quoted, quotes doubled.
    @Test func test_csv_quotesFieldsHoldingCR_LF_commasAndQuotes() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/t.csv"
        let writer = try TraceWriter(path: path)
        for name in ["plain", "a\rb", "a\nb", "a,b", "say \"hi\"", "입금"] {
            writer.write([("t", .number(1.5)), ("event", .string("made")), ("customer", .null),
                          ("task", .string(name)), ("teller", .null), ("pool", .null), ("station", .null)])
        }
        try writer.close()
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "t,event,customer,task,teller,pool,station\n1.5,made,,plain,,,\n1.5,made,,\"a\rb\",,,\n1.5,made,,\"a\nb\",,,\n"
            + "1.5,made,,\"a,b\",,,\n1.5,made,,\"say \"\"hi\"\"\",,,\n1.5,made,,입금,,,\n")
    }

    /// JSON Lines: keys in byte order, numbers in their shortest round-trip form, integral times
    /// without a fraction (the same bytes as before the encoder wrote straight into a buffer).
    @Test func test_jsonLines_counterEvents_keepTheirBytes() throws {
        let folder = try TemporaryFolder()
        let scenario = """
            local c = shopfloor.counter "tiny"
            c:task { name = "de\\"posit", service = shopfloor.fixed(2.5) }
            c:tellers { skills = { "de\\"posit" }, count = 1, name = "desk" }
            local gaps = { 1, 1e20 }
            local i = 0
            c:arrive("de\\"posit")
            c:generate(function() i = i + 1; if gaps[i] then return gaps[i], "de\\"posit" end end)
            """
        try scenario.write(toFile: folder.path + "/s.lua", atomically: false, encoding: .utf8)
        let r = try Shell.run(["run", "s.lua", "--trace", "t.jsonl"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        let lines = try String(contentsOfFile: folder.path + "/t.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.first == #"{"customer":1,"event":"arrive","station":"tiny","t":0,"task":"de\"posit"}"#)
        #expect(lines.dropFirst().first == #"{"customer":1,"event":"start","pool":"desk","station":"tiny","t":0,"task":"de\"posit","teller":1}"#)
        #expect(lines.contains(#"{"customer":1,"event":"finish","pool":"desk","station":"tiny","t":2.5,"task":"de\"posit","teller":1}"#))
        #expect(lines.contains(#"{"customer":3,"event":"arrive","station":"tiny","t":1e+20,"task":"de\"posit"}"#), "\(lines)")
    }

    /// The trace's number writer (digits copied from `Double.write(to:)`) gives exactly
    /// `JSONValue.format`'s text, for edge values and for 20,000 doubles of every magnitude.
    @Test func test_numbers_inTheTraceBuffer_matchJSONValueFormat() {
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 1e-5, 1e15, 1e15 - 1, -1e15, 123456789012345.6, 1e20, .leastNonzeroMagnitude,
                                .greatestFiniteMagnitude, -.leastNormalMagnitude, .nan, .infinity, -.infinity, 1.690581893834503]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Double(bitPattern: state))
        }
        for value in values {
            var buffer = TraceBuffer()
            buffer.append(number: value)
            let text = buffer.withBytes { String(decoding: $0, as: UTF8.self) }
            #expect(text == JSONValue.format(value), "\(value.bitPattern)")
        }
    }
}
