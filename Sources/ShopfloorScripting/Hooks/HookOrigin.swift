import LuaKit
import ShopfloorCore

extension World {
    /// Runs `decode` — reading what a hook function returned — and, if it finds the answer wrong, puts
    /// the place the function is defined in front of the message (`scripts/bank.lua:12: customer
    /// generator must return …`): the error is in a returned value, so Lua's own error position is
    /// not there to name the line.
    func decodingAnswer<T>(of function: LuaReference?, _ decode: () throws -> T) throws -> T {
        do {
            return try decode()
        } catch ScriptingError.invalidScenario(let message) {
            throw ScriptingError.invalidScenario(definition(of: function).map { "\($0): \(message)" } ?? message)
        } catch CoreError.invalidArgument(let message) {
            throw CoreError.invalidArgument(definition(of: function).map { "\($0): \(message)" } ?? message)
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
    func explained(_ error: Error) -> Error {
        guard case CoreError.noProgress(_, _, let kind, let payload) = error else { return error }
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
        default:
            break
        }
        let limit = simulation.limits.maxEventsPerInstant
        let message = "\(error) (--max-events-per-instant \(limit): raise it if so many events at one instant are intended)"
        return ScriptingError.invalidScenario(place.map { "\($0): \(message)" } ?? message)
    }
}
