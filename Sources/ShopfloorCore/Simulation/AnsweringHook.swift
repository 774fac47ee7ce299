/// A hook whose answer the core checks after the hook returned (a teller policy's choice, a service time, a
/// generator's gap and customers). The script's mistake is then in a returned value, so no Lua error position
/// names it: ``Simulation/hookOrigin`` lets the scripting layer name the function's `file:line` instead.
public enum AnsweringHook: Sendable, Equatable {
    case tellerPolicy
    case serviceTime
    /// The customer generator of the arrival source with this name.
    case generator(source: String)
}

extension Simulation {
    /// The error for a hook's answer found wrong: `message`, after the hook's definition when the scripting layer
    /// names it (`scenario.lua:12: teller policy chose …`). Only on the error path: the lookup runs no Lua code.
    func invalidAnswer(_ hook: AnsweringHook, _ message: String) -> CoreError {
        guard let origin = hookOrigin?(hook) else { return .invalidArgument(message) }
        return .invalidArgument("\(origin): \(message)")
    }

    /// Runs `body` (the checks of a hook's answer) and gives any `invalidArgument` it throws the hook's origin.
    @inline(__always)
    func checkingAnswer<T>(of hook: @autoclosure () -> AnsweringHook, _ body: () throws -> T) throws -> T {
        do { return try body() } catch CoreError.invalidArgument(let message) { throw invalidAnswer(hook(), message) }
    }
}
