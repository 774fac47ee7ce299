import Foundation
import Testing

/// Stations and routing through the Lua API, end to end through the built binary: every form of route, every
/// error with its `file:line` and did-you-mean, stations with the same task names, and the statistics options.
@Suite("Stations and routing in Lua")
struct StationsRoutingTests {
    /// Runs `shopfloor run s.lua …` on `script` in a fresh folder.
    func run(_ script: String, _ extra: [String] = []) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("s.lua", script)
        return try Shell.run(["run", "s.lua"] + extra, in: URL(fileURLWithPath: folder.path))
    }

    func json(_ script: String) throws -> [String: Any] {
        let r = try run(script, ["--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    func classes(_ object: [String: Any]) -> [String: [String: Any]] { object["classes"] as? [String: [String: Any]] ?? [:] }

    /// Reception then tellers; line 4 is the route under test, 20 customers at the desk.
    static func bank(route: String) -> String {
        """
        local desk = shopfloor.counter "reception"
        local tellers = shopfloor.counter "tellers"
        desk:task { name = "desk", service = 1 }
        \(route)
        tellers:task { name = "deposit", service = 2 }
        tellers:task { name = "loan", service = 3 }
        desk:tellers { skill = "desk" }
        tellers:tellers { skills = { "deposit", "loan" }, count = 2 }
        for i = 1, 20 do desk:arrive "desk" end

        """
    }

    @Test func test_fixedRoute_keepsTheCustomer_twoVisitsEach() throws {
        let object = try json(Self.bank(route: "desk:route(\"desk\", \"tellers.deposit\")"))
        #expect(classes(object)["tellers.deposit"]?["served"] as? Int == 20)
        #expect(classes(object)["reception.desk"]?["served"] as? Int == 20)
        let all = try #require((object["journeys"] as? [String: [String: Any]])?["*"])
        #expect(all["completed"] as? Int == 20)
        #expect(all["mean_visits"] as? Double == 2)
        #expect(object["arrived"] as? Int == 40)  // visits: 20 new, 20 routed
    }

    @Test func test_routeInTheTask_toATaskDeclaredLater_andExit() throws {
        let script = Self.bank(route: "").replacingOccurrences(
            of: "desk:task { name = \"desk\", service = 1 }", with: "desk:task { name = \"desk\", service = 1, route = \"tellers.loan\" }")
            .replacingOccurrences(of: "tellers:task { name = \"loan\", service = 3 }", with: "tellers:task { name = \"loan\", service = 3, route = \"exit\" }")
        let object = try json(script)
        #expect(classes(object)["tellers.loan"]?["served"] as? Int == 20)
        #expect(classes(object)["tellers.deposit"]?["served"] as? Int == 0)
    }

    @Test func test_probabilities_splitTheCustomers_andExitTakesTheRest() throws {
        let object = try json(Self.bank(route: "desk:route(\"desk\", { [\"tellers.deposit\"] = 0.5, [\"tellers.loan\"] = 0.25, exit = 0.25 })")
            .replacingOccurrences(of: "for i = 1, 20", with: "for i = 1, 2000"))
        let deposit = classes(object)["tellers.deposit"]?["served"] as? Int ?? 0
        let loan = classes(object)["tellers.loan"]?["served"] as? Int ?? 0
        #expect(abs(Double(deposit) / 2000 - 0.5) < 0.04, "\(deposit)")
        #expect(abs(Double(loan) / 2000 - 0.25) < 0.04, "\(loan)")
        let journeys = try #require(object["journeys"] as? [String: [String: Any]])
        #expect(journeys["reception.desk"]?["completed"] as? Int == 2000 - deposit - loan)
    }

    @Test func test_routingFunction_choosesPerCustomer_andChangesThePriority() throws {
        let object = try json(Self.bank(route: """
            desk:route("desk", function(c) if c.number % 2 == 0 then return "tellers.loan", 3 end return "tellers.deposit" end)
            """).replacingOccurrences(of: "tellers:task { name = \"loan\", service = 3 }",
                                      with: "tellers:task { name = \"loan\", service = 3, tally_by = \"priority\" }"))
        let tally = try #require(classes(object)["tellers.loan"]?["waits_by"] as? [String: Any])
        #expect((tally["values"] as? [String: [String: Any]])?["3"]?["count"] as? Int == 10)
        #expect(classes(object)["tellers.loan"]?["served"] as? Int == 10)
        #expect(classes(object)["tellers.deposit"]?["served"] as? Int == 10)
    }

    @Test func test_routingFunction_returningNil_orExit_letsTheCustomerLeave() throws {
        let object = try json(Self.bank(route: "desk:route(\"desk\", function(c) if c.number % 2 == 0 then return nil end return \"exit\" end)"))
        #expect(classes(object)["tellers.deposit"]?["served"] as? Int == 0)
        #expect((object["journeys"] as? [String: [String: Any]])?["reception.desk"]?["completed"] as? Int == 20)
    }

    @Test func test_whenFullLeave_turnsAwayAtAFullLine() throws {
        let script = """
            local a = shopfloor.counter "a"
            local b = shopfloor.counter "b"
            a:task { name = "x", service = 1, route = "b.y", when_full = "leave" }
            b:task { name = "y", service = 100, capacity = 0 }
            a:tellers { skill = "x", count = 3 }
            b:tellers { skill = "y" }
            for i = 1, 3 do a:arrive "x" end

            """
        let object = try json(script)
        #expect(classes(object)["b.y"]?["served"] as? Int == 1)
        #expect(classes(object)["b.y"]?["balked"] as? Int == 2)
    }

    @Test func test_whenFullWait_blocksTheTeller_andLosesNobody() throws {
        let script = """
            local a = shopfloor.counter "a"
            local b = shopfloor.counter "b"
            a:task { name = "x", service = 1, route = "b.y" }
            b:task { name = "y", service = 10, capacity = 0 }
            a:tellers { skill = "x", count = 3 }
            b:tellers { skill = "y" }
            for i = 1, 3 do a:arrive "x" end

            """
        let object = try json(script)
        #expect(classes(object)["b.y"]?["served"] as? Int == 3)
        let stations = try #require(object["stations"] as? [String: [String: Any]])
        #expect((stations["a"]?["blocked_time"] as? Double ?? 0) > 0)
    }

    /// Each error stops the run with exit 1, `file:line` of the route and the value at fault.
    @Test(arguments: [
        ("desk:route(\"desk\", \"tellers.depositt\")",
         "error: s.lua:4: route of 'reception.desk': unknown task 'tellers.depositt' (tasks: desk, reception.desk, tellers.deposit, tellers.loan, exit; did you mean 'tellers.deposit'?)"),
        ("desk:route(\"desk\", { [\"tellers.deposit\"] = -0.5, exit = 1.5 })",
         "error: s.lua:4: route of 'reception.desk': probability of 'tellers.deposit' must be a finite number >= 0, got -0.5"),
        ("desk:route(\"desk\", { [\"tellers.deposit\"] = 0/0, exit = 1 })",
         "error: s.lua:4: route of 'reception.desk': probability of 'tellers.deposit' must be a finite number >= 0, got -nan"),
        ("desk:route(\"desk\", { [\"tellers.deposit\"] = 0.7, [\"tellers.loan\"] = 0.2 })",
         "error: s.lua:4: route of 'reception.desk': probabilities must add up to 1 (±1e-06), got 0.9"),
        ("desk:route(\"desk\", { [\"tellers.lone\"] = 1 })",
         "error: s.lua:4: route of 'reception.desk': unknown task 'tellers.lone' (tasks: desk, reception.desk, tellers.deposit, tellers.loan, exit; did you mean 'tellers.loan'?)"),
        ("desk:route(\"desk\", \"tellers.deposit\", { when_full = \"drop\" })",
         "error: s.lua:4: route: 'when_full' must be \"wait\" or \"leave\", got 'drop'"),
        ("desk:route(\"desk\", 42)",
         "error: s.lua:4: route of 'reception.desk': expected a task name, \"exit\", a table of probabilities or a function, got number"),
    ])
    func test_badRoute_isAnErrorAtItsLine(route: String, message: String) throws {
        let r = try run(Self.bank(route: route))
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(message + "\n"), "\(r.stderr)")
    }

    /// A routing function's bad answer names the function's own line (it is in a returned value).
    @Test(arguments: [
        ("function(c) return \"tellers.deposti\" end",
         "error: s.lua:4: routing function of 'reception.desk': unknown task 'tellers.deposti' (tasks: desk, reception.desk, tellers.deposit, tellers.loan, exit; did you mean 'tellers.deposit'?)"),
        ("function(c) return 42 end",
         "error: s.lua:4: routing function of 'reception.desk' must return a task name, \"exit\" or nil, got number"),
        ("function(c) return \"tellers.loan\", 2.5 end",
         "error: s.lua:4: routing function of 'reception.desk' must return a whole-number priority as its second value, got 2.5"),
    ])
    func test_routingFunction_badAnswer_namesTheFunction(function: String, message: String) throws {
        let r = try run(Self.bank(route: "desk:route(\"desk\", \(function))"))
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func test_twoStations_withTheSameTaskNames_areKeptApart() throws {
        let script = """
            local a = shopfloor.counter "a"
            local b = shopfloor.counter "b"
            a:task { name = "deposit", service = 1, route = "b.deposit" }
            b:task { name = "deposit", service = 2 }
            a:tellers { skill = "deposit" }
            b:tellers { skill = "deposit", count = 2 }
            assert(shopfloor.counter "b" == b and shopfloor.counter "a" == a)
            assert(#b:tasks() == 1 and b:tasks()[1] == "deposit")
            for i = 1, 4 do a:arrive "deposit" end
            b:arrive "deposit"

            """
        let object = try json(script)
        #expect(classes(object)["a.deposit"]?["served"] as? Int == 4)
        #expect(classes(object)["b.deposit"]?["served"] as? Int == 5)
        let pools = try #require(object["pools"] as? [String: [String: Any]])
        #expect(pools["b.deposit"]?["tellers"] as? Int == 2)
        #expect(pools["a.deposit"]?["tellers"] as? Int == 1)
        let text = try run(script)
        #expect(text.stdout.contains("a.deposit") && text.stdout.contains("b.deposit"), "\(text.stdout)")
    }

    @Test func test_unknownTaskOfACounter_listsItsOwnTasksAndPaths() throws {
        let r = try run("""
            local a = shopfloor.counter "a"
            local b = shopfloor.counter "b"
            a:task { name = "deposit", service = 1 }
            b:tellers { skill = "deposit" }

            """)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:4: unknown task 'deposit' (tasks: a.deposit; did you mean 'a.deposit'?)"), "\(r.stderr)")
    }

    @Test func test_serviceLevel_tallyBy_percentiles_reportedWhenAsked() throws {
        let script = """
            local c = shopfloor.counter "c"
            c:task { name = "call", service = 10, tally_by = "vip", service_level = { 5, 60 }, percentiles = { 80 } }
            c:tellers { skill = "call" }
            for i = 1, 4 do c:arrive { task = "call", attrs = { vip = i % 2 == 0 } } end

            """
        let object = try json(script)
        let call = try #require(classes(object)["call"])
        let levels = try #require(call["service_level"] as? [String: [String: Any]])
        #expect(levels["5"]?["within"] as? Int == 1 && levels["5"]?["of"] as? Int == 4)
        #expect(levels["60"]?["fraction"] as? Double == 1)
        let by = try #require(call["waits_by"] as? [String: Any])
        #expect(by["attribute"] as? String == "vip")
        let values = try #require(by["values"] as? [String: [String: Any]])
        #expect(values["true"]?["count"] as? Int == 2 && values["false"]?["count"] as? Int == 2)
        #expect((call["percentiles"] as? [String: Double])?["80"] != nil)
        #expect(object["stations"] == nil)  // one station, no route: no network sections
        let text = try run(script).stdout
        #expect(text.contains("call service level: P(wait ≤ 5.00 s) 25.0 % (1 of 4), P(wait ≤ 60.00 s) 100.0 % (4 of 4)"), "\(text)")
        #expect(text.contains("call waits by vip: false"), "\(text)")
    }

    /// `reneged_wait` is in every class of a network and of a task asking for wait figures, nobody having reneged
    /// included: a figure over no customers is 0, not missing. It was left out when nobody reneged, so a reader of
    /// `classes["tellers.loan"].reneged_wait.mean` met a missing key in one run and a number in the next.
    @Test func test_renegedWait_isThereWithCountZero_whenNobodyReneged() throws {
        let network = try json(Self.bank(route: "desk:route(\"desk\", { [\"tellers.deposit\"] = 0.5, [\"tellers.loan\"] = 0.5 })"))
        #expect(Set(classes(network).keys) == ["reception.desk", "tellers.deposit", "tellers.loan"])
        for (name, figures) in classes(network) {
            let reneged = try #require(figures["reneged_wait"] as? [String: Any], "\(name)")
            #expect(reneged["count"] as? Int == 0 && reneged["mean"] as? Double == 0 && reneged["max"] as? Double == 0, "\(name)")
        }
        let detailed = try json("local c = shopfloor.counter \"c\"\nc:task { name = \"a\", service = 1, service_level = 5 }\n"
            + "c:tellers { skill = \"a\" }\nfor i = 1, 3 do c:arrive \"a\" end\n")
        #expect((classes(detailed)["a"]?["reneged_wait"] as? [String: Any])?["count"] as? Int == 0)
    }

    /// A single counter that asks for nothing new prints no new section (the corpus checks every byte).
    @Test func test_singleStation_hasNoNetworkSections() throws {
        let script = "local c = shopfloor.counter \"c\"\nc:task { name = \"a\", service = 1 }\nc:tellers { skill = \"a\" }\nc:arrive \"a\"\n"
        let object = try json(script)
        #expect(object["stations"] == nil && object["journeys"] == nil && object["mean_in_system"] == nil)
        #expect(classes(object)["a"]?["reneged_wait"] == nil)
        let text = try run(script).stdout
        #expect(!text.contains("station") && !text.contains("journey"), "\(text)")
    }
}
