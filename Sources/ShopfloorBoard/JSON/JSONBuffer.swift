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
        bytes.append(UInt8(ascii: "\""))
        // Most text needs no escaping: copy it in one go and only walk byte by byte otherwise
        // (per-byte appends made this the slowest part of encoding a 10,000-task board).
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            bytes.append(contentsOf: utf8)
            return true
        }
        if copied != true {
            for byte in text.utf8 { appendEscaped(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case 0..<0x20:
            append("\\u00")
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0xF)])
        default:
            bytes.append(byte)
        }
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

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
