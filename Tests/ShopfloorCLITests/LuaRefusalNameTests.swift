import Foundation
import Testing

/// A change the core refuses (in an end hook, inside a teller policy, during a run) names the Lua function the
/// script called. It named the core's operation, which the script never wrote: `counter:run()` in an end hook said
/// `'startArrivals' cannot be called …`, `counter:dispatch()` in a policy `'dispatchIdleTellers' …`,
/// `counter:set_tellers` `'setPoolSize' …`, `stock:recipe` `'register' …`.
///
/// Every Lua function that can meet such a refusal is here, with its exact message, in both places that refuse
/// every change (LuaRefusal.swift names them).
@Suite("A refusal names the Lua function called")
struct LuaRefusalNameTests {
    /// Each Lua call that changes the world, and the name its refusal must give.
    static let calls: [(call: String, name: String)] = [
        ("counter:task { name = \"x\" }", "counter:task"),
        ("counter:tellers { skill = \"deposit\", count = 1 }", "counter:tellers"),
        ("counter:arrive \"deposit\"", "counter:arrive"),
        ("counter:arrivals { rate = 1, mix = { deposit = 1 } }", "counter:arrivals"),
        ("counter:generate(function() return 1, \"deposit\" end, \"more\")", "counter:generate"),
        ("counter:run()", "counter:run"),
        ("counter:reset()", "counter:reset"),
        ("counter:dispatch()", "counter:dispatch"),
        ("counter:set_tellers(\"p\", 0)", "counter:set_tellers"),
        ("counter:close_door(shopfloor.now())", "counter:close_door"),
        ("shopfloor.counter \"other\"", "shopfloor.counter"),
        ("shopfloor.at(shopfloor.now() + 1, function() end)", "shopfloor.at"),
        ("shopfloor.every(1, function() end)", "shopfloor.every"),
        ("shopfloor.process(function() end)", "shopfloor.process"),
        ("bar:item { name = \"lime\", count = 1 }", "stock:item"),
        ("bar:items { { name = \"lime\", count = 1 } }", "stock:items"),
        ("bar:recipe(\"kiwi juice\", { kiwi = 2 })", "stock:recipe"),
        ("bar:recipes { shopfloor.recipe \"lime juice\" { kiwi = 1 } }", "stock:recipes"),
        ("bar:makers { count = 1, prep = 1 }", "stock:makers"),
    ]

    /// Two customers of one pool `p`, a stock `bar` with kiwis and a recipe; `line` is line 8.
    static func scenario(_ line: String) -> String {
        """
        local counter = shopfloor.counter "bank"
        local bar = shopfloor.stock "bar"
        bar:item { name = "kiwi", count = 5 }
        bar:recipe("kiwi juice", { kiwi = 1 })
        counter:task { name = "deposit", service = shopfloor.fixed(1) }
        counter:tellers { skill = "deposit", count = 1, name = "p" }
        counter:arrive "deposit"; counter:arrive "deposit"
        \(line)
        """
    }

    static func firstLine(of scenario: String) throws -> String {
        let r = try TimeScenario.run(scenario, ["--format", "json"])
        #expect(r.status == 1, "\(r.stderr)")
        return String(r.stderr.prefix { $0 != "\n" })
    }

    @Test(arguments: calls + stockChanges)
    func test_inAnEndHook_theRefusalNamesTheLuaFunction(call: String, name: String) throws {
        let line = try Self.firstLine(of: Self.scenario("shopfloor.on(\"end\", function() \(call) end)"))
        #expect(line == "error: s.lua:8: '\(name)' cannot be called once the run has ended (from the end of run's observer, "
                + "shopfloor.on(\"end\")): nothing happens after it")
    }

    @Test(arguments: calls)
    func test_inATellerPolicy_theRefusalNamesTheLuaFunction(call: String, name: String) throws {
        let line = try Self.firstLine(of: Self.scenario("counter:policy(function(teller, lines) \(call) return lines.deposit:head() end)"))
        #expect(line == "error: s.lua:8: '\(name)' cannot be called from inside a teller policy, service-time hook or generator, "
                + "nor from a stock rule or stock:on hook that a maker's order runs")
    }

    /// Stock changes are allowed from any hook (a stock rule a maker's take runs restocks), but not once the run
    /// has ended (the end hook's test above): the summary the end hook reads is final. They were taken: a count changed there showed in the
    /// printed stock figures and nowhere else, and a restock placed there never came.
    static let stockChanges: [(call: String, name: String)] = [
        ("bar:add(\"kiwi\", 1)", "stock:add"),
        ("bar:set(\"kiwi\", 1)", "stock:set"),
        ("bar:order(\"kiwi juice\")", "stock:order"),
        ("bar:restock(\"kiwi\", 5, 1)", "stock:restock"),
    ]

    @Test(arguments: stockChanges)
    func test_aStockChangeInATellerPolicy_isAllowed(call: String, name: String) throws {
        let r = try TimeScenario.run(Self.scenario("counter:policy(function(teller, lines) \(call) return lines.deposit:head() end)"),
                                     ["--format", "json"])
        #expect(r.status == 0, "\(name): \(r.stderr)")
    }

    /// A run or a reset from a hook the run calls.
    @Test(arguments: [("counter:run()", "counter:run"), ("counter:reset()", "counter:reset")])
    func test_duringARun_theRefusalNamesTheLuaFunction(call: String, name: String) throws {
        let line = try Self.firstLine(of: Self.scenario("counter:on(\"finish\", function() \(call) end)"))
        #expect(line == "error: s.lua:8: '\(name)' cannot be called while the simulation is running (from a hook, a timer or a process)")
    }

    /// The same from a start hook that the counter's opening calls (customers waiting when the run begins), before
    /// any event: it was taken. `counter:run()` ran the whole day inside the hook (the second customer served
    /// before the first one's start had returned), and `counter:reset()` emptied the world while customer 1 was
    /// in service (exit 0, "0 served").
    @Test(arguments: [("counter:run()", "counter:run"), ("counter:reset()", "counter:reset")])
    func test_asTheCounterOpens_aRunOrAResetFromAStartHook_isRefused(call: String, name: String) throws {
        let r = try TimeScenario.run(Self.scenario("counter:on(\"start\", function(c) print(\"start\", c.number) \(call) end)"))
        #expect(r.status == 1)
        #expect(r.stdout == "start\t1\n")
        #expect(r.stderr.hasPrefix("error: s.lua:8: '\(name)' cannot be called while the simulation is running (from a hook, a timer or a process)\n"))
    }
}
