import Foundation
import Testing
@testable import ShopfloorBoard

@Suite("Due dates")
struct DueDateTests {
    @Test("a well-formed date parses and prints back the same")
    func wellFormedDateRoundTrips() throws {
        let date = try DueDate(parsing: "2026-12-01")
        #expect(date.year == 2026 && date.month == 12 && date.day == 1)
        #expect(date.description == "2026-12-01")
    }

    @Test("impossible or malformed dates are refused", arguments: [
        "2026-02-30", "2026-13-01", "2026-00-10", "2026-04-31", "2026-01-00", "2100-02-29",
        "2026-1-01", "26-01-01", "2026/01/01", " 2026-01-01", "2026-01-01 ", "2026-01-01T00:00",
        "", "tomorrow", "+026-01-01", "0000-01-01", "２０２６-01-01",
    ])
    func impossibleDatesAreRefused(text: String) {
        #expect(DueDate(text) == nil)
        #expect(boardError { _ = try DueDate(parsing: text) } == .invalidDue(text))
    }

    @Test("leap days exist only in leap years", arguments: [("2024-02-29", true), ("2000-02-29", true),
                                                           ("2026-02-29", false), ("1900-02-29", false)])
    func leapDaysFollowTheGregorianRule(text: String, valid: Bool) {
        #expect((DueDate(text) != nil) == valid)
    }

    @Test("the error message names the field and quotes the value")
    func errorMessageNamesFieldAndValue() {
        #expect(BoardError.invalidDue("2026-13-01").description == #"due must be a date YYYY-MM-DD (got "2026-13-01")"#)
    }

    @Test("dates compare in calendar order")
    func datesCompareInCalendarOrder() {
        #expect(due("2026-01-31") < due("2026-02-01"))
        #expect(due("2025-12-31") < due("2026-01-01"))
        #expect(due("2026-03-05") == due("2026-03-05"))
    }

    @Test("an empty string or none clears the deadline, anything else must be a date")
    func clearableParsingAcceptsNone() throws {
        #expect(try DueDate.parseClearable("") == nil)
        #expect(try DueDate.parseClearable("None") == nil)
        #expect(try DueDate.parseClearable("2026-12-01") == due("2026-12-01"))
        #expect(boardError { _ = try DueDate.parseClearable("2026-13-01") } == .invalidDue("2026-13-01"))
    }

    @Test("dates encode as plain YYYY-MM-DD strings")
    func datesEncodeAsStrings() throws {
        let data = try JSONEncoder().encode([due("2026-12-01")])
        #expect(String(decoding: data, as: UTF8.self) == #"["2026-12-01"]"#)
        #expect(try JSONDecoder().decode([DueDate].self, from: data) == [due("2026-12-01")])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([DueDate].self, from: Data(#"["2026-02-30"]"#.utf8))
        }
    }
}
