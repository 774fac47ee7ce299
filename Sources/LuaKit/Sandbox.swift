import CLua
import Foundation
import Synchronization

/// The default environment for user scripts: `string`, `table`, `math`, `utf8`, `coroutine`, the
/// base library without file loading, and `os.clock/date/time/difftime` only — no `io`,
/// `package`, `debug`, `string.dump` or native code. `--allow-io` grants the real `io` and `os`.
///
/// The globals table *is* the sandbox: chunks loaded by the host see it as `_ENV`, and the
/// sandbox's `load` gives it to chunks loaded from Lua.
enum Sandbox {
    static func install(in state: LuaState) throws {
        let L = state.L
        let libraries: [(String, lua_CFunction)] = [
            ("_G", luaopen_base), ("string", luaopen_string), ("table", luaopen_table),
            ("math", luaopen_math), ("utf8", luaopen_utf8), ("coroutine", luaopen_coroutine),
            ("os", luaopen_os),
        ]
        for (name, open) in libraries {
            luaL_requiref(L, name, open, 1)
            state.stack.pop()
        }
        if state.options.timeBudget > 0 {
            // Pattern calls with a large worst case run where they can be abandoned (shim_match.h);
            // only a watched state can tell when to give up on one.
            sf_install_pattern_guards(L)
            // Scripts' finalizers run watched wherever the collector calls them (shim_gc.h).
            sf_install_gc_tokens(L)
            sf_set_before_watched_finalizer { LuaState.willClose?() }
        }
        if state.options.allowIO {
            luaL_requiref(L, "io", luaopen_io, 1)
            state.stack.pop()
        }
        state.memory.pointee.sandbox_left_out = SandboxLeftOut.sandbox(allowIO: state.options.allowIO).rawValue

        let stack = state.stack
        stack.pushTable(record: 8)
        let hostTable = stack.top
        // print may run in a finalizer during lua_close, after `state` is gone: it holds the sink only.
        stack.push(function: { [sink = state.outputSink] call in
            sink.write(try call.string(1))
            return 0
        }, callableWhileClosing: true)
        stack.setField("write", in: hostTable)
        stack.push(state.options.seed)
        stack.setField("seed", in: hostTable)
        stack.push(state.options.allowIO)
        stack.setField("allow_io", in: hostTable)
        // The tracked coroutine.resume (C), wrapping the original.
        lua_getglobal(L, "coroutine")
        stack.getField("resume", in: -1)
        sf_push_tracked_resume(L, state.resumeStack)
        stack.setField("resume", in: hostTable)
        // coroutine.close with its nesting bounded (the 5.4.4 C-stack bug; shim.h).
        stack.getField("close", in: -1)
        sf_push_guarded_close(L)
        stack.setField("close", in: hostTable)
        stack.pop()
        stack.push(function: { [unowned state] call in
            try ModuleSearch(state: state).load(try call.string(1), onto: call.stack)
        })
        stack.setField("find_module", in: hostTable)

        if state.options.allowIO {
            // The io and os.getenv wrappers tell the host what a script reads (ScriptInput): nil, or a refusal to raise.
            stack.push(function: { [unowned state] call in
                let input = ScriptInput(kind: try call.string(1), name: try call.string(2))
                guard let refusal = state.noteInput(input) else { return 0 }
                return call.returning(refusal)
            })
            stack.setField("note_input", in: hostTable)
        }

        try loadPrelude(into: state)
        lua_rotate(L, -2, 1)
        try state.protectedCall(arguments: 1, results: 1)
        state.sandboxControls = luaL_ref(L, sf_registryindex())
    }
}

extension Sandbox {
    /// The prelude compiled once per process: parsing it is most of a sandbox's opening cost
    /// (~140 µs of ~190 µs), loading the host's own bytecode a fraction of that
    /// (`shopfloor-bench lua`, docs/performance.md). User chunks are never loaded in binary mode.
    private static let compiledPrelude = Mutex<[UInt8]?>(nil)

    /// Stack: [] → [prelude function].
    static func loadPrelude(into state: LuaState) throws {
        let L = state.L
        if let bytes = compiledPrelude.withLock({ $0 }) {
            let status = bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    sf_load_host_binary(L, $0.baseAddress, $0.count, "=shopfloor.sandbox")
                }
            }
            if status == LUA_OK { return }
            throw LuaError.pop(from: L, status: status)
        }
        try state.load(sandboxPrelude, chunkName: "=shopfloor.sandbox")
        var buffer = sf_buffer(data: nil, size: 0, capacity: 0)
        defer { free(buffer.data) }
        if sf_dump(L, &buffer) == 0, let data = buffer.data {
            let bytes = Array(UnsafeRawBufferPointer(start: data, count: buffer.size).bindMemory(to: UInt8.self))
            compiledPrelude.withLock { $0 = bytes }
        }
    }
}

/// Resolves `require(name)` to a Lua text file in the script's folder or on the module path,
/// never outside them (no `..`, no absolute names, symlinks resolved and checked).
struct ModuleSearch {
    let state: LuaState

    /// Pushes the compiled chunk and its path. Returns 2, or throws `module 'x' not found: …`.
    func load(_ name: String, onto stack: LuaStack) throws -> Int {
        guard ModuleFile.isModuleName(name) else {
            throw LuaRaise("module '\(name)' not found: a module name is letters, digits, '_', '-' and '.' separating folders")
        }
        var folders: [String] = []
        if let folder = state.scriptFolder { folders.append(folder) }
        folders += state.options.modulePath
        let (found, tried) = ModuleFile.search(name, in: folders)
        guard let module = found else {
            let list = tried.map { "\n\tno file '\($0)'" }.joined()
            throw LuaRaise("module '\(name)' not found:\(list)")
        }
        let path = module.path
        var text = try LuaState.readScript(at: path)
        let status: Int32 = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { sf_load(stack.L, $0.baseAddress, $0.count, "@" + path) }
        }
        if status != LUA_OK {
            let error = LuaError.pop(from: stack.L, status: status)
            throw LuaRaise("error loading module '\(name)' from file '\(path)':\n\t\(error.message)")
        }
        state.noteLoaded(path)
        state.noteRequired(module)
        stack.push(path)
        return 2
    }

    /// True when `path`, with symlinks resolved, lies inside `folder`.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        // Performance: realpath(3) when both resolve (they exist: the caller checked the file), which
        // avoids Foundation's URL machinery on the REPL's way to its first prompt (scripts/bench/repl).
        let real = realPath(path) ?? URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        let root = realPath(folder) ?? URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL.path
        return real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// The absolute path with every symlink, `.` and `..` resolved, or nil if it cannot be resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `scalar` may appear in a module name: letters, digits (in any script), `_`, `.`, `-`.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        // Performance: ASCII is decided here; CharacterSet (ICU data) is consulted only for other scalars.
        if scalar.isASCII {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "_", ".", "-": return true
            default: return false
            }
        }
        return CharacterSet.alphanumerics.contains(scalar)
    }

    /// `a.b.c` → `a/b/c`.
    static func relativePath(of name: String) -> String {
        // Performance: plain scalars for ASCII names (the usual case) instead of NSString.
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return name.replacingOccurrences(of: ".", with: "/") }
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars { scalars.append(scalar == "." ? "/" : scalar) }
        return String(scalars)
    }
}

extension LuaState {
    /// Sends pattern calls whose worst case reaches `steps` to the abandonable helper (`shim_match.h`; 0: every
    /// call). For tests, which compare the helper's answers with the library's on small inputs.
    func setPatternHelperThreshold(_ steps: Double) { sf_set_pattern_helper_threshold(L, steps) }
}

extension LuaState {
    /// A full collection from the host, outside any entry (as a step taken while the host allocates): for tests
    /// of the finalizers' order and watch (`shim_gc.h`).
    func collectGarbage() { sf_gc_collect(L) }
}
