import LuaKit

extension World {
    /// The option table at argument `index` of `call`, keys checked (``ScriptHost/options(_:_:_:accepted:)``).
    func options(_ call: LuaCall, _ index: Int, _ context: String, accepted: [String]) throws -> OptionTable {
        try host.options(call, index, context, accepted: accepted)
    }

    /// Where problems with the arguments of the running call go (``ScriptHost/reporter(_:)``).
    func reporter(_ call: LuaCall) -> ProblemReporter { host.reporter(call) }
}
