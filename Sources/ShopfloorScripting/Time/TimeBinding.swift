import LuaKit
import ShopfloorCore

/// The scripting side of time: what `shopfloor.at`, `shopfloor.every` and `shopfloor.process` made, and the
/// processes waiting for a condition. The core holds the timers themselves (`Simulation+Timers.swift`); this
/// holds the Lua side: the handles in declaration order (a reload hands back the k-th one instead of adding a
/// timer: World+Reload.swift) and the process runtime (``ProcessRuntime``).
final class TimeBinding {
    /// Timer and process handles in the order the scripts declared them at load.
    var declared: [TimeHandle] = []
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
    struct State {
        let declared: [TimeHandle]
        let waiting: [ProcessState]
        let doorCloses: Bool
    }

    var state: State { State(declared: declared, waiting: waiting, doorCloses: doorCloses) }

    func restore(_ state: State) {
        declared = state.declared
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
    var isActive: Bool {
        switch kind {
        case .timer:
            return timer.map { world.simulation.isLive($0) } ?? false
        case .process:
            guard let process, !process.ended else { return false }
            if process.running { return true }
            if let pending = process.timer { return world.simulation.isLive(pending) }
            return world.time.waiting.contains { $0 === process }
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
