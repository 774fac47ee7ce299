import LuaKit

/// A stock rule installed with `stock:rule(fn [, { below = level }])`: the Lua function (owned) and the
/// level it watches.
///
/// A rule that declares `below` says it orders nothing for a fruit at that count or above (the reorder
/// point of an (s, S) rule), so the core calls it only for fruits below it. The declaration is the
/// script's promise, checked by nothing else: a rule with state to keep up to date (a forecast that learns
/// from every change) declares no level and is called after every change.
///
/// ```lua
/// stock:rule(function(fruit, count, pending)
///   if count < 100 and pending == 0 then return 400 - count, 20 end
/// end, { below = 100 })
/// ```
struct StockRule {
    /// The rule function.
    let function: LuaReference
    /// `function`'s registry slot, which the per-change C call takes.
    let slot: Int32
    /// Called only while the fruit's count is below this; `.infinity` when the rule declared no level.
    var below: Double

    init(function: LuaReference, below: Double) {
        self.function = function
        self.slot = function.ref
        self.below = below
    }
}
