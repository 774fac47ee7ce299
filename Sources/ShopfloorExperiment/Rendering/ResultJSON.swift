import ShopfloorText

/// A JSON document written with keys in byte order and numbers in their shortest round-trip form, so the
/// same result is always the same bytes (the rules of the run's `--format json`, `JSONValue` in the
/// scripting layer, which this target cannot import).
///
/// ```swift
/// ResultJSON.object(["n": .integer(3), "mean": .number(2.5)]).text   // {"mean":2.5,"n":3}
/// ```
indirect enum ResultJSON: Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([ResultJSON])
    case object([String: ResultJSON])

    /// Compact text, keys sorted (byte order).
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .number(let d): out += Self.format(d)
        case .string(let s): JSONString.append(s, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, key) in fields.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }).enumerated() {
                if i > 0 { out += "," }
                JSONString.append(key, to: &out)
                out += ":"
                fields[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    /// Shortest round-trip decimal; integral values keep no fraction (`2` for 2.0); non-finite → null.
    static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    /// A parameter value: a number stays a number, a string a string.
    init(_ value: FactorValue) {
        switch value {
        case .number(let d): self = .number(d)
        case .string(let s): self = .string(s)
        }
    }
}
