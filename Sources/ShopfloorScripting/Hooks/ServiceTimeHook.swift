import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// Service times, the whole path: `counter:service_time(fn)` (World+Counter.swift) →
/// ``World/installServiceTime(_:)``: the core's `serviceTime` hook → per service start, the reused customer
/// handle and the teller's table are passed to the function; its number is the service time.
extension World {
    /// Installs `fn(customer, teller) → seconds` as the service-time hook.
    func installServiceTime(_ function: LuaReference) {
        hooks.serviceTime = function
        simulation.serviceTime = { [unowned self] customer, teller, simulation in
            let stack = self.lua.stack
            let base = stack.top
            defer { stack.setTop(base) }
            let handle = self.makeCustomerHandle()
            let saved = handle.enter(customer, time: simulation.now, teller: teller)
            defer { handle.leave(saved) }
            function.push()
            handle.pushCurrent()
            self.pushTellerTable(teller)
            try self.lua.protectedCall(arguments: 2, results: 1)
            return try self.decodingAnswer(of: function) {
                guard stack.isNumber(at: -1), let d = self.lua.stack.double(at: -1) else {
                    throw ScriptingError.invalidScenario("service time must return a number of seconds, got \(self.lua.stack.typeName(at: -1))")
                }
                return d
            }
        }
    }
}
