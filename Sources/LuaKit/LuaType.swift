import CLua

/// The type of a Lua value, as `lua_type` reports it (`.none` for an index past the top).
///
/// ```swift
/// if lua.stack.type(at: -1) == .table { … }
/// ```
/// The raw values are Lua's `LUA_T*` codes (a test checks them against `lua.h`).
public enum LuaType: Int32, Sendable {
    case none = -1
    case `nil` = 0
    case boolean = 1
    case lightUserdata = 2
    case number = 3
    case string = 4
    case table = 5
    case function = 6
    case userdata = 7
    case thread = 8

    /// The type of a `lua_type` code.
    @inlinable init(code: Int32) { self = LuaType(rawValue: code) ?? .none }

    /// True for nil and for an absent value (`lua_isnoneornil`).
    @inlinable public var isNil: Bool { rawValue <= 0 }
}
