import LuaKit

extension World {
    /// The option table at argument `index` of `call`, every key checked against `accepted`
    /// (see ``OptionTable``): `context` names the function in messages (`task`, `stock:item`).
    func options(_ call: LuaCall, _ index: Int, _ context: String, accepted: [String]) throws -> OptionTable {
        try OptionTable(try call.table(index), context: context, accepted: accepted, reporter: reporter(call))
    }

    /// Where problems with the arguments of the running call go: thrown, or — while `shopfloor check`
    /// loads the scenario — noted with the calling script line (`file:line`), so every one is listed.
    func reporter(_ call: LuaCall) -> ProblemReporter {
        guard parameters.collectsProblems else { return .throwing() }
        let place = StockModule.callerPlace(call.stack)
        return ProblemReporter(note: { [unowned self] in parameters.note($0) }, place: place == "?" ? nil : place)
    }
}
