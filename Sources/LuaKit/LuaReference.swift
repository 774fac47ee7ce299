import CLua

/// A Lua value (a function, a table…) the host keeps in the registry to use later: the one owner of a
/// registry slot, which it releases when it dies.
///
/// The reference pins the value against collection until deinit, and keeps its state open. It is
/// used and dropped on the state's thread. Hold it in the Swift object graph (a binding, a snapshot, a
/// hook's call context), never in anything Lua holds (a closure Lua owns, an object pushed as userdata):
/// that would make a cycle the state cannot break. A copy of a value holding references (a snapshot)
/// keeps them alive, so restoring it needs no bookkeeping of slots.
public final class LuaReference {
    public let state: LuaState
    /// The `luaL_ref` slot. A per-event C fast path may take it (as long as it holds this reference);
    /// nobody releases it but this object.
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

    /// The fast path: calls the function with two numbers and reads one number back (nil when
    /// it returned something else). No allocation; for hooks called per event.
    /// Performance: one inlined C call (`sf_call_ref_nn_n`); see `docs/performance.md`.
    public func call(_ a: Double, _ b: Double) throws -> Double? {
        var out: Double = 0
        var isNumber: Int32 = 0
        let status = sf_call_ref_nn_n(state.L, state.memory, ref, a, b, &out, &isNumber)
        if status != LUA_OK {
            let error = LuaError.pop(from: state.L, status: status)
            state.recoverAfterError(error)
            throw error
        }
        return isNumber != 0 ? out : nil
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
        if getGlobal(name).isNil {
            stack.pop()
            return nil
        }
        return LuaReference(popping: self)
    }
}
