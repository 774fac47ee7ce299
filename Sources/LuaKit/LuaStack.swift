import CLua

/// The stack of one Lua thread: typed pushes and reads, none of which can raise.
///
/// A `LuaStack` is a view over a `lua_State *`, used by the host and by Swift functions that Lua
/// calls (which receive the calling thread's stack — a coroutine's, possibly). Every operation here
/// uses only raw accessors (no metamethods) and allocations made in host mode (no memory-cap
/// error; see `shim.h`), so none can `longjmp` through the Swift frame that calls it.
public struct LuaStack {
    /// The raw state: LuaKit's, and the scripting layer's C fast paths' (package access: no Swift
    /// file outside LuaKit calls the C API; the fence test checks that none imports CLua).
    @usableFromInline package let L: OpaquePointer

    @inlinable package init(_ L: OpaquePointer) { self.L = L }

    /// Number of values on the stack.
    @inlinable public var top: Int32 { lua_gettop(L) }

    /// Stack: [n values] → [].
    @inlinable public func pop(_ n: Int32 = 1) { sf_pop(L, n) }

    /// Sets the top: values above are dropped, missing ones filled with nil.
    @inlinable public func setTop(_ n: Int32) { lua_settop(L, n) }

    // MARK: pushes (stack: [] → [value])

    @inlinable public func pushNil() { lua_pushnil(L) }
    @inlinable public func push(_ value: Bool) { lua_pushboolean(L, value ? 1 : 0) }
    @inlinable public func push(_ value: Int) { lua_pushinteger(L, lua_Integer(value)) }
    @inlinable public func push(_ value: Double) { lua_pushnumber(L, value) }
    @inlinable public func push(_ value: String) {
        var copy = value
        copy.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }
    /// Pushes a new empty table, sized for `array` list items and `record` fields.
    @inlinable public func pushTable(array: Int = 0, record: Int = 0) {
        lua_createtable(L, Int32(clamping: array), Int32(clamping: record))
    }
    /// Pushes a copy of the value at `index`.
    @inlinable public func pushCopy(of index: Int32) { lua_pushvalue(L, index) }

    /// Pushes any convertible value.
    @inlinable public func push<T: LuaPushable>(_ value: T) { value.push(onto: self) }

    // MARK: tables (raw: no metamethods run)

    /// `t[key] = v` where t is at `table` and v on top. Stack: [v] → [].
    @inlinable public func setField(_ key: String, in table: Int32) {
        let t = lua_absindex(L, table)
        push(key)
        lua_rotate(L, -2, 1)
        lua_rawset(L, t)
    }
    /// Pushes `t[key]` (raw). Stack: [] → [value]. Returns its type.
    @discardableResult @inlinable
    public func getField(_ key: String, in table: Int32) -> LuaType {
        let t = lua_absindex(L, table)
        push(key)
        return LuaType(code: lua_rawget(L, t))
    }
    /// `t[i] = v` (raw), v on top. Stack: [v] → [].
    @inlinable public func setIndex(_ i: Int, in table: Int32) {
        lua_rawseti(L, table, lua_Integer(i))
    }
    /// Pushes `t[i]` (raw). Returns its type.
    @discardableResult @inlinable
    public func getIndex(_ i: Int, in table: Int32) -> LuaType {
        LuaType(code: lua_rawgeti(L, table, lua_Integer(i)))
    }
    /// The raw length of the table or string at `index`.
    @inlinable public func rawLength(at index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    // MARK: reads (never convert in place, never raise)

    @inlinable public func type(at index: Int32) -> LuaType { LuaType(code: lua_type(L, index)) }
    /// True for nil and for an absent value.
    @inlinable public func isNil(at index: Int32) -> Bool { lua_type(L, index) <= LUA_TNIL }
    @inlinable public func isTable(at index: Int32) -> Bool { lua_type(L, index) == LUA_TTABLE }
    @inlinable public func isFunction(at index: Int32) -> Bool { lua_type(L, index) == LUA_TFUNCTION }
    /// True for a string only (a number is not a string here, unlike `lua_isstring`).
    @inlinable public func isString(at index: Int32) -> Bool { lua_type(L, index) == LUA_TSTRING }
    /// True for a number only (a numeric string is not a number here, unlike `lua_isnumber`).
    @inlinable public func isNumber(at index: Int32) -> Bool { lua_type(L, index) == LUA_TNUMBER }
    public func typeName(at index: Int32) -> String { String(cString: lua_typename(L, lua_type(L, index))) }

    @inlinable public func bool(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    /// The number at `index` (a number or a numeric string), or nil.
    @inlinable public func double(at index: Int32) -> Double? {
        var ok: Int32 = 0
        let v = sf_tonumber(L, index, &ok)
        return ok != 0 ? v : nil
    }
    /// The integer at `index` (an integer, a float with an exact integer value, or such a string).
    @inlinable public func int(at index: Int32) -> Int? {
        var ok: Int32 = 0
        let v = sf_tointeger(L, index, &ok)
        return ok != 0 ? Int(v) : nil
    }
    /// The string at `index` if it is a string (numbers are not converted: converting in place
    /// would corrupt a `lua_next` traversal).
    public func string(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let p = lua_tolstring(L, index, &length) else { return nil }
        return p.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
    /// As `tostring(v)` would print it, for strings, numbers, booleans and nil; else the type name
    /// and address (`table: 0x…`). Runs no metamethod.
    public func plainDescription(at index: Int32) -> String {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return "nil"
        case LUA_TBOOLEAN: return bool(at: index) ? "true" : "false"
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return String(Int(sf_tointeger(L, index, nil))) }
            return LuaStack.format(number: sf_tonumber(L, index, nil))
        case LUA_TSTRING: return string(at: index) ?? ""
        default:
            let p = lua_topointer(L, index)
            // debugDescription is what String(describing:) prints for a pointer, without its dynamic casts.
            return "\(typeName(at: index)): \(p.map { $0.debugDescription } ?? "?")"
        }
    }

    /// Formats a float as Lua's `%.14g` does (`0.1`, `1e+100`, `3.0` for integral floats).
    public static func format(number: Double) -> String {
        if number.isNaN { return number.sign == .minus ? "-nan" : "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        var buffer = [CChar](repeating: 0, count: 64)
        _ = sf_format_number(&buffer, 64, number)
        var text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" }) { text += ".0" }
        return text
    }

    /// Lua's word for a value's type as argument errors use it (`no value` for a missing one).
    public func argumentTypeName(at index: Int32) -> String {
        lua_type(L, index) == LUA_TNONE ? "no value" : typeName(at: index)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
