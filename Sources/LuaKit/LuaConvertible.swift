import CLua

/// A Swift value the host can push onto a Lua stack.
public protocol LuaPushable {
    /// Stack: [] → [value].
    func push(onto stack: LuaStack)
}

/// A Swift value the host can read from a Lua stack.
public protocol LuaReadable {
    /// The value at `index`, or nil when it is not of this type. Never raises.
    static func read(from stack: LuaStack, at index: Int32) -> Self?
    /// Lua's name for what `read` accepts, for messages (`number expected, got nil`).
    static var luaTypeName: String { get }
}

public typealias LuaConvertible = LuaPushable & LuaReadable

extension Bool: LuaConvertible {
    public func push(onto stack: LuaStack) { stack.push(self) }
    public static func read(from stack: LuaStack, at index: Int32) -> Bool? {
        stack.type(at: index) == .boolean ? stack.bool(at: index) : nil
    }
    public static var luaTypeName: String { "boolean" }
}

extension Int: LuaConvertible {
    public func push(onto stack: LuaStack) { stack.push(self) }
    public static func read(from stack: LuaStack, at index: Int32) -> Int? {
        stack.type(at: index) == .number ? stack.int(at: index) : nil
    }
    public static var luaTypeName: String { "number" }
}

extension Double: LuaConvertible {
    public func push(onto stack: LuaStack) { stack.push(self) }
    public static func read(from stack: LuaStack, at index: Int32) -> Double? {
        stack.type(at: index) == .number ? stack.double(at: index) : nil
    }
    public static var luaTypeName: String { "number" }
}

extension String: LuaConvertible {
    public func push(onto stack: LuaStack) { stack.push(self) }
    public static func read(from stack: LuaStack, at index: Int32) -> String? {
        stack.string(at: index)
    }
    public static var luaTypeName: String { "string" }
}

extension Optional: LuaPushable where Wrapped: LuaPushable {
    public func push(onto stack: LuaStack) {
        if let value = self { value.push(onto: stack) } else { stack.pushNil() }
    }
}

extension Array: LuaPushable where Element: LuaPushable {
    /// Pushes a sequence `{[1] = …, [n] = …}`.
    public func push(onto stack: LuaStack) {
        stack.pushTable(array: count)
        for (i, element) in enumerated() {
            element.push(onto: stack)
            stack.setIndex(i + 1, in: -2)
        }
    }
}

extension Array: LuaReadable where Element: LuaReadable {
    /// Reads a sequence `t[1…n]`; nil if the value is not a table or an item has the wrong type.
    public static func read(from stack: LuaStack, at index: Int32) -> [Element]? {
        guard stack.type(at: index) == .table else { return nil }
        let t = lua_absindex(stack.L, index)
        let n = stack.rawLength(at: t)
        var out: [Element] = []
        out.reserveCapacity(n)
        for i in 0..<n {
            stack.getIndex(i + 1, in: t)
            defer { stack.pop() }
            guard let e = Element.read(from: stack, at: -1) else { return nil }
            out.append(e)
        }
        return out
    }
    public static var luaTypeName: String { "table" }
}

extension Dictionary: LuaPushable where Key == String, Value: LuaPushable {
    /// Pushes a record; fields are set in sorted key order so the table's layout is deterministic.
    public func push(onto stack: LuaStack) {
        stack.pushTable(record: count)
        for key in keys.sorted() {
            self[key]!.push(onto: stack)
            stack.setField(key, in: -2)
        }
    }
}

extension Dictionary: LuaReadable where Key == String, Value: LuaReadable {
    /// Reads a table whose keys are all strings and values all `Value`; nil otherwise.
    public static func read(from stack: LuaStack, at index: Int32) -> [String: Value]? {
        guard stack.type(at: index) == .table else { return nil }
        let t = lua_absindex(stack.L, index)
        var out: [String: Value] = [:]
        stack.pushNil()
        while lua_next(stack.L, t) != 0 {
            guard let key = stack.string(at: -2), let value = Value.read(from: stack, at: -1) else {
                stack.pop(2)
                return nil
            }
            out[key] = value
            stack.pop()
        }
        return out
    }
    public static var luaTypeName: String { "table" }
}

extension LuaValue: LuaConvertible {
    public func push(onto stack: LuaStack) {
        switch self {
        case .nil, .opaque: stack.pushNil()
        case .boolean(let b): stack.push(b)
        case .integer(let i): stack.push(i)
        case .number(let d): stack.push(d)
        case .string(let s): stack.push(s)
        case .table(let t): t.push(onto: stack)
        }
    }
    public static func read(from stack: LuaStack, at index: Int32) -> LuaValue? {
        stack.value(at: index)
    }
    public static var luaTypeName: String { "value" }
}

extension LuaTable: LuaPushable {
    public func push(onto stack: LuaStack) {
        stack.pushTable(array: 0, record: entries.count)
        for (key, value) in sortedEntries {
            switch key {
            case .integer(let i): stack.push(i)
            case .number(let d): stack.push(d)
            case .string(let s): stack.push(s)
            case .boolean(let b): stack.push(b)
            }
            value.push(onto: stack)
            lua_rawset(stack.L, -3)
        }
    }
}

extension LuaStack {
    /// Reads any value into a `LuaValue`; tables are walked to `depth` levels, cycles become
    /// `.opaque("table", "<cycle>")`. Keys that are not numbers, strings or booleans are skipped.
    public func value(at index: Int32, depth: Int = 32) -> LuaValue {
        // The tables on the path from the root (at most `depth`): an array, searched linearly.
        var seen: [UnsafeRawPointer] = []
        return value(at: lua_absindex(L, index), depth: depth, seen: &seen)
    }

    private func value(at index: Int32, depth: Int, seen: inout [UnsafeRawPointer]) -> LuaValue {
        switch type(at: index) {
        case .nil, .none: return .nil
        case .boolean: return .boolean(bool(at: index))
        case .number:
            if lua_isinteger(L, index) != 0 { return .integer(Int(sf_tointeger(L, index, nil))) }
            return .number(sf_tonumber(L, index, nil))
        case .string: return .string(string(at: index) ?? "")
        case .table:
            guard let p = lua_topointer(L, index) else { return .nil }
            if seen.contains(p) || depth <= 0 { return .opaque(type: "table", identity: plainDescription(at: index)) }
            seen.append(p)
            defer { seen.removeLast() }
            var entries: [LuaKey: LuaValue] = [:]
            pushNil()
            while lua_next(L, index) != 0 {
                if let key = key(at: -2) {
                    entries[key] = value(at: lua_absindex(L, -1), depth: depth - 1, seen: &seen)
                }
                pop()
            }
            return .table(LuaTable(entries))
        default:
            return .opaque(type: typeName(at: index), identity: plainDescription(at: index))
        }
    }

    /// The key at `index` as a `LuaKey`, without converting it in place.
    public func key(at index: Int32) -> LuaKey? {
        switch type(at: index) {
        case .number:
            if lua_isinteger(L, index) != 0 { return .integer(Int(sf_tointeger(L, index, nil))) }
            return .number(sf_tonumber(L, index, nil))
        case .string: return string(at: index).map { .string($0) }
        case .boolean: return .boolean(bool(at: index))
        default: return nil
        }
    }

    /// The keys of the table at `index` in sorted order (numbers, strings, booleans; others skipped).
    public func sortedKeys(ofTableAt index: Int32) -> [LuaKey] {
        let t = lua_absindex(L, index)
        var keys: [LuaKey] = []
        pushNil()
        while lua_next(L, t) != 0 {
            if let k = key(at: -2) { keys.append(k) }
            pop()
        }
        return keys.sorted()
    }

    /// Pushes `key` as a Lua value.
    public func push(key: LuaKey) {
        switch key {
        case .integer(let i): push(i)
        case .number(let d): push(d)
        case .string(let s): push(s)
        case .boolean(let b): push(b)
        }
    }
}
