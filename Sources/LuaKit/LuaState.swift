import CLua
import Foundation

/// The owner of one `lua_State`: opens it with a memory cap and a panic handler, guards every
/// entry into Lua with the time budget, and closes it on deinit.
///
/// Not `Sendable`: one state belongs to one thread of work (run several states for `--jobs`).
///
/// ```swift
/// let lua = try LuaState(options: .init(seed: 42))
/// let values = try lua.evaluate("return 1 + 1, 'two'", chunkName: "=(command line)")
/// // [.integer(2), .string("two")]
/// ```
///
/// **The bridge's one rule — no `longjmp` across Swift frames.** Lua reports errors by `longjmp`.
/// Swift code here never calls `lua_error`, `luaL_error`, `luaL_check*` or `lua_call`; it reads
/// with raw accessors that cannot run metamethods; every call into Lua code goes through
/// `lua_pcall` (`sf_pcall`); and Swift functions that Lua calls return a code from which the C
/// trampoline raises. Allocations made while Swift is the caller are exempt from the memory cap,
/// so an `m`-marked API call (`lua_pushstring`…) cannot fail with a memory error in a Swift frame.
public final class LuaState {
    /// How a state is opened.
    public struct Options: Sendable {
        /// Open the sandbox (the default) rather than every standard library.
        public var sandboxed: Bool = true
        /// Grant the real `io` and `os` libraries inside the sandbox (`--allow-io`).
        public var allowIO: Bool = false
        /// Seed of the sandbox's `math.random`.
        public var seed: Int = 1
        /// Wall-clock seconds each entry into Lua may run; 0 disables the budget.
        public var timeBudget: Double = 10
        /// Bytes the state may hold while scripts run; 0 disables the cap.
        public var memoryLimit: Int = 1 << 30
        /// Folders `require` searches after the running script's own folder (the plugin path).
        public var modulePath: [String] = []
        /// End the process (exit 1) when one call overstays twice its budget and no hook can stop
        /// it, or when closing the state (its `__gc` finalizers) overstays the budget. Command-line
        /// tools set this; libraries embedding LuaKit usually do not (a stuck close then waits).
        public var exitWhenStuck: Bool = false

        public init(sandboxed: Bool = true, allowIO: Bool = false, seed: Int = 1, timeBudget: Double = 10,
                    memoryLimit: Int = 1 << 30, modulePath: [String] = [], exitWhenStuck: Bool = false) {
            self.sandboxed = sandboxed
            self.allowIO = allowIO
            self.seed = seed
            self.timeBudget = timeBudget
            self.memoryLimit = memoryLimit
            self.modulePath = modulePath
            self.exitWhenStuck = exitWhenStuck
        }
    }

    /// The main thread's raw state. Unsafe: follow the bridge rule above. Package access: LuaKit's,
    /// and the scripting layer's C fast paths' (no Swift file outside LuaKit imports CLua).
    @usableFromInline package let L: OpaquePointer
    public let options: Options
    /// The main thread's stack.
    public var stack: LuaStack { LuaStack(L) }

    /// The state's memory and time-budget bookkeeping, which the C fast paths take.
    package let memory: Memory
    /// `sf_memory *`, named so the scripting layer can hold one without importing CLua.
    package typealias Memory = UnsafeMutablePointer<sf_memory>
    let resumeStack: UnsafeMutablePointer<sf_resume_stack>
    let entryGuard: EntryGuard?

    /// Where `print` writes. Defaults to standard output.
    public var output: (String) -> Void {
        get { outputSink.write }
        set { outputSink.write = newValue }
    }
    /// Holds `output` for the sandbox's `print`, which may run in a finalizer while the state
    /// closes, after this object is gone: it must not reach the state itself.
    let outputSink = OutputSink()

    /// Every Lua file loaded so far (the main chunk and what `require` pulled in), in load order,
    /// as paths the user would recognise. Reload re-reads these.
    public internal(set) var loadedFiles: [String] = []
    /// Every file `require` read so far, in load order, with the folder it was found in: what an experiment
    /// hashes (by path relative to that folder) and what a cell checks its run read nothing else than.
    public internal(set) var requiredModules: [ModuleFile] = []
    /// Every file a script opened for reading through `io` so far (``ScriptInput``), in order, as it named
    /// them: what an experiment hashes while its scenario loads. Empty without `--allow-io`.
    public internal(set) var readFiles: [String] = []
    /// Asked before a script reads a file or a command's output through `io` (``ScriptInput``); what it
    /// throws is raised as a Lua error at the script's line instead of opening. An experiment's cell
    /// refuses a file its hash does not cover, or whose content changed since the experiment started.
    public var inputCheck: ((ScriptInput) throws -> Void)?
    /// The first refusal of ``inputCheck``, kept even if the script caught the error with `pcall`: a cell
    /// fails on it all the same (its results must not come from data the hash does not cover).
    public internal(set) var inputRefusal: String?
    /// The folder of the main script, searched first by `require`.
    public var scriptFolder: String?
    /// Registry slot of the sandbox's control functions (a raw slot, not a `LuaReference`: a
    /// reference keeps its state alive, and the state would then never close).
    var sandboxControls: Int32 = 0
    /// The 32 bytes of `math.random`'s generator (lmathlib.c's `RanState`, upvalue 1 of the library's C
    /// `random` and `randomseed`), found once when the libraries open; nil if this Lua keeps it otherwise.
    /// The registry holds the userdata, so it lives (and stays put: Lua never moves an object) as long as
    /// the state, whatever a script does to `math`. See LuaState+MathRandom.swift.
    var mathRandomState: UnsafeMutableRawPointer?

    public init(options: Options = Options()) throws {
        self.options = options
        memory = .allocate(capacity: 1)
        sf_memory_init(memory, options.timeBudget > 0 ? 1 : 0)
        guard let s = sf_resume_stack_new() else {
            memory.deallocate()
            throw LuaError(kind: .memory, message: "not enough memory to open a Lua state")
        }
        resumeStack = s
        guard let L = lua_newstate(sf_allocator(), memory) else {
            sf_resume_stack_free(s)
            memory.deallocate()
            throw LuaError(kind: .memory, message: "not enough memory to open a Lua state")
        }
        self.L = L
        memory.pointee.main = L
        lua_atpanic(L, sf_panic_function())
        if options.timeBudget > 0 {
            entryGuard = EntryGuard(memory: memory, L: L, resumeStack: s, budget: options.timeBudget,
                                    exitWhenStuck: options.exitWhenStuck)
        } else {
            entryGuard = nil
        }
        do {
            if options.sandboxed {
                try Sandbox.install(in: self)
            } else {
                luaL_openlibs(L)
            }
            mathRandomState = Self.locateMathRandomState(L)
        } catch {
            lua_close(L)
            sf_resume_stack_free(s)
            sf_memory_destroy(memory)
            memory.deallocate()
            throw error
        }
        // Libraries are open: from now on scripts run under the cap (LUA_NOTES: open libs first).
        memory.pointee.limit = options.memoryLimit > 0 ? options.memoryLimit : 0
        memory.pointee.budget = options.timeBudget
        if let g = entryGuard { Watchdog.shared.register(g) }
    }

    /// Forgets every module `require` loaded, so the next `require` reads the file again (reload).
    public func forgetModules() throws {
        guard sandboxControls > 0 else { return }
        lua_rawgeti(L, sf_registryindex(), lua_Integer(sandboxControls))
        stack.getField("forget_modules", in: -1)
        lua_rotate(L, -2, 1)
        stack.pop()
        try protectedCall(arguments: 0, results: 0)
    }

    /// Called on the owner thread just before any state closes. `lua_close` runs the scripts'
    /// finalizers, which nothing can interrupt: a command-line tool flushes its output here, so a
    /// close that has to be cut short (the watchdog ends the process past the budget) loses nothing
    /// the command printed.
    nonisolated(unsafe) public static var willClose: (() -> Void)?

    /// Called on the watchdog's thread just before it ends the process (`_exit(1)`: a call or a finalizer
    /// that could not be interrupted ran past the budget): a command-line tool removes its half-written
    /// temporary files here. It must not touch the Lua state, nor wait for the stuck thread.
    nonisolated(unsafe) public static var willExit: (() -> Void)?

    /// Close on a thread of its own when released, so the state's finalizers cannot hold up (or, past
    /// the budget, end) the owner: for states dropped while a session goes on (a REPL's `:reload`
    /// validation world, the world `:reset` replaces). Their finalizers print nothing, and one that
    /// never ends keeps its thread (abandoned, docs/architecture.md) instead of the process.
    public var closesInBackground = false

    deinit {
        if closesInBackground {
            closeInBackground()
            return
        }
        LuaState.willClose?()
        // Finalizers run under the memory cap and the watchdog (shim.h, sf_close_begin); host
        // functions other than print refuse to run (their objects are going away).
        sf_close_begin(memory)
        lua_close(L)
        sf_close_end(memory)
        if let g = entryGuard { Watchdog.shared.unregister(g) }
        sf_resume_stack_free(resumeStack)
        sf_memory_destroy(memory)
        memory.deallocate()
    }

    /// Hands the raw state to a background thread that closes and frees it; the watchdog forgets it
    /// first (nothing may end the process for it), and `print` goes nowhere.
    private func closeInBackground() {
        if let g = entryGuard { Watchdog.shared.unregister(g) }
        outputSink.write = { _ in }
        let parts = ClosingState(L: L, memory: memory, resumeStack: resumeStack)
        let thread = Thread {
            sf_close_begin(parts.memory)
            lua_close(parts.L)
            sf_close_end(parts.memory)
            sf_resume_stack_free(parts.resumeStack)
            sf_memory_destroy(parts.memory)
            parts.memory.deallocate()
        }
        thread.name = "shopfloor.lua-close"
        thread.start()
    }

    /// Bytes the state holds now.
    public var memoryInUse: Int { memory.pointee.used }
    /// The most bytes the state has held.
    public var peakMemory: Int { memory.pointee.peak }

    /// Runs `body` as one entry into Lua under the time budget (nested entries share the outer
    /// one). The C pcall wrappers count entries themselves; this is for callers that drive Lua
    /// through several raw calls and want them to count as one.
    @inline(__always)
    public func withEntry<R>(_ body: () throws -> R) rethrows -> R {
        sf_entry_enter(memory)
        defer { sf_entry_leave(memory, L) }
        return try body()
    }

    /// Asks the running entry to stop with `interrupted!` (Ctrl-C). Safe to call from a signal
    /// handler: it only sets a flag, which the watchdog turns into the hook within 0.1 s. Needs a
    /// time budget (the watchdog watches only guarded states).
    public func requestInterrupt() { sf_request_interrupt(memory) }

    /// Whether an interrupt was requested since the last `clearInterrupt()`; long host loops
    /// (a simulation run from the REPL) poll it between slices.
    public var interruptRequested: Bool { sf_interrupt_pending(memory) != 0 }

    /// Forgets a pending interrupt (before a new command).
    public func clearInterrupt() { _ = sf_take_interrupt(memory) }

    /// The raw pointer a signal handler passes to `LuaState.requestInterrupt(memory:)`.
    public var interruptHandle: UnsafeMutableRawPointer { UnsafeMutableRawPointer(memory) }

    /// Async-signal-safe form of `requestInterrupt()` for a handler holding `interruptHandle`.
    public static func requestInterrupt(handle: UnsafeMutableRawPointer) {
        sf_request_interrupt(handle.assumingMemoryBound(to: sf_memory.self))
    }

    /// Runs long host work requested from Lua (a script running the simulation) outside the
    /// current entry's budget: Lua hooks called meanwhile are entries with budgets of their own,
    /// so a simulation may run for minutes while no single call into Lua may.
    public func suspendingEntry<R>(_ body: () throws -> R) rethrows -> R {
        let depth = sf_entry_suspend(memory)
        defer { sf_entry_resume(memory, depth) }
        return try body()
    }

    /// Protected call of the function below `nargs` arguments on the main stack, as one entry.
    /// Stack: [f, args…] → [results…] (nresults, or all with `LUA_MULTRET`), or [] and a throw.
    /// `traceback`: `.always` (every error carries one, an error object's `__tostring` text included), or
    /// `.asLua`, lua.c's rule for its prompt and scripts: none for an error object whose `__tostring` gives its
    /// message (the object says what it wants said; a traceback is added to strings and unprintable objects).
    public func protectedCall(arguments nargs: Int32, results nresults: Int32, traceback: Traceback = .always) throws {
        let status = traceback == .always
            ? sf_pcall_m(L, memory, nargs, nresults) : sf_pcall_standalone_m(L, memory, nargs, nresults)
        if status != LUA_OK {
            let error = LuaError.pop(from: L, status: status)
            recoverAfterError(error)
            throw error
        }
    }

    /// Which errors of a protected call carry a traceback (``protectedCall(arguments:results:traceback:)``).
    public enum Traceback: Sendable {
        /// Every error.
        case always
        /// As lua.c's message handler: all but an error object whose `__tostring` gives its message.
        case asLua
    }

    /// The error of a failed protected call whose message (with traceback) is on top, popped, as
    /// ``protectedCall(arguments:results:traceback:)`` throws it (for C fast paths that call `lua_pcall` themselves).
    /// Stack: [error] → [].
    public func poppedError(status: Int32) -> LuaError { stack.poppedError(status: status) }

    /// After a memory error, collect so the state is usable again (LUA_NOTES: it recovers after a GC).
    func recoverAfterError(_ error: LuaError) { stack.recover(after: error) }
}

/// A state's raw parts on their way to the thread that closes them; nothing else touches them after.
private struct ClosingState: @unchecked Sendable {
    let L: OpaquePointer
    /// The state's memory and time-budget bookkeeping, which the C fast paths take.
    package let memory: Memory
    /// `sf_memory *`, named so the scripting layer can hold one without importing CLua.
    package typealias Memory = UnsafeMutablePointer<sf_memory>
    let resumeStack: UnsafeMutablePointer<sf_resume_stack>
}
