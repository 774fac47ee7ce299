import CLua

/// A Swift class exposed to Lua as userdata: a metatable named `name` with methods in `__index`,
/// optional `__tostring`, and a `__gc` that releases the Swift object.
///
/// ```swift
/// let counterClass = LuaClass<Counter>(name: "demo.Counter")
/// counterClass.define(in: lua, methods: [
///     "add": .takes(2) { call in let c = try call.object(1, as: counterClass); c.value += try call.int(2); return 0 },
/// ])
/// lua.stack.push(object: Counter(), as: counterClass)
/// ```
public struct LuaClass<T: AnyObject>: Sendable {
    /// The metatable's registry name; also what argument errors call the type.
    public let name: String
    public init(name: String) { self.name = name }

    /// Creates the metatable (once per state). `tostring` gives `__tostring`; `index`, when set,
    /// handles field reads that are not methods (`obj.length`), receiving (self, key).
    public func define(in state: LuaState, methods: [String: LuaHostFunction],
                       tostring: ((T) -> String)? = nil, index: ((T, String) -> LuaValue?)? = nil,
                       metamethods: [String: LuaFunction] = [:]) {
        let L = state.L
        let stack = state.stack
        guard luaL_newmetatable(L, name) != 0 else {
            stack.pop()
            return
        }
        let mt = lua_gettop(L)
        // Methods live in the metatable itself (hidden by `__metatable = false`), so `__index`
        // can find them from any coroutine without holding a registry reference.
        for key in methods.keys.sorted() {
            stack.push(function: methods[key]!)
            stack.setField(key, in: mt)
        }
        if let index {
            let cls = self
            stack.push(function: { call in
                let key = try call.string(2)
                if !key.hasPrefix("__"), lua_getmetatable(call.stack.L, 1) != 0 {
                    if !call.stack.getField(key, in: -1).isNil { return 1 }
                    call.stack.pop(2)
                }
                let object = try call.object(1, as: cls)
                if let v = index(object, key) { return call.returning(v) }
                call.stack.pushNil()
                return 1
            })
        } else {
            stack.pushCopy(of: mt)
        }
        stack.setField("__index", in: mt)
        sf_pushcfunction(L, sf_object_gc_function())
        stack.setField("__gc", in: mt)
        if let tostring {
            let cls = self
            stack.push(function: { call in
                call.returning(tostring(try call.object(1, as: cls)))
            })
            stack.setField("__tostring", in: mt)
        }
        for key in metamethods.keys.sorted() {
            stack.push(function: metamethods[key]!)
            stack.setField(key, in: mt)
        }
        stack.push(false)
        stack.setField("__metatable", in: mt)
        stack.pop()
    }
}

let releaseObject: sf_release_function = { object in
    Unmanaged<AnyObject>.fromOpaque(object!).release()
}

extension LuaStack {
    /// Pushes `object` as userdata of `type` (whose metatable must be defined). The userdata keeps
    /// the object alive; Lua's `__gc` releases it. Stack: [] → [userdata].
    public func push<T: AnyObject>(object: T, as type: LuaClass<T>) {
        let raw = Unmanaged<AnyObject>.passRetained(object as AnyObject).toOpaque()
        sf_push_object(L, raw, releaseObject, type.name)
    }
}

extension LuaStack {
    /// The object in the userdata at `index` if it is of `type`, else nil. Never raises.
    public func object<T: AnyObject>(at index: Int32, as type: LuaClass<T>) -> T? {
        guard let raw = sf_test_object(L, index, type.name) else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue() as? T
    }
}
