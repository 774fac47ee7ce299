/// A JSON document written with keys sorted (byte order) and numbers in their shortest round-trip form,
/// so the same data is always the same bytes: the run's `--format json`, the trace's records, an
/// experiment's result. One writer for every target (the scripting layer adds reading a Lua value;
/// experiments add a grid value).
///
/// ```swift
/// JSONValue.object(["seed": .integer(1), "served": .integer(17)]).text  // {"seed":1,"served":17}
/// ```
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Compact text, keys sorted (byte order).
    public var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    public func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .integer(let i): out += String(i)
        case .number(let d): out += JSONValue.format(d)
        case .string(let s): JSONValue.quote(s, into: &out)
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
                JSONValue.quote(key, into: &out)
                out += ":"
                fields[key]!.write(to: &out)
            }
            out += "}"
        }
    }

    /// Shortest round-trip decimal; integral values keep no fraction (`2` for 2.0); non-finite → null.
    public static func format(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    /// `s` as a JSON string (``JSONString``, the one JSON escaper).
    public static func quote(_ s: String, into out: inout String) {
        JSONString.append(s, to: &out)
    }
}

extension JSONValue {
    /// The field `key` of an object (nil otherwise).
    public subscript(key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
    public var objectValue: [String: JSONValue]? {
        if case .object(let fields) = self { return fields }
        return nil
    }
    public var doubleValue: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}
