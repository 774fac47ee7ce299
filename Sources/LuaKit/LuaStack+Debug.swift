import CLua

/// Where Lua code is: the line calling a host function, a function's definition. Reads debug
/// information only (`lua_getstack`/`lua_getinfo`); runs no Lua code and never raises.
extension LuaStack {
    /// The current line of the function `level` levels up the call stack (1: the Lua code calling
    /// the running host function), or nil when there is none. -1 when that function is a C function.
    /// A host function called from a coroutine (a process) runs on the main thread: the levels are then
    /// read on the coroutine, where its Lua caller is (`sf_caller_thread`).
    public func callerLine(level: Int32 = 1) -> Int? {
        let thread = sf_caller_thread(L)
        var ar = lua_Debug()
        guard lua_getstack(thread, level, &ar) != 0, lua_getinfo(thread, "l", &ar) != 0 else { return nil }
        return Int(ar.currentline)
    }

    /// `chunk:line` of the code `level` levels up (1: the Lua code calling the running host
    /// function), as error messages name places, or nil when there is none. Read on the calling
    /// coroutine as ``callerLine(level:)`` is.
    public func callerPlace(level: Int32 = 1) -> String? {
        let thread = sf_caller_thread(L)
        var ar = lua_Debug()
        guard lua_getstack(thread, level, &ar) != 0, lua_getinfo(thread, "Sl", &ar) != 0 else { return nil }
        return "\(LuaStack.shortSource(of: ar)):\(ar.currentline)"
    }

    /// Pops the value on top and returns `chunk:line` where it is defined when it is a Lua
    /// function; nil for a C function or any other value. Stack: [v] → [].
    public func popDefinition() -> String? {
        guard lua_type(L, -1) == LUA_TFUNCTION else { lua_settop(L, -2); return nil }
        var ar = lua_Debug()
        guard lua_getinfo(L, ">S", &ar) != 0, ar.linedefined > 0 else { return nil }  // ">" pops the function
        return "\(LuaStack.shortSource(of: ar)):\(ar.linedefined)"
    }

    private static func shortSource(of ar: lua_Debug) -> String {
        withUnsafeBytes(of: ar.short_src) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

extension LuaStack {
    /// For the coroutine at `index`, stopped by an error (its stack is kept for inspection): `chunk:line` of its
    /// innermost Lua function, and its traceback. Runs no Lua code and never raises (the host is the caller, so
    /// the traceback's allocation is outside the memory cap). Stack unchanged.
    public func failedThread(at index: Int32) -> (place: String?, traceback: String) {
        guard let thread = lua_tothread(L, index) else { return (nil, "") }
        var place: String?
        var level: Int32 = 0
        var ar = lua_Debug()
        while place == nil, lua_getstack(thread, level, &ar) != 0 {
            if lua_getinfo(thread, "Sl", &ar) != 0, ar.currentline > 0 {
                place = "\(LuaStack.shortSource(of: ar)):\(ar.currentline)"
            }
            level += 1
        }
        luaL_traceback(L, thread, nil, 0)
        let traceback = string(at: -1) ?? ""
        lua_settop(L, -2)
        return (place, traceback)
    }
}
