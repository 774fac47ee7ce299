import ShopfloorText

/// UTF-8 bytes of JSON text under construction.
struct JSONBuffer {
    var bytes: [UInt8] = []

    var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends literal JSON text (no escaping).
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A task object; with `schema`, the document's `"schema": N` among its keys (`board show`).
    mutating func append(_ task: BoardTask, schema: Int? = nil) {
        append("{\"body\":")
        appendQuoted(task.body)
        append(",\"due\":")
        if let due = task.due {
            append("\"")
            appendDigits(due.year, width: 4)
            append("-")
            appendDigits(due.month, width: 2)
            append("-")
            appendDigits(due.day, width: 2)
            append("\"")
        } else {
            append("null")
        }
        append(",\"id\":")
        append(String(task.id))
        if let schema {
            append(",\"schema\":")
            append(String(schema))
        }
        append(",\"state\":\"")
        append(task.state.rawValue)
        append("\",\"title\":")
        appendQuoted(task.title)
        append(",\"updated_at\":\"")
        appendISO8601(Millis.of(task.updatedAt))
        append("\",\"uuid\":")
        appendQuoted(task.uuid)
        append("}")
    }

    /// A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped,
    /// everything else as UTF-8, the way `JSONEncoder` writes it.
    mutating func appendQuoted(_ text: String) {
        JSONString.append(text, to: &bytes)
    }

    mutating func appendDigits(_ value: Int, width: Int) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest / divisor % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// `2026-05-01T12:34:56.789Z`, as ``Millis/iso8601(_:)`` writes it, straight into the buffer.
    mutating func appendISO8601(_ millis: Int64) {
        let millis = Millis.clamped(millis)   // four-digit years only: digits of a negative year would trap
        let (days, msOfDay) = Millis.floorDivided(millis, by: 86_400_000)
        let (year, month, day) = Millis.civilDate(daysSinceEpoch: days)
        let ms = Int(msOfDay)
        appendDigits(Int(year), width: 4)
        append("-")
        appendDigits(Int(month), width: 2)
        append("-")
        appendDigits(Int(day), width: 2)
        append("T")
        appendDigits(ms / 3_600_000, width: 2)
        append(":")
        appendDigits(ms / 60_000 % 60, width: 2)
        append(":")
        appendDigits(ms / 1000 % 60, width: 2)
        append(".")
        appendDigits(ms % 1000, width: 3)
        append("Z")
    }

}
