import CLua

extension LuaState {
    /// The version of the Lua library linked in (`Lua 5.4.4`).
    public static var luaVersion: String { String(cString: sf_version()) }

    /// Runs one line as the `lua` prompt does: first as `return <line>` so an expression yields
    /// its values, else as statements. Returns each result as `tostring` prints it. Errors carry a traceback
    /// as lua.c's are (`.asLua`): none for an error object whose `__tostring` gives its text.
    public func evaluateLine(_ line: String, chunkName: String) throws -> [String] {
        let base = lua_gettop(L)
        do {
            try load("return " + line + ";", chunkName: chunkName)
        } catch let error as LuaError where error.kind == .syntax {
            try load(line, chunkName: chunkName)
        }
        try protectedCall(arguments: 0, results: sf_multret(), traceback: .asLua)
        var out: [String] = []
        while lua_gettop(L) > base {
            lua_rotate(L, base + 1, -1)
            do {
                out.append(try describeTop())
            } catch {
                lua_settop(L, base)
                throw error
            }
        }
        return out
    }
}
