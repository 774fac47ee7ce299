import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// Close hooks, the whole path: `counter:on("close", fn)` (``World/addEventHook(event:functionAt:call:)``) → an
/// owning reference in ``HookRefs/close`` → ``World/installObservers()`` sets the core's `onClose` → when the
/// counter closes, each hook is called with the run summary as a table.
extension World {
    func emitClose() throws {
        for hook in hooks.close {
            hook.push()
            pushSummaryTable()
            try lua.protectedCall(arguments: 1, results: 0)
        }
    }
}
