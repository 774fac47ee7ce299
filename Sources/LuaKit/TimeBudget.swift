import CLua
import Foundation
import Synchronization

/// Enforces a wall-clock budget on each entry into Lua without reading a clock on the way in.
///
/// Entering Lua costs two atomic stores (`sf_entry_enter`/`leave` in `shim.h`). One shared watchdog
/// thread wakes every `tick` and looks at each registered state: an entry whose serial number has
/// not changed for `budget` arms the count hook (count 1, so `pcall` loops cannot swallow it) on the
/// state and on every coroutine being resumed; at twice the budget — a C call no hook can interrupt
/// that was not sent to an abandonable helper (`shim_match.h`: large pattern matches are) — it ends the
/// process with exit code 1, if allowed to. A closing state (finalizers) is watched too, never armed.
/// The hook is never installed while scripts behave, so well-behaved Lua runs at full speed
/// (a count hook alone costs ×2 on VM-bound code; `docs/performance.md`).
final class EntryGuard: @unchecked Sendable {
    let memory: UnsafeMutablePointer<sf_memory>
    let L: OpaquePointer
    let resumeStack: UnsafeMutablePointer<sf_resume_stack>
    let budget: Double
    let exitWhenStuck: Bool

    // Watchdog-thread only.
    private var observedSerial: UInt64 = 0
    private var observedTicks = 0

    init(memory: UnsafeMutablePointer<sf_memory>, L: OpaquePointer, resumeStack: UnsafeMutablePointer<sf_resume_stack>,
         budget: Double, exitWhenStuck: Bool) {
        self.memory = memory
        self.L = L
        self.resumeStack = resumeStack
        self.budget = budget
        self.exitWhenStuck = exitWhenStuck
    }

    /// Watchdog thread: called every tick. Entries are counted in C (`sf_entry_enter/leave`,
    /// inside every host pcall), so the owner thread pays two atomic stores per entry.
    func watch(tick: Double) {
        let serial = UInt64(sf_guard_active(memory))
        if sf_is_closing(memory) != 0 {
            watchClose(serial: serial, tick: tick)
            return
        }
        // Ctrl-C: stop the running entry now (the request stays for the host to see).
        if serial != 0, sf_interrupt_pending(memory) != 0, UInt64(sf_guard_armed(memory)) != serial {
            _ = sf_guard_arm(memory, L, resumeStack, CUnsignedLongLong(serial), 2)
            return
        }
        guard serial != 0 else {
            observedSerial = 0
            observedTicks = 0
            return
        }
        if serial != observedSerial {
            observedSerial = serial
            observedTicks = 0
            return
        }
        observedTicks += 1
        let elapsed = Double(observedTicks) * tick
        let finalizing = sf_finalizing(memory)
        if finalizing == 1 {
            // A finalizer in an entry of its own (a collection step between entries, shim_gc.h): no hook
            // can stop it, so none is armed; past the budget it ends the process, as at close.
            if elapsed >= budget, exitWhenStuck { exitForFinalizer(after: budget, closing: false) }
            return
        }
        if elapsed >= 2 * budget, exitWhenStuck {
            if finalizing != 0 { exitForFinalizer(after: 2 * budget, closing: false) }
            let message = "error: script exceeded its time budget (a single call ran for over \(LuaStack.format(number: 2 * budget)) s and could not be interrupted)\n"
            // A plain write(2): FileHandle.write(_: Data) would trap if stderr cannot be written.
            _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            LuaState.willExit?()
            _exit(1)
        }
        if elapsed >= budget, UInt64(sf_guard_armed(memory)) != serial {
            _ = sf_guard_arm(memory, L, resumeStack, CUnsignedLongLong(serial), 1)
        }
    }
}

extension EntryGuard {
    /// The state is closing (`sf_close_begin`): finalizers run, no hook can stop them, and the state
    /// is being freed, so no hook is armed. Past the budget the process ends, if allowed to; the
    /// command's output was flushed before the close began (`LuaState.willClose`).
    private func watchClose(serial: UInt64, tick: Double) {
        guard serial != 0 else { return }
        if serial != observedSerial {
            observedSerial = serial
            observedTicks = 0
            return
        }
        observedTicks += 1
        if Double(observedTicks) * tick >= budget, exitWhenStuck { exitForFinalizer(after: budget, closing: true) }
    }

    /// Ends the process for a finalizer that ran for `seconds`; the output was flushed before it began
    /// (`LuaState.willClose`, called before a close and before a finalizer that runs outside any entry).
    private func exitForFinalizer(after seconds: Double, closing: Bool) -> Never {
        let when = closing ? "while the Lua state closed" : "during a garbage collection step"
        let message = "error: a __gc metamethod (finalizer) ran for over \(String(format: "%g", seconds)) s \(when); finalizers cannot be interrupted (the output above is complete)\n"
        _ = message.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        LuaState.willExit?()
        _exit(1)
    }
}

/// The one watchdog thread shared by every `LuaState` in the process.
final class Watchdog: @unchecked Sendable {
    static let shared = Watchdog()

    // An array, not a dictionary keyed by identity: a handful of states, and no Hashable metadata to
    // look up at start-up (scripts/bench/repl).
    private let guards = Mutex<[EntryGuard]>([])
    private let started = Atomic<Bool>(false)

    func register(_ g: EntryGuard) {
        guards.withLock { $0.append(g) }
        if !started.exchange(true, ordering: .acquiringAndReleasing) {
            let thread = Thread { [self] in loop() }
            thread.name = "shopfloor.lua-watchdog"
            thread.stackSize = 1 << 16
            thread.start()
        }
    }

    /// Removes the guard; after this returns the watchdog never touches its state again.
    func unregister(_ g: EntryGuard) {
        guards.withLock { $0.removeAll { $0 === g } }
    }

    private func loop() {
        while true {
            let tick = guards.withLock { all -> Double in
                let smallest = all.map(\.budget).min() ?? 10
                // At most 0.1 s between looks, so Ctrl-C answers promptly.
                let tick = min(0.1, max(0.005, smallest / 20))
                for g in all { g.watch(tick: tick) }
                return tick
            }
            usleep(useconds_t(tick * 1_000_000))
        }
    }
}
