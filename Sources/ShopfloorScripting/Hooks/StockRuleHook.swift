import CShopfloorHooks
import LuaKit
import ShopfloorCore

/// Stock rules, the whole path: `stock:rule(fn [, { below = level }])` (World+Stock.swift) → a ``StockRule``
/// (an owning reference and its level) in ``StockBinding/rules`` → after each order a maker or `stock:order`
/// decided, ``StockBinding/decided(_:_:)`` → ``StockBinding/runRules(_:in:)`` for each fruit taken below the
/// highest level → one C call per rule (`sf_call_rule`) → a restock through ``StockBinding/restock(_:amount:leadTime:orderedBy:)``.
///
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

extension StockBinding {
    /// Calls each rule as `rule(fruit, count, pending)`; a rule returning `amount, lead_time` places a restock.
    /// A rule that declared a level (``StockRule/below``) is not called for a fruit at or above it.
    // Performance: one C call per rule (`sf_call_rule`) reads the plain answers (nothing, or an integer and a
    // number); only other answers are decoded here. Skipping the calls a rule declared useless saves ~80 % of
    // them with the reorder_point rule (juice-bar benchmark, scripts/bench/juice-bar).
    func runRules(_ item: Int) throws { try runRules(item, in: simulation) }

    /// ``runRules(_:)`` with the world's current simulation already read.
    func runRules(_ item: Int, in simulation: Simulation) throws {
        var i = 0
        while i < rules.count {
            // Performance: the rule's level and slot are read in place; copying the rule would retain its
            // function per call (juice-bar benchmark).
            let below = rules[i].below, slot = rules[i].slot
            i += 1
            let count = simulation.count(ofItem: item)
            if !(Double(count) < below) { continue }
            let stack = LuaStack(L)
            let base = stack.top
            guard nestedCalls < Self.nestedCallLimit else {
                throw runsInsideItself(rules[i - 1].function, "stock rule for '\(simulation.stock.items[item].name)'")
            }
            nestedCalls &+= 1
            defer { stack.setTop(base); nestedCalls &-= 1 }
            var kind: Int32 = 0, amount: Int64 = 0, lead: Double = 0
            let status = sf_call_rule(L, memory, slot, itemNameSlots[item], Int64(count),
                                      Int64(simulation.pendingUnits(item: item)), &kind, &amount, &lead)
            try stack.check(status: status)
            if kind == sf_rule_nothing() { continue }
            if kind == sf_rule_order() {
                if amount != 0 {
                    let rule = rules[i - 1].function
                    lastOrderOrigin = (rule, nil)
                    try restock(item, amount: Int(amount), leadTime: lead, orderedBy: rule)
                }
                continue
            }
            // Results at base + 2 and base + 3 (the traceback handler is at base + 1).
            try placeAnswer(of: rules[i - 1].function, for: item, at: base + 2)
        }
    }

    /// After an order found fruits short (``decided(_:_:)``): calls every rule as `rule(fruit, count, pending, need)`
    /// for each short fruit, `need` the units the order asked for, whatever level the rule declared.
    ///
    /// Why: a rule sees changes of a count, and a short order changes none. Without this call a fruit that stops
    /// above the reorder point but below what a recipe needs (`reorder_point` 1, a recipe needing 3, 2 left), or
    /// that opens below it and is never taken, was never reordered: every later order failed and nothing said why.
    /// A rule's `below` promises it orders nothing at that count or above as stock runs down; a short order is news
    /// of another kind, so the rule is asked whatever its level (the shipped rules order then when the count cannot
    /// cover `need` and nothing is on its way: scripts/stock_rules.lua). Short orders are few, so this path is the
    /// plain Lua call, not the per-change C one.
    func runRules(short shortage: Shortage) throws {
        for short in shortage.items {
            guard let item = simulation.stock.item(named: short.item) else { continue }
            var i = 0
            while i < rules.count {
                let function = rules[i].function
                i += 1
                let stack = lua.stack
                let base = stack.top
                guard nestedCalls < Self.nestedCallLimit else {
                    throw runsInsideItself(function, "stock rule for '\(simulation.stock.items[item].name)'")
                }
                nestedCalls &+= 1
                defer { stack.setTop(base); nestedCalls &-= 1 }
                function.push()
                itemNames[item].push()
                stack.push(simulation.count(ofItem: item))
                stack.push(simulation.pendingUnits(item: item))
                stack.push(short.need)
                try lua.protectedCall(arguments: 4, results: 2)
                try placeAnswer(of: function, for: item, at: base + 1)
            }
        }
    }

    /// Reads a rule's answer at `index` (the amount) and `index + 1` (the lead time) and places the restock it asks
    /// for: nothing (nil, or an amount of 0), or an integer amount and a number of seconds; anything else is an
    /// error naming the rule.
    private func placeAnswer(of function: LuaReference, for item: Int, at index: Int32) throws {
        let order = try world.decodingAnswer(of: function) { () throws -> (amount: Int, lead: Double)? in
            if lua.stack.type(at: index) == .nil || lua.stack.type(at: index) == .none { return nil }
            guard let amount = lua.stack.int(at: index) else {
                throw ScriptingError.invalidScenario("stock rule must return nothing or an amount (an integer) and a lead time, got \(world.describeAnswer(at: index))")
            }
            if amount == 0 { return nil }
            guard lua.stack.type(at: index + 1) == .number, let lead = lua.stack.double(at: index + 1) else {
                throw ScriptingError.invalidScenario("stock rule returned an amount (\(amount)) but no lead time (a number of seconds): got \(world.describeAnswer(at: index + 1))")
            }
            return (amount, lead)
        }
        if let order {
            lastOrderOrigin = (function, nil)
            try restock(item, amount: order.amount, leadTime: order.lead, orderedBy: function)
        }
    }
}

extension StockBinding {
    /// Stock rules and `stock:on` hooks one inside another before one counts as running itself without end. Each
    /// costs Lua one of its ~200 C levels (`LUAI_MAXCCALLS`), so this is met well before Lua's bare `C stack overflow`.
    static let nestedCallLimit = 100

    /// A rule or hook that changes the stock itself (`stock:add` in a rule, `stock:order` in a "made" hook) runs the
    /// rules and hooks again, inside itself. `what` names it: `stock rule for 'kiwi'`, `stock:on("made") hook`.
    func runsInsideItself(_ function: LuaReference, _ what: String) -> Error {
        let message = "\(what) runs inside itself \(Self.nestedCallLimit) deep: a rule or hook that changes the stock "
            + "(stock:add, stock:set, stock:order) runs the rules and hooks again; return amount, lead_time to restock"
        return LuaRaise(world.definition(of: function).map { "\($0): \(message)" } ?? message)
    }
}
