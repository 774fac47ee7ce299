import CLua

/// A Lua value (a function, a table…) the host keeps in the registry to use later.
///
/// The reference pins the value against collection until deinit, and keeps its state open. It is
/// used and dropped on the state's thread. Never store one inside Lua (in a closure Lua owns):
/// that would make a cycle the state cannot break.
public final class LuaReference {
    public let state: LuaState
    /// The `luaL_ref` slot.
    public let ref: Int32

    /// Takes the value on top of the stack. Stack: [v] → [].
    public init(popping state: LuaState) {
        self.state = state
        ref = luaL_ref(state.L, sf_registryindex())
    }

    deinit {
        if ref != sf_noref(), ref != sf_refnil() {
            luaL_unref(state.L, sf_registryindex(), ref)
        }
    }

    /// Pushes the referenced value. Stack: [] → [value].
    @inlinable public func push() {
        lua_rawgeti(state.L, sf_registryindex(), lua_Integer(ref))
    }

    /// Calls the referenced function with `arguments` and returns its results (all of them).
    public func call(_ arguments: [LuaValue] = []) throws -> [LuaValue] {
        let L = state.L
        let base = lua_gettop(L)
        push()
        for a in arguments { state.stack.push(a) }
        try state.protectedCall(arguments: Int32(arguments.count), results: sf_multret())
        let top = lua_gettop(L)
        var values: [LuaValue] = []
        if top > base { for i in (base + 1)...top { values.append(state.stack.value(at: i)) } }
        lua_settop(L, base)
        return values
    }

    /// The fast path: calls the function with two numbers and reads one number back.
    /// No allocation; used by hooks called per event.
    @inlinable public func call(_ a: Double, _ b: Double) throws -> Double? {
        let L = state.L
        push()
        lua_pushnumber(L, a)
        lua_pushnumber(L, b)
        try state.protectedCall(arguments: 2, results: 1)
        var ok: Int32 = 0
        let result = sf_tonumber(L, -1, &ok)
        sf_pop(L, 1)
        return ok != 0 ? result : nil
    }

    /// Reads the referenced value as data.
    public var value: LuaValue {
        push()
        defer { state.stack.pop() }
        return state.stack.value(at: -1)
    }
}

extension LuaState {
    /// A reference to the global `name`, or nil when it is nil.
    public func reference(toGlobal name: String) -> LuaReference? {
        if getGlobal(name) <= LUA_TNIL {
            stack.pop()
            return nil
        }
        return LuaReference(popping: self)
    }
}
