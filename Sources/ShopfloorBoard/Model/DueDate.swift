import Foundation

/// A calendar date with no time and no time zone: a task's deadline, written `YYYY-MM-DD`.
///
/// A deadline is a day on the user's wall calendar, not an instant, so it is stored and compared
/// as year, month and day. Parsing is strict: exactly four, two and two ASCII digits, a real
/// Gregorian day (2026-02-30 and 2026-13-01 are refused), years 0001–9999.
///
/// ```swift
/// let due = try DueDate(parsing: "2026-12-01")
/// due.description            // "2026-12-01"
/// DueDate("2026-02-30")      // nil
/// ```
public struct DueDate: Hashable, Comparable, Sendable, CustomStringConvertible, LosslessStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date from its parts, or `nil` if they do not name a real day.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...DueDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD` strictly, or returns `nil`.
    public init?(_ description: String) {
        // Work on UTF-8 bytes: this runs once per listed task, and bytes make "strict" easy to
        // state (no Unicode digits, no signs, no spaces).
        let bytes = Array(description.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
            return nil
        }
        self.init(year: year, month: month, day: day)
    }

    /// Parses `YYYY-MM-DD` strictly.
    ///
    /// - Throws: ``BoardError/invalidDue(_:)``: `due must be a date YYYY-MM-DD (got "2026-13-01")`.
    public init(parsing text: String) throws {
        guard let date = DueDate(text) else { throw BoardError.invalidDue(text) }
        self = date
    }

    /// Parses a deadline where the user may also ask for none: an empty string or `none`
    /// (any case) gives `nil`, which clears a task's deadline in an edit.
    public static func parseClearable(_ text: String) throws -> DueDate? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty || trimmed.lowercased() == "none" { return nil }
        return try DueDate(parsing: text)
    }

    /// The date `now` falls on in `calendar` (whose time zone decides where midnight is).
    public static func today(now: Date = Date(), calendar: Calendar = .current) -> DueDate {
        let parts = calendar.dateComponents([.year, .month, .day], from: now)
        // A Gregorian-like calendar always yields a valid day; clamp defensively otherwise.
        return DueDate(year: parts.year ?? 1, month: parts.month ?? 1, day: parts.day ?? 1)
            ?? DueDate(year: 1, month: 1, day: 1)!
    }

    /// Whether the deadline has passed: the date is before today's date in `calendar`.
    ///
    /// A task due today is not overdue; it becomes overdue at the start of the next day, local time.
    public func isOverdue(now: Date = Date(), calendar: Calendar = .current) -> Bool {
        self < DueDate.today(now: now, calendar: calendar)
    }

    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public static func < (lhs: DueDate, rhs: DueDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

extension DueDate: Codable {
    /// Encodes as the `YYYY-MM-DD` string, the form JSON readers and the database expect.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = DueDate(text) else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath, debugDescription: "not a date YYYY-MM-DD: \(text)"))
        }
        self = date
    }
}
