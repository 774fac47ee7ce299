import LuaKit
import ShopfloorCore

/// The scripting side of time: what `shopfloor.at`, `shopfloor.every` and `shopfloor.process` made, and the
/// processes waiting for a condition. The core holds the timers themselves (`Simulation+Timers.swift`); this
/// holds the Lua side: the handles in declaration order (a reload hands back the k-th one instead of adding a
/// timer: World+Reload.swift), those declared during a run while they may still fire or run, and the process
/// runtime (``ProcessRuntime``).
final class TimeBinding {
    /// Timer and process handles in the order the scripts declared them while no run was under way (at load, at
    /// the REPL's prompt): what a reload matches its declarations against, kept for the world's lifetime (as many
    /// as the scripts' text declares).
    var declared: [TimeHandle] = []
    /// Timer and process handles declared during a run (by a hook, a timer or a process): no reload meets them
    /// again, and they were kept for the world's lifetime too, a handle per call (one per customer for an arrive
    /// hook setting a timer; a process's handle kept its coroutine, ~1.5 KB of Lua memory each). Only a pending
    /// one is needed: a zero-time loop's error finds its place here (HookOrigin.swift), so an ended one is let go.
    var duringRun = LiveTimeHandles()
    /// During a reload: how many declarations the scripts have made again so far.
    var redeclared = 0
    /// Processes waiting in `shopfloor.wait_until`, in the order they began to wait.
    var waiting: [ProcessState] = []
    /// Whether `counter:close_door(t)` was called: built-in arrivals then end, so the idle stop rule can end the run.
    var doorCloses = false
    /// The Lua half of processes (created with the world's module).
    var runtime: ProcessRuntime?

    init() {}

    /// What a rollback brings back (Transaction/WorldSnapshot.swift). The core's snapshot brings back the timers
    /// themselves; a process that ran meanwhile is not rewound (a coroutine cannot be).
    /// `duringRun` is in it: a handle dropped since, as its timer had fired, is live again once the timers are back.
    struct State {
        let declared: [TimeHandle]
        let duringRun: LiveTimeHandles
        let waiting: [ProcessState]
        let doorCloses: Bool
    }

    var state: State { State(declared: declared, duringRun: duringRun, waiting: waiting, doorCloses: doorCloses) }

    func restore(_ state: State) {
        declared = state.declared
        duringRun = state.duringRun
        waiting = state.waiting
        doorCloses = state.doorCloses
    }
}

/// What `shopfloor.at`, `shopfloor.every` and `shopfloor.process` return: a handle that can be cancelled.
/// Held by Lua (userdata) and by ``TimeBinding/declared``; it holds no Lua value, so no cycle.
final class TimeHandle {
    enum Kind { case timer, process }
    let kind: Kind
    /// The core timer of an `at`/`every`.
    var timer: TimerID?
    /// The process behind a process handle.
    var process: ProcessState?
    /// Where its function is defined (`s.lua:4`), to name it in a zero-time loop's error.
    var place: String?
    unowned(unsafe) let world: World

    init(kind: Kind, world: World) {
        self.kind = kind
        self.world = world
    }

    /// Whether it will still fire (a timer) or is alive (a process): running now, or waiting for a timer that will
    /// still fire or for a condition still watched. Read from what it waits for, not from a flag of its own, so it
    /// is true to `counter:reset()` (which ends every timer and wait) and to a rollback (which brings them back).
    var isActive: Bool { isActive(waitingUntil: { process in world.time.waiting.contains { $0 === process } }) }

    /// ``isActive``, with `waitingUntil` telling whether a process waits in `shopfloor.wait_until`.
    func isActive(waitingUntil: (ProcessState) -> Bool) -> Bool {
        switch kind {
        case .timer:
            return timer.map { world.simulation.isLive($0) } ?? false
        case .process:
            guard let process, !process.ended else { return false }
            if process.running { return true }
            if let pending = process.timer { return world.simulation.isLive(pending) }
            return waitingUntil(process)
        }
    }

    /// Stops it: the timer fires no more, the process is never resumed. Returns whether it was active.
    @discardableResult
    func cancel() -> Bool {
        let was = isActive
        if let timer { world.simulation.cancelTimer(timer) }
        if let process {
            if let pending = process.timer { world.simulation.cancelTimer(pending) }
            process.ended = true
            process.condition = nil
            world.time.waiting.removeAll { $0 === process }
            world.updateConditionWatch()
        }
        return was
    }
}

/// The handles of timers and processes declared during a run, kept while they may still fire or run: those are
/// all a zero-time loop's error can name (the looping event is a pending timer's). The ended ones are dropped each
/// time the list has doubled since it was last swept, so it holds at most about twice the live ones (and 64), for
/// O(1) amortised per declaration, however long the run.
struct LiveTimeHandles {
    private(set) var handles: [TimeHandle] = []
    /// The count at which the next declaration sweeps first.
    private var sweepAt = Self.smallest
    static let smallest = 64

    mutating func append(_ handle: TimeHandle, in time: TimeBinding) {
        if handles.count >= sweepAt {
            // One set of the processes in wait_until for the whole sweep (isActive alone scans them per handle).
            let waiting = Set(time.waiting.map(ObjectIdentifier.init))
            handles.removeAll { !$0.isActive(waitingUntil: { waiting.contains(ObjectIdentifier($0)) }) }
            sweepAt = max(Self.smallest, 2 * handles.count)
        }
        handles.append(handle)
    }
}
