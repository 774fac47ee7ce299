import ShopfloorText

/// The bytes of trace records under construction: a growable buffer written without bounds or
/// uniqueness checks per byte (the trace's hot path; ~0.2 µs a record on bank_open.lua, see
/// docs/performance.md).
struct TraceBuffer: ~Copyable {
    private var start: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0

    init() {
        capacity = 1 << 12
        start = .allocate(capacity: capacity)
    }

    deinit { start.deallocate() }

    mutating func reserve(_ wanted: Int) {
        guard wanted > capacity else { return }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: wanted)
        grown.update(from: start, count: count)
        start.deallocate()
        start = grown
        capacity = wanted
    }

    @inline(__always)
    private mutating func room(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if count + n > capacity { reserve(max(capacity * 2, count + n)) }
        return start + count
    }

    mutating func append(_ text: StaticString) {
        let n = text.utf8CodeUnitCount
        room(n).update(from: text.utf8Start, count: n)
        count += n
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            room(b.count).update(from: base, count: b.count)
            count += b.count
        }
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        room(bytes.count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { b in
            guard let base = b.baseAddress else { return }
            room(b.count).update(from: base, count: b.count)
            count += b.count
        }
    }

    /// Decimal digits of `value`.
    mutating func append(integer value: Int) {
        if value < 0 {
            if value == .min { append(String(value)); return }
            append("-")
            append(integer: -value)
            return
        }
        var digits = 1
        var rest = value / 10
        while rest > 0 { digits += 1; rest /= 10 }
        let out = room(digits)
        var v = value
        for i in stride(from: digits - 1, through: 0, by: -1) {
            out[i] = UInt8(ascii: "0") + UInt8(v % 10)
            v /= 10
        }
        count += digits
    }

    /// A number as ``JSONValue/format(_:)`` writes it: integral values without a fraction,
    /// others in their shortest round-trip form, non-finite as `null`.
    mutating func append(number d: Double) {
        if d.isFinite, d == d.rounded(), abs(d) < 1e15 {
            append(integer: Int(d))
        } else if d.isFinite {
            // Swift's shortest round-trip form (as JSONValue.format writes it), its digits copied
            // straight in: making a String per number was a tenth of a traced run (scripts/bench/trace).
            var digits = ASCIIDigits(into: room(ASCIIDigits.capacity))
            d.write(to: &digits)
            count += digits.count
        } else {
            append("null")
        }
    }

    mutating func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: start, count: count))
    }

    mutating func removeAll() { count = 0 }
}

/// Where `Double.write(to:)` puts a number's text: the standard library hands a text stream the
/// digits as ASCII bytes (`TextOutputStream._writeASCII`), so they go to the buffer with no String.
private struct ASCIIDigits: TextOutputStream {
    /// Room for the longest shortest-form Double (`-2.2250738585072014e-308` is 24 bytes).
    static let capacity = 64
    let start: UnsafeMutablePointer<UInt8>
    var count = 0

    init(into start: UnsafeMutablePointer<UInt8>) { self.start = start }

    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        let n = min(buffer.count, Self.capacity - count)
        if n > 0, let base = buffer.baseAddress { (start + count).update(from: base, count: n) }
        count += n
    }

    mutating func write(_ string: String) {
        for byte in string.utf8 where count < Self.capacity {
            start[count] = byte
            count += 1
        }
    }
}
