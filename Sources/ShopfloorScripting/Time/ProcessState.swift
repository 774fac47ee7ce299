import LuaKit
import ShopfloorCore

/// One process (`shopfloor.process(fn)`): its coroutine, and what it waits for.
final class ProcessState {
    /// The coroutine (a Lua thread) running the process function.
    let coroutine: LuaReference
    /// The process function, to name where it is defined in messages.
    let function: LuaReference
    /// Whether its waits keep an idle run alive (`background = true` says no).
    let keepsRunAlive: Bool
    /// The core timer of its pending `shopfloor.wait(dt)` (or of its start).
    var timer: TimerID?
    /// The condition of its pending `shopfloor.wait_until(fn)`.
    var condition: LuaReference?
    /// Its function returned, failed, or it was cancelled: it is never resumed again.
    var ended = false
    /// It is running now (between a resume and its next wait): it waits for nothing yet.
    var running = false

    init(coroutine: LuaReference, function: LuaReference, keepsRunAlive: Bool) {
        self.coroutine = coroutine
        self.function = function
        self.keepsRunAlive = keepsRunAlive
    }
}
