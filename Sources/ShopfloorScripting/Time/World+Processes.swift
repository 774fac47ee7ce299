import LuaKit
import ShopfloorCore

/// Running processes: each resume is one protected call of the runtime's `step` (``ProcessRuntime``), which
/// answers what the process waits for next.
///
/// - `shopfloor.wait(dt)`: a one-shot core timer at now + dt resumes it. It keeps an idle run alive unless the
///   process was started with `{ background = true }` (a process that loops for ever: a machine breaking down now
///   and then must not keep a finished day going).
/// - `shopfloor.wait_until(fn)`: `fn` is called after every event (the core's `onEventDone`, installed only while
///   some process waits this way); the first time it returns true the process resumes, right then. Such a wait
///   never keeps a run alive.
extension World {
    /// Resumes `process` until it waits again, ends or fails (the error stops the run; the process ends).
    func resume(_ process: ProcessState) throws {
        guard !process.ended, let runtime = time.runtime else { return }
        process.timer = nil
        process.condition = nil
        process.running = true
        defer { process.running = false }
        let stack = lua.stack
        runtime.step.push()
        process.coroutine.push()
        do {
            try lua.protectedCall(arguments: 1, results: 2)
        } catch let error as LuaError where error.kind == .timeBudget && (error.line == nil || error.chunk == "shopfloor.process") {
            // The budget's hook stays armed once tripped, so it stops `step` too, right after the process (in the
            // runtime's chunk, "shopfloor.process:NN: …"): name the place in the process where it was.
            process.ended = true
            let bare = error.chunk == nil ? error.message : String(error.message.drop { $0 != " " }.dropFirst())
            throw processError(process, message: .string(bare))
        } catch {
            process.ended = true
            throw error
        }
        defer { stack.pop(2) }
        let answer = stack.string(at: -2)
        // Cancelled by its own code (`handle:cancel()` inside it): it is never resumed, so the wait it began must not
        // be set up (a wait(1000) after it kept the run going 1000 s with nothing happening: end_time and every
        // time figure moved; a wait_until installed the after-each-event watch for nothing).
        if process.ended && (answer == "delay" || answer == "until") { return }
        switch answer {
        case "delay":
            let dt = stack.double(at: -1) ?? 0
            process.timer = try simulation.addTimer(at: simulation.now + dt, keepsRunAlive: process.keepsRunAlive) { [unowned self] _, _ in
                try resume(process)
            }
        case "until":
            stack.pushCopy(of: -1)
            process.condition = LuaReference(popping: lua)
            time.waiting.append(process)
            updateConditionWatch()
        case "error":
            process.ended = true
            throw processError(process, message: stack.value(at: -1))
        case "yield":
            process.ended = true
            let place = definition(of: process.function).map { "\($0): " } ?? ""
            throw ScriptingError.invalidScenario(
                "\(place)process yielded on its own: a process waits with shopfloor.wait(dt) or shopfloor.wait_until(fn), not coroutine.yield")
        default:
            process.ended = true
        }
    }

    /// The error a process stopped with, at the place in the process it happened (a time-budget stop or a
    /// runtime error in a host function has no position of its own), with the process's own traceback.
    func processError(_ process: ProcessState, message value: LuaValue) -> LuaError {
        let message = lua.stack.withSandboxHint(value.stringValue ?? "(error object is a \(value.typeName) value)")
        process.coroutine.push()
        let (place, traceback) = lua.stack.failedThread(at: -1)
        lua.stack.pop()
        let positioned = LuaError(kind: .runtime, message: message).line != nil
        let text = positioned || place == nil ? message : "\(place!): \(message)"
        let kind: LuaError.Kind = message.contains("script exceeded its time budget") ? .timeBudget : .runtime
        return LuaError(kind: kind, message: text, traceback: traceback)
    }

    /// For `counter:reset()`, after the core's reset: a new day resumes no process of the old one. The core's reset
    /// ended every timer, so a process waiting with `shopfloor.wait` (or not yet started) lost its timer; the ones
    /// waiting with `shopfloor.wait_until` are dropped here, and their handles say `active() == false` as well
    /// (``TimeHandle/isActive``). A rollback brings both back (the core's timers and ``TimeBinding/waiting``).
    func dropWaitsAtReset() {
        time.waiting.removeAll()
        updateConditionWatch()
    }

    /// Installs the core's after-each-event observer while a process waits for a condition, removes it otherwise
    /// (so a scenario without such waits pays nothing per event).
    func updateConditionWatch() {
        let wanted = !time.waiting.isEmpty
        guard wanted != (simulation.observers.onEventDone != nil) else { return }
        simulation.observers.onEventDone = wanted ? { [unowned self] _, _ in try checkConditions() } : nil
    }

    /// After an event: each waiting process's condition, in the order they began to wait; a true one resumes
    /// its process at once (whose actions the later conditions then see).
    func checkConditions() throws {
        let stack = lua.stack
        for process in time.waiting where !process.ended {
            guard let condition = process.condition else { continue }
            condition.push()
            try lua.protectedCall(arguments: 0, results: 1)
            let met = stack.bool(at: -1)
            stack.pop()
            if met {
                time.waiting.removeAll { $0 === process }
                updateConditionWatch()
                try resume(process)
            }
        }
        time.waiting.removeAll { $0.ended }
        updateConditionWatch()
    }
}
