import CLua

/// Raw table access, registry slots, metatables, identities and rotation: what the scripting
/// layer used to call the C API for. None runs a metamethod or raises (host-mode allocation).
extension LuaStack {
    // MARK: raw table access (no metamethods)

    /// `t[k]` (raw) where t is at `table` and k on top. Stack: [k] → [v]. Returns v's type.
    @discardableResult @inlinable
    public func rawGet(in table: Int32) -> LuaType { LuaType(code: lua_rawget(L, table)) }

    /// `t[k] = v` (raw) where t is at `table`. Stack: [k, v] → [].
    @inlinable public func rawSet(in table: Int32) { lua_rawset(L, table) }

    /// Pushes the global table. Stack: [] → [_G].
    @inlinable public func pushGlobals() {
        lua_rawgeti(L, sf_registryindex(), lua_Integer(sf_ridx_globals()))
    }

    // MARK: registry slots (`luaL_ref`)

    /// Pops the value on top into a new registry slot and returns it (an owner must release it;
    /// prefer ``LuaReference``, which does). Stack: [v] → [].
    @inlinable public func reference() -> Int32 { luaL_ref(L, sf_registryindex()) }

    /// Releases a slot made by ``reference()``. Stack unchanged.
    @inlinable public func release(reference slot: Int32) { luaL_unref(L, sf_registryindex(), slot) }

    /// Pushes the value in registry slot `slot`. Stack: [] → [v]. Returns its type.
    @discardableResult @inlinable
    public func push(reference slot: Int32) -> LuaType {
        LuaType(code: lua_rawgeti(L, sf_registryindex(), lua_Integer(slot)))
    }

    /// Pushes the registry's field `key` (a named host value, as `luaL_getmetatable` does for
    /// metatables). Stack: [] → [v]. Returns its type.
    @discardableResult
    public func pushRegistryField(_ key: String) -> LuaType {
        LuaType(code: lua_getfield(L, sf_registryindex(), key))
    }

    /// Sets the registry's field `key` to the value on top. Stack: [v] → [].
    public func setRegistryField(_ key: String) { lua_setfield(L, sf_registryindex(), key) }

    /// Pushes a C function (a fast path written in C, e.g. a `__len`). Stack: [] → [function].
    @inlinable public func push(cFunction f: lua_CFunction?) { lua_pushcclosure(L, f, 0) }

    // MARK: metatables

    /// Pushes the metatable of the value at `index` if it has one. Stack: [] → [mt] (true) or [] (false).
    @inlinable public func pushMetatable(of index: Int32) -> Bool { lua_getmetatable(L, index) != 0 }

    /// Sets the metatable of the value at `index` to the table on top. Stack: [mt] → [].
    @inlinable public func setMetatable(of index: Int32) { lua_setmetatable(L, index) }

    // MARK: identity and order

    /// The identity of a table, function, userdata or thread (`lua_topointer`; an interned short
    /// string's text too), or nil for other values. Only for comparing identities.
    @inlinable public func address(at index: Int32) -> UnsafeRawPointer? { lua_topointer(L, index) }

    /// The block of a full userdata (nil for anything else, a light userdata included); for
    /// recognising a known userdata by address.
    @inlinable public func userdataAddress(at index: Int32) -> UnsafeMutableRawPointer? {
        lua_type(L, index) == LUA_TUSERDATA ? lua_touserdata(L, index) : nil
    }

    /// Rotates the values from `index` to the top by `n` positions towards the top (`lua_rotate`):
    /// `rotate(-2, by: 1)` swaps the two values on top.
    @inlinable public func rotate(_ index: Int32, by n: Int32) { lua_rotate(L, index, n) }
}

extension LuaState {
    /// `protectedCall(arguments:results:)`'s `results` for "all of them" (`LUA_MULTRET`).
    public static var allResults: Int32 { sf_multret() }
}
