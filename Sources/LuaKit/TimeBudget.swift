import CLua
import Foundation
import Synchronization

/// Enforces a wall-clock budget on each entry into Lua without reading a clock on the way in.
///
/// Entering Lua costs two relaxed-cheap atomic stores (`enter`/`leave`). One shared watchdog
/// thread wakes every `tick` and looks at each registered state: an entry whose serial number has
/// not changed for `budget` arms the count hook (count 1, so `pcall` loops cannot swallow it) on the
/// state and on every coroutine being resumed; at twice the budget — a C call no hook can interrupt,
/// such as a pathological `string.find` — it ends the process with exit code 1, if allowed to.
/// The hook is never installed while scripts behave, so well-behaved Lua runs at full speed
/// (a count hook alone costs ×2 on VM-bound code; `docs/performance.md`).
final class EntryGuard: @unchecked Sendable {
    /// Serial of the running outermost entry, 0 when no Lua code runs.
    let activeSerial = Atomic<UInt64>(0)
    /// Serial the watchdog armed the hook for, 0 when not armed.
    let armedSerial = Atomic<UInt64>(0)
    /// Protects arming and disarming against each other (never taken on the fast path).
    let armLock = Mutex<Void>(())

    /// Owner-thread only: nesting depth of entries and the next serial.
    var depth = 0
    var nextSerial: UInt64 = 0

    let L: OpaquePointer
    let resumeStack: UnsafeMutablePointer<sf_resume_stack>
    let budget: Double
    let exitWhenStuck: Bool

    // Watchdog-thread only.
    var observedSerial: UInt64 = 0
    var observedTicks = 0

    init(L: OpaquePointer, resumeStack: UnsafeMutablePointer<sf_resume_stack>, budget: Double, exitWhenStuck: Bool) {
        self.L = L
        self.resumeStack = resumeStack
        self.budget = budget
        self.exitWhenStuck = exitWhenStuck
    }

    /// Marks the start of an entry (nested entries belong to the outermost one).
    @inline(__always) func enter() {
        depth += 1
        if depth == 1 {
            nextSerial &+= 1
            activeSerial.store(nextSerial, ordering: .sequentiallyConsistent)
        }
    }

    /// Marks the end of an entry; disarms the hook if the watchdog armed it.
    @inline(__always) func leave() {
        depth -= 1
        if depth == 0 {
            activeSerial.store(0, ordering: .sequentiallyConsistent)
            if armedSerial.load(ordering: .sequentiallyConsistent) != 0 { disarm() }
        }
    }

    private func disarm() {
        armLock.withLock { _ in
            sf_disarm_budget(L)
            armedSerial.store(0, ordering: .sequentiallyConsistent)
        }
    }

    /// Watchdog thread: called every tick.
    func watch(tick: Double) {
        let serial = activeSerial.load(ordering: .sequentiallyConsistent)
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
        if elapsed >= 2 * budget, exitWhenStuck {
            let message = "error: script exceeded its time budget (a single call ran for over \(LuaStack.format(number: 2 * budget)) s and could not be interrupted)\n"
            FileHandle.standardError.write(Data(message.utf8))
            _exit(1)
        }
        if elapsed >= budget, armedSerial.load(ordering: .sequentiallyConsistent) != serial {
            armLock.withLock { _ in
                armedSerial.store(serial, ordering: .sequentiallyConsistent)
                // Re-check under the lock: the entry may have ended meanwhile (Dekker-style pair with leave()).
                if activeSerial.load(ordering: .sequentiallyConsistent) == serial {
                    sf_arm_budget(L)
                    sf_resume_stack_arm(resumeStack)
                } else {
                    armedSerial.store(0, ordering: .sequentiallyConsistent)
                }
            }
        }
    }
}

/// The one watchdog thread shared by every `LuaState` in the process.
final class Watchdog: @unchecked Sendable {
    static let shared = Watchdog()

    private let guards = Mutex<[ObjectIdentifier: EntryGuard]>([:])
    private let started = Atomic<Bool>(false)

    func register(_ g: EntryGuard) {
        guards.withLock { $0[ObjectIdentifier(g)] = g }
        if !started.exchange(true, ordering: .acquiringAndReleasing) {
            let thread = Thread { [self] in loop() }
            thread.name = "shopfloor.lua-watchdog"
            thread.stackSize = 1 << 16
            thread.start()
        }
    }

    /// Removes the guard; after this returns the watchdog never touches its state again.
    func unregister(_ g: EntryGuard) {
        _ = guards.withLock { $0.removeValue(forKey: ObjectIdentifier(g)) }
    }

    private func loop() {
        while true {
            let tick = guards.withLock { all -> Double in
                let smallest = all.values.map(\.budget).min() ?? 10
                let tick = min(0.25, max(0.005, smallest / 20))
                for g in all.values { g.watch(tick: tick) }
                return tick
            }
            usleep(useconds_t(tick * 1_000_000))
        }
    }
}
