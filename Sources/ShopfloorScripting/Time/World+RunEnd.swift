import LuaKit
import ShopfloorCore

/// `shopfloor.on("end", fn)`: `fn(summary)` once when the run stops normally — its stop rule met, `--until`
/// reached, nothing left to do, or Ctrl-C between two events — after the last event (and after `close`), with the
/// summary as `counter:stats()` gives it. Not after an error or a broken limit. The core reports the end
/// (``Simulation/endRun()``) when the caller says the run is over: ``Scenario/run(_:until:warmup:progress:)`` does;
/// the REPL never does (a session can always run on).
extension World {
    /// Adds the function at `index` as an end hook.
    func addEndHook(functionAt index: Int, call: LuaCall) {
        call.stack.pushCopy(of: Int32(index))
        hooks.runEnd.append(LuaReference(popping: lua))
        if simulation.observers.onEnd == nil {
            simulation.observers.onEnd = { [unowned self] _ in try emitEnd() }
        }
    }

    func emitEnd() throws {
        for hook in hooks.runEnd {
            hook.push()
            pushSummaryTable()
            try lua.protectedCall(arguments: 1, results: 0)
        }
    }
}
