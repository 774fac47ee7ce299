import LuaKit
import ShopfloorCore

/// The core's refusals (``Refusal``: a change asked for in an end hook, a teller policy, during a run) named as the
/// script called them. The core names its own operation, which the script never wrote: `counter:run()` in an end
/// hook said `'startArrivals' cannot be called …`, `counter:set_tellers` in a policy `'setPoolSize' …`. Only the
/// binding knows which Lua function was called, so every function of the `shopfloor` module, the counter and the
/// stock that can reach a refusal is registered through ``LuaHostFunction/namingRefusals(_:)`` with its Lua name.
extension LuaHostFunction {
    /// This function, with a refusal it meets reported under `luaName` (`counter:run`, `shopfloor.at`) in the
    /// script's terms (``Refusal/luaMessage(calling:)``). Only a refusal thrown by the core for this very call is
    /// renamed: one from a Lua function it calls back (a hook run by `counter:run`) is already a Lua error, named
    /// by that function. Costs nothing until an error is thrown.
    func namingRefusals(_ luaName: String) -> LuaHostFunction {
        let body = self.body
        let named: LuaFunction = { call in
            do {
                return try body(call)
            } catch CoreError.refused(let refusal) {
                throw ScriptingError.invalidScenario(refusal.luaMessage(calling: luaName))
            }
        }
        return arguments.map { .takes($0, named) } ?? .variadic(named)
    }
}

extension LuaState {
    /// `setFunction(name, in: table, takes: count, body)`, its refusals named `luaName` (``LuaHostFunction/namingRefusals(_:)``).
    func setFunction(_ name: String, in table: Int32, takes count: Int, naming luaName: String, _ body: @escaping LuaFunction) {
        setFunction(name, in: table, LuaHostFunction.takes(count, body).namingRefusals(luaName))
    }
}

extension Refusal {
    /// The refusal as a script reads it: the Lua function it called, and the hooks by the names the script gave them.
    func luaMessage(calling name: String) -> String {
        switch reason {
        case .runEnded:
            "'\(name)' cannot be called once the run has ended (from the end of run's observer, shopfloor.on(\"end\")): nothing happens after it"
        case .insideDecision:
            "'\(name)' cannot be called from inside a teller policy, service-time hook or generator, nor from a stock rule or stock:on hook "
                + "that a maker's order runs"
        case .running:
            "'\(name)' cannot be called while the simulation is running (from a hook, a timer or a process)"
        }
    }
}
