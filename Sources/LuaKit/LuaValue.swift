import CLua

/// Any Lua value, as the host sees it after reading it off the stack.
///
/// Tables are read into `LuaTable` (sorted keys, so walking one into output is deterministic);
/// functions, userdata and threads are kept by reference when the host asks for references, or
/// described by type when it only reads data.
public enum LuaValue: Sendable, Equatable, CustomStringConvertible {
    case `nil`
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case table(LuaTable)
    /// A function, userdata or thread: its type name and `tostring`-style identity.
    case opaque(type: String, identity: String)

    public var description: String {
        switch self {
        case .nil: return "nil"
        case .boolean(let b): return b ? "true" : "false"
        case .integer(let i): return String(i)
        case .number(let d): return LuaStack.format(number: d)
        case .string(let s): return s
        case .table(let t): return t.description
        case .opaque(_, let identity): return identity
        }
    }

    /// The value as a Double, for numbers of either subtype.
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
    public var intValue: Int? {
        switch self {
        case .integer(let i): return i
        case .number(let d) where d.rounded() == d && abs(d) < 9.2e18: return Int(d)
        default: return nil
        }
    }
    public var tableValue: LuaTable? {
        if case .table(let t) = self { return t }
        return nil
    }
    /// Lua's type name for the value.
    public var typeName: String {
        switch self {
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .integer, .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .opaque(let type, _): return type
        }
    }
}

/// A table key the host can read: numbers, strings, booleans. Ordered for deterministic output:
/// numbers (ascending), then strings (byte order), then booleans (false first).
public enum LuaKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    case integer(Int)
    case number(Double)
    case string(String)
    case boolean(Bool)

    private var rank: Int {
        switch self {
        case .integer, .number: return 0
        case .string: return 1
        case .boolean: return 2
        }
    }
    private var numeric: Double {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return 0
        }
    }
    public static func < (a: LuaKey, b: LuaKey) -> Bool {
        if a.rank != b.rank { return a.rank < b.rank }
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x < y
        case (.string(let x), .string(let y)): return Array(x.utf8).lexicographicallyPrecedes(y.utf8)
        case (.boolean(let x), .boolean(let y)): return !x && y
        default: return a.numeric < b.numeric
        }
    }
    public var description: String {
        switch self {
        case .integer(let i): return String(i)
        case .number(let d): return LuaStack.format(number: d)
        case .string(let s): return s
        case .boolean(let b): return b ? "true" : "false"
        }
    }
}

/// A Lua table read by the host: its entries, walked in sorted key order.
public struct LuaTable: Sendable, Equatable, CustomStringConvertible {
    public var entries: [LuaKey: LuaValue]

    public init(_ entries: [LuaKey: LuaValue] = [:]) { self.entries = entries }

    /// Entries in sorted key order (numbers, then strings, then booleans).
    public var sortedEntries: [(key: LuaKey, value: LuaValue)] {
        entries.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }
    /// The sequence part `t[1], …, t[n]` up to the first nil.
    public var array: [LuaValue] {
        var out: [LuaValue] = []
        var i = 1
        while let v = entries[.integer(i)] {
            out.append(v)
            i += 1
        }
        return out
    }
    /// True when every key is 1…n.
    public var isSequence: Bool { array.count == entries.count }

    public subscript(key: String) -> LuaValue? { entries[.string(key)] }
    public subscript(index: Int) -> LuaValue? { entries[.integer(index)] }

    public var description: String {
        let body = sortedEntries.map { "\($0.key) = \($0.value)" }.joined(separator: ", ")
        return "{" + body + "}"
    }
}
