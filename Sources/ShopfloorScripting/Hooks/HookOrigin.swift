import LuaKit
import ShopfloorCore

extension World {
    /// Runs `decode` — reading what a hook function returned — and, if it finds the answer wrong, puts
    /// the place the function is defined in front of the message (`scripts/bank.lua:12: customer
    /// generator must return …`): the error is in a returned value, so Lua's own error position is
    /// not there to name the line.
    ///
    /// That place is the one the user must look at, and the only one named: the hook may run inside a host
    /// function (`stock:add` runs the stock rules, `counter:run` the whole simulation), whose own calling line
    /// is innocent — so the error is a ``LuaRaise``, which the host function raises as is instead of putting its
    /// caller's `file:line` in front as well (`x.lua:6: x.lua:3: …`). The traceback still shows that call.
    func decodingAnswer<T>(of function: LuaReference?, _ decode: () throws -> T) throws -> T {
        do {
            return try decode()
        } catch let error as ScriptingError {
            guard case .invalidScenario(let message) = error, let place = definition(of: function) else { throw error }
            throw LuaRaise("\(place): \(message)")
        } catch let error as CoreError {
            guard case .invalidArgument(let message) = error, let place = definition(of: function) else { throw error }
            throw LuaRaise("\(place): \(message)")
        }
    }

    /// Where the function behind a hook the core checks answers of is defined (``Simulation/hookOrigin``): the
    /// current one, so a reload that swapped the function is named correctly.
    func origin(of hook: AnsweringHook) -> String? {
        switch hook {
        case .tellerPolicy: return definition(of: hooks.policy)
        case .serviceTime: return definition(of: hooks.serviceTime)
        case .generator(let source): return definition(of: hooks.generator(source: source)?.function)
        }
    }

    /// `chunk:line` where the Lua function `function` is defined, or nil for a C function or a missing
    /// one. Runs no Lua code.
    func definition(of function: LuaReference?) -> String? {
        guard let function else { return nil }
        function.push()
        return lua.stack.popDefinition()
    }

    /// The core's zero-time-loop error with the place to look in the scripts: the customer generator, or the
    /// stock rule or `stock:restock` call behind restocks delivered at once. Other errors are returned as they are.
    /// Public for a host that runs the simulation itself (the REPL's `:run` and `:step`); call it before
    /// rolling the world back, while the looping event's source is still there to be named.
    public func explained(_ error: Error) -> Error {
        guard let (place, message) = zeroTimeLoop(error) else { return error }
        return ScriptingError.invalidScenario(place.map { "\($0): \(message)" } ?? message)
    }

    /// ``explained(_:)`` for `counter:run{…}` called from Lua (a scenario, the REPL): the same message as
    /// `shopfloor run` gives. When it names a place, that place is the only one (a ``LuaRaise``: the line
    /// calling `counter:run` is innocent, as in ``decodingAnswer(of:_:)``); else the caller's line leads it.
    func explainedForScript(_ error: Error) -> Error {
        guard let (place, message) = zeroTimeLoop(error) else { return error }
        if let place { return LuaRaise("\(place): \(message)") }
        return ScriptingError.invalidScenario(message)
    }

    /// For the core's zero-time-loop error: the place to look in the scripts, if one is known, and the
    /// message with the hint on the limit. Nil for any other error.
    private func zeroTimeLoop(_ error: Error) -> (place: String?, message: String)? {
        guard case CoreError.noProgress(_, _, let kind, let payload) = error else { return nil }
        var place: String?
        switch kind {
        case .arrival:
            let generator = simulation.arrivalSourceName(ofEvent: payload).flatMap { hooks.generator(source: $0) }
            place = definition(of: generator?.function).map { "\($0): customer generator" }
        case .finish where simulation.tracksJourneys:
            // A route that brings customers back with services of 0 s: name the route the looping customer took.
            let teller = Int(payload)
            if let task = simulation.inService().first(where: { $0.teller == teller })?.task, let route = hooks.routePlaces[task] {
                place = "\(route): route of '\(taskLabel(task))'"
            }
        case .delivery:
            if let origin = stock?.lastOrderOrigin {
                if let call = origin.place { place = "\(call): stock:restock" }
                else { place = definition(of: origin.rule).map { "\($0): stock rule" } }
            }
        case .timedCall, .backgroundCall:
            // A timer repeating too fast for the clock, or a process waiting 0 s (or less than the clock can add).
            let id = TimerID(payload: payload)
            let looping: (TimeHandle) -> Bool = { $0.timer == id || $0.process?.timer == id }
            if let handle = time.declared.first(where: looping) ?? time.duringRun.handles.first(where: looping), let at = handle.place {
                place = "\(at): \(handle.kind == .timer ? "timer" : "process")"
            }
        default:
            break
        }
        let limit = simulation.limits.maxEventsPerInstant
        guard let option = eventsPerInstantOption else {
            // A host without the option (a world built in Swift): say where the command line raises the limit.
            return (place, "\(error) (at most \(limit) events at one instant: shopfloor run --max-events-per-instant raises the limit if so many are intended)")
        }
        return (place, "\(error) (\(option) \(limit): raise it if so many events at one instant are intended)")
    }
}
