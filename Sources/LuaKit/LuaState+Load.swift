import CLua
import Foundation

extension LuaState {
    /// Compiles a text chunk (binary chunks are refused) and leaves it on the stack.
    ///
    /// `chunkName` follows Lua: `@path` for a file (messages read `path:12:`), `=name` for a name
    /// used as is (`stdin:1:`), anything else becomes `[string "…"]`.
    /// Stack: [] → [function], or [] and a throw (`kind == .syntax`).
    public func load(_ source: String, chunkName: String) throws {
        var text = source
        let status: Int32 = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { sf_load(L, $0.baseAddress, $0.count, chunkName) }
        }
        if status != LUA_OK {
            throw LuaError.pop(from: L, status: status)
        }
    }

    /// Reads and compiles a Lua file; its chunk name is the path as given, so errors read
    /// `scripts/bank.lua:12: …`. Records the file in `loadedFiles`. Stack: [] → [function].
    public func load(file path: String) throws {
        let source = try LuaState.readScript(at: path)
        try load(source, chunkName: path == "-" ? "=stdin" : "@" + path)
        noteLoaded(path)
    }

    /// Reads a script file as UTF-8 text ready to compile (`ScriptFile.text`: regular files,
    /// FIFOs and `-` for standard input, at most `ScriptFile.sizeLimit` bytes, byte-order mark and
    /// `#!` line skipped as `lua` does), with a message naming the path when it cannot.
    public static func readScript(at path: String) throws -> String {
        try ScriptFile.text(path)
    }

    func noteLoaded(_ path: String) {
        if !loadedFiles.contains(path) { loadedFiles.append(path) }
    }

    func noteRequired(_ module: ModuleFile) {
        if !requiredModules.contains(module) { requiredModules.append(module) }
    }

    /// Compiles and runs a chunk, returning every value it returns.
    public func evaluate(_ source: String, chunkName: String) throws -> [LuaValue] {
        let base = lua_gettop(L)
        try load(source, chunkName: chunkName)
        return try callLoaded(base: base, arguments: [])
    }

    /// Runs a script file with `arguments` as its `...` and returns what it returns. Its errors carry a
    /// traceback as `lua script.lua` shows them (`.asLua`): an error object whose `__tostring` gives its text
    /// is that text alone.
    public func run(file path: String, arguments: [String] = []) throws -> [LuaValue] {
        let base = lua_gettop(L)
        try load(file: path)
        return try callLoaded(base: base, arguments: arguments.map { .string($0) }, traceback: .asLua)
    }

    /// Calls the function on top (above `base`) with arguments, reading all results.
    private func callLoaded(base: Int32, arguments: [LuaValue], traceback: Traceback = .always) throws -> [LuaValue] {
        for a in arguments { stack.push(a) }
        try protectedCall(arguments: Int32(arguments.count), results: sf_multret(), traceback: traceback)
        let top = lua_gettop(L)
        var values: [LuaValue] = []
        if top > base {
            for i in (base + 1)...top { values.append(stack.value(at: i)) }
        }
        lua_settop(L, base)
        return values
    }

    /// Sets a global (raw: the sandbox's globals table is not allowed metamethods by the host).
    /// Stack: [value] → [].
    public func setGlobal(_ name: String) {
        lua_rawgeti(L, sf_registryindex(), lua_Integer(sf_ridx_globals()))
        lua_rotate(L, -2, 1)
        stack.setField(name, in: -2)
        stack.pop()
    }

    /// Sets a global to a value.
    public func setGlobal<T: LuaPushable>(_ name: String, to value: T) {
        stack.push(value)
        setGlobal(name)
    }

    /// Pushes a global (raw). Returns its type. Stack: [] → [value].
    @discardableResult
    public func getGlobal(_ name: String) -> LuaType {
        lua_rawgeti(L, sf_registryindex(), lua_Integer(sf_ridx_globals()))
        let type = stack.getField(name, in: -1)
        lua_rotate(L, -2, 1)
        stack.pop()
        return type
    }

    /// Reads a global as a `LuaValue`.
    public func global(_ name: String) -> LuaValue {
        getGlobal(name)
        defer { stack.pop() }
        return stack.value(at: -1)
    }

    /// `tostring(v)` of the value on top, running `__tostring`/`__name` in a protected call.
    /// Stack: [v] → []. A failing `__tostring` is reported as a `LuaError`.
    public func describeTop() throws -> String {
        let status = sf_safe_tostring(L)
        if status != LUA_OK {
            throw LuaError.pop(from: L, status: status)
        }
        defer { stack.pop() }
        return stack.string(at: -1) ?? ""
    }
}
