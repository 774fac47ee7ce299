import CLua

/// Where `math.random` stands, so the host can put it back: a rolled-back command (the REPL's failed chunk,
/// a failed reload, Ctrl-C going back to a checkpoint) then leaves the next draws as they would have been.
///
/// ```swift
/// let before = lua.mathRandomPosition      // 32 bytes, copied
/// _ = try lua.evaluate("return math.random()", chunkName: "=x")
/// lua.mathRandomPosition = before          // the same draw comes again
/// ```
///
/// The position is read from the generator the standard library's C functions share (the userdata that is
/// upvalue 1 of `math.random` and `math.randomseed`, lmathlib.c), reached through the registry reference
/// taken when the libraries opened — never through what `math.random` is now: a script may replace it with
/// a function of its own (which then draws from wherever it likes; what it keeps in Lua values is not the
/// host's to restore, like any global). `math.randomseed(n)` moves the same generator, so it is covered.
/// Copying the bytes changes no draw.
extension LuaState {
    /// The state of `math.random`'s xoshiro256** generator: four 64-bit words, opaque to the host.
    public struct MathRandomPosition: Equatable, Sendable {
        fileprivate var words: (UInt64, UInt64, UInt64, UInt64)

        public static func == (a: Self, b: Self) -> Bool {
            a.words.0 == b.words.0 && a.words.1 == b.words.1 && a.words.2 == b.words.2 && a.words.3 == b.words.3
        }
    }

    /// `math.random`'s position now; setting it puts the generator back there. Nil (and setting it does
    /// nothing) when the Lua library keeps its generator in a form this host does not know.
    public var mathRandomPosition: MathRandomPosition? {
        get {
            guard let state = mathRandomState else { return nil }
            return MathRandomPosition(words: state.loadUnaligned(as: (UInt64, UInt64, UInt64, UInt64).self))
        }
        set {
            guard let state = mathRandomState, let newValue else { return }
            state.storeBytes(of: newValue.words, as: (UInt64, UInt64, UInt64, UInt64).self)
        }
    }

    /// Finds the generator of the `math` library just opened and anchors it in the registry. Runs before
    /// any script and before the memory cap applies (no call here can raise). Stack: balanced.
    static func locateMathRandomState(_ L: OpaquePointer) -> UnsafeMutableRawPointer? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard lua_getglobal(L, "math") == LUA_TTABLE, lua_getfield(L, -1, "random") == LUA_TFUNCTION,
              lua_tocfunction(L, -1) != nil, lua_getupvalue(L, -1, 1) != nil,
              lua_type(L, -1) == LUA_TUSERDATA,
              lua_rawlen(L, -1) == MemoryLayout<(UInt64, UInt64, UInt64, UInt64)>.size,
              let state = lua_touserdata(L, -1) else { return nil }
        _ = luaL_ref(L, sf_registryindex())   // pops the userdata; never released: it lives as long as the state
        return state
    }
}
