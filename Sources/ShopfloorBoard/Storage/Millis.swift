import Foundation

/// Conversions between `Date` and the whole milliseconds since 1970 UTC the database stores.
///
/// Whole milliseconds keep stored times exact (a `Date` read back equals the one written) and
/// match the wall part of ``HLCTimestamp``.
///
/// Times are shown within ``range`` (years 0001 to 9999, four digits as ISO 8601 writes them): a
/// time read from the database outside it — written by an older version, by hand, or pulled
/// before versions were checked — is shown as the nearest bound instead of a year -4713 or a
/// trap in the ISO 8601 writer. Versions pulled from a remote must lie within ``syncRange``
/// (`SyncRow.validated()`): every replica stamps with a clock past 1970.
enum Millis {
    /// Every time the board shows, in ms since 1970 UTC: 0001-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z.
    static let range: ClosedRange<Int64> = -62_135_596_800_000...253_402_300_799_999
    /// The times a pulled version may carry: 1970-01-01 to 9999-12-31 UTC.
    static let syncRange: ClosedRange<Int64> = 0...range.upperBound

    static func of(_ date: Date) -> Int64 {
        let millis = (date.timeIntervalSince1970 * 1000).rounded()
        guard millis.isFinite else { return millis > 0 ? range.upperBound : range.lowerBound }
        return clamped(Int64(max(Double(range.lowerBound), min(Double(range.upperBound), millis))))
    }

    static func date(_ millis: Int64) -> Date {
        Date(timeIntervalSince1970: Double(clamped(millis)) / 1000)
    }

    /// `millis` moved into ``range``.
    static func clamped(_ millis: Int64) -> Int64 {
        min(max(millis, range.lowerBound), range.upperBound)
    }

    /// `2026-05-01T12:34:56.789Z`: ISO 8601 in UTC with milliseconds, computed directly from the
    /// number (no formatter object, so it is fast, thread-safe and locale-independent).
    static func iso8601(_ millis: Int64) -> String {
        let millis = clamped(millis)
        let (days, msOfDay) = floorDivided(millis, by: 86_400_000)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let hour = msOfDay / 3_600_000
        let minute = msOfDay / 60_000 % 60
        let second = msOfDay / 1000 % 60
        let ms = msOfDay % 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            + "\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(ms, 3))Z"
    }

    /// Howard Hinnant's `civil_from_days`: the proleptic Gregorian date of a day count.
    static func civilDate(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Division rounding toward negative infinity, with a non-negative remainder.
    static func floorDivided(_ value: Int64, by divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
