import Foundation
import LuaKit
import ShopfloorBoard
@testable import ShopfloorScripting
import Testing

/// Every option table of the Lua API refuses keys it does not know, end to end: `run` stops at the
/// first with `file:line`, the key, the accepted keys and a did-you-mean; `check` lists them all.
@Suite("Option tables in scenarios")
struct OptionTableScenarioTests {
    /// Runs `command` on a scenario whose text is `script` (in a fresh folder), from that folder.
    func shopfloor(_ command: String, _ script: String, _ extra: [String] = []) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("s.lua", script)
        return try Shell.run([command, "s.lua"] + extra, in: URL(fileURLWithPath: folder.path))
    }

    static let counter = """
        local c = shopfloor.counter "c"
        c:task { name = "deposit", service = 1 }
        c:tellers { skill = "deposit", count = 1 }

        """

    /// The issue's reproductions and one misspelling per table; each line 4 of its script (after `counter`).
    @Test(arguments: [
        ("c:task { name = \"a\", servce = 90, capacty = 2 }",
         "s.lua:4: task: unknown key 'capacty' (accepted: capacity, name, patience, percentiles, route, service, service_level, tally_by, when_full; did you mean 'capacity'?)"),
        ("c:tellers { skill = \"deposit\", cout = 3 }",
         "s.lua:4: tellers: unknown key 'cout' (accepted: count, leaving, name, schedule, service, skill, skills; did you mean 'count'?)"),
        ("c:arrive { task = \"deposit\", priorty = 1 }",
         "s.lua:4: arrive: unknown key 'priorty' (accepted: attrs, patience, priority, task; did you mean 'priority'?)"),
        ("c:arrivals { rte = 2, mix = { deposit = 1 } }",
         "s.lua:4: arrivals: unknown key 'rte' (accepted: mix, name, rate; did you mean 'rate'?)"),
        ("c:generate(function() end, { bacth = 8 })",
         "s.lua:4: generate: unknown key 'bacth' (accepted: batch, name; did you mean 'batch'?)"),
        ("c:policy(function() end, { look_at = \"own\" })",
         "s.lua:4: policy: unknown key 'look_at' (accepted: looks_at; did you mean 'looks_at'?)"),
        ("shopfloor.stop { serverd = 10 }",
         "s.lua:4: stop: unknown key 'serverd' (accepted: orders, served, time; did you mean 'served'?)"),
        ("c:run { untill = 5 }",
         "s.lua:4: run: unknown key 'untill' (accepted: served, time, until; did you mean 'until'?)"),
        ("shopfloor.params { rate = { default = 1, mn = 0 } }",
         "s.lua:4: parameter 'rate': unknown key 'mn' (accepted: choices, default, description, max, min, type; did you mean 'min'?)"),
        ("shopfloor.stock():item { name = \"kiwi\", cont = 3 }",
         "s.lua:4: stock:item: unknown key 'cont' (accepted: capacity, count, name; did you mean 'count'?)"),
        ("shopfloor.stock():items { { name = \"kiwi\" }, { name = \"fig\", capacty = 3 } }",
         "s.lua:4: items[2]: unknown key 'capacty' (accepted: capacity, count, name; did you mean 'capacity'?)"),
        ("c:task { \"loan\", service = 1 }",
         "s.lua:4: task: unknown key [1] = 'loan' (accepted: capacity, name, patience, percentiles, route, service, service_level, tally_by, when_full)"),
        // Not option keys, but the same shared message (UnknownName): a built-in policy rule by name.
        ("c:policy \"fifoo\"",
         "s.lua:4: policy: unknown built-in rule 'fifoo' (built in: fifo, skills; did you mean 'fifo'?); or pass a function(teller, lines)"),
        ("c:policy \"round robin\"",
         "s.lua:4: policy: unknown built-in rule 'round robin' (built in: fifo, skills); or pass a function(teller, lines)"),
    ])
    func test_run_refusesAnUnknownKey_withLineKeyAcceptedKeysAndSuggestion(line: String, message: String) throws {
        let r = try shopfloor("run", Self.counter + line + "\n")
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: " + message + "\n"), "\(r.stderr)")
    }

    @Test func test_makers_refuseAMisspeltKey_andAPrepForNoJuice() throws {
        let juice = """
            local stock = shopfloor.stock "bar"
            stock:item { name = "kiwi", count = 10 }
            stock:recipe("kiwi juice", { kiwi = 3 })

            """
        let key = try shopfloor("run", juice + "stock:makers { cuont = 2 }\n")
        #expect(key.status == 1)
        #expect(key.stderr.hasPrefix("error: s.lua:4: makers: unknown key 'cuont' (accepted: count, name, prep; did you mean 'count'?)\n"), "\(key.stderr)")
        let prep = try shopfloor("run", juice + "stock:makers { prep = { [\"kiwi juise\"] = 2, default = 1 } }\n")
        #expect(prep.status == 1)
        #expect(prep.stderr.hasPrefix(
            "error: s.lua:4: makers: 'prep': unknown key 'kiwi juise' (accepted: default, kiwi juice; did you mean 'kiwi juice'?)\n"), "\(prep.stderr)")
    }

    @Test func test_check_listsEveryProblem_eachWithItsLine() throws {
        let script = """
            local p = shopfloor.params { rate = { default = 1, mn = 0 } }
            local c = shopfloor.counter "c"
            c:task { name = "a", servce = 90, capacty = 2 }
            c:tellers { skill = "a", cout = 3 }
            c:tellers { skill = "a", count = 1e9, name = "big" }
            shopfloor.stop { served = 2.5 }
            """
        let r = try shopfloor("check", script)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == """
            error: s.lua:1: parameter 'rate': unknown key 'mn' (accepted: choices, default, description, max, min, type; did you mean 'min'?)
            s.lua:3: task: unknown key 'capacty' (accepted: capacity, name, patience, percentiles, route, service, service_level, tally_by, when_full; did you mean 'capacity'?)
            s.lua:3: task: unknown key 'servce' (accepted: capacity, name, patience, percentiles, route, service, service_level, tally_by, when_full; did you mean 'service'?)
            s.lua:4: tellers: unknown key 'cout' (accepted: count, leaving, name, schedule, service, skill, skills; did you mean 'count'?)
            s.lua:5: tellers: 'count' must be an integer from 1 to 100000, got 1000000000.0
            s.lua:6: stop: 'served' must be an integer from 1 to 1000000000000000, got 2.5

            """)
    }

    @Test func test_check_listsAProblemOfALoopOnce() throws {
        let r = try shopfloor("check", Self.counter + "for _ = 1, 1000 do c:arrive { task = \"deposit\", priorty = 1 } end\n")
        #expect(r.status == 1)
        #expect(r.stderr == "error: s.lua:4: arrive: unknown key 'priorty' (accepted: attrs, patience, priority, task; did you mean 'priority'?)\n")
    }

    @Test func test_check_listsTheNotedProblems_beforeTheOneThatStoppedLoading() throws {
        let r = try shopfloor("check", Self.counter + "c:task { name = \"a\", servce = 1 }\nc:tellers { skill = \"lon\" }\n")
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "error: s.lua:4: task: unknown key 'servce' (accepted: capacity, name, patience, percentiles, route, service, service_level, tally_by, when_full; did you mean 'service'?)")
        #expect(lines.count > 1 && lines[1] == "s.lua:5: unknown task 'lon' (tasks: deposit, a)", "\(r.stderr)")
    }

    @Test func test_arrive_attributesGoInAttrs_andHooksSeeThem() throws {
        let r = try shopfloor("run", Self.counter + """
            c:on("start", function(cust) print(cust.priority, cust.attrs.vip, cust.attrs.items) end)
            c:arrive { task = "deposit", priority = 2, attrs = { vip = true, items = 3 } }
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("2\ttrue\t3\n"), "\(r.stdout)")
    }

    @Test func test_stop_takesExactlyOneKey() throws {
        let r = try shopfloor("run", Self.counter + "shopfloor.stop { served = 10, time = 5 }\n")
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:4: stop: expected one of { served = N }, { time = T } or { orders = N }, not 'served' and 'time'\n"),
                "\(r.stderr)")
    }

    /// The view function runs per frame of `--live` (which needs a terminal): drawn here in-process.
    @Test(arguments: [
        ("colour = \"red\"", "s.lua:1: list: item 1: unknown key 'colour' (accepted: color, text; did you mean 'color'?)"),
        ("color = \"rde\"", "s.lua:1: unknown colour 'rde' (colours: plain, red, green, yellow, blue, magenta, cyan, gray, bold; did you mean 'red'?)"),
    ])
    func test_viewListItems_refuseUnknownKeysAndColours(field: String, message: String) throws {
        let folder = try TemporaryFolder()
        let file = folder.write("s.lua", "shopfloor.view(function(v) v:list(\"Waiting\", { { text = \"1\", \(field) } }) end)\n")
        let world = try Scenario.load(file, options: ScenarioOptions())
        #expect(throws: (any Error).self) { _ = try world.drawView(width: 80, clock: 0) }
        do {
            _ = try world.drawView(width: 80, clock: 0)
        } catch {
            #expect(String(describing: error).contains(message), "\(error)")
        }
    }

    /// The view builder's functions refuse a surplus argument too (HostileSurplusArgumentTests covers the rest).
    @Test(arguments: [
        ("v:label(\"x\", \"red\", 5)", "s.lua:1: bad argument #3 to 'label' (no argument expected here, got 5)"),
        ("v:list(\"Waiting\", {}, \"more\")", "s.lua:1: bad argument #3 to 'list' (no argument expected here, got 'more')"),
        ("v:bar(\"kiwi\", 1, 2, \"note\", \"red\", true)", "s.lua:1: bad argument #6 to 'bar' (no argument expected here, got true)"),
    ])
    func test_viewBuilder_refusesASurplusArgument(call: String, message: String) throws {
        let folder = try TemporaryFolder()
        let file = folder.write("s.lua", "shopfloor.view(function(v) \(call) end)\n")
        let world = try Scenario.load(file, options: ScenarioOptions())
        do {
            _ = try world.drawView(width: 80, clock: 0)
            Issue.record("\(call) was accepted")
        } catch {
            #expect(String(describing: error).contains(message), "\(error)")
        }
    }

    @Test func test_shippedScenarios_passCheck() throws {
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: Shell.repository.path + "/scripts")
            .filter { $0.hasSuffix(".lua") && $0 != "board_rules.lua" }.sorted()
        #expect(scenarios.count >= 10)
        for name in scenarios {
            let r = try Shell.run(["check", "scripts/" + name])
            #expect(r.status == 0, "\(name): \(r.stderr)")
        }
    }
}

/// Option tables read outside a scenario's main chunk: plugin specs (on the plugin path) and the fields
/// a board rule answers with.
@Suite("Option tables of plugins and board rules")
struct PluginAndBoardOptionTests {
    @Test func test_pluginSpec_andItsParameterSpecs_refuseUnknownKeys() throws {
        let folder = try TemporaryFolder()
        folder.write("plugins/p.lua", """
            shopfloor.plugin {
              kind = "teller_policy", name = "mine", descripton = "typo",
              params = { n = { default = 1, mx = 3 } },
              build = function() end,
            }
            """)
        folder.write("s.lua", "shopfloor.counter()\n")
        let run = try Shell.run(["run", "s.lua", "--plugins", "plugins"], in: URL(fileURLWithPath: folder.path))
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix(
            "error: plugins/p.lua:1: shopfloor.plugin: unknown key 'descripton' (accepted: build, description, kind, name, params; did you mean 'description'?)\n"),
            "\(run.stderr)")
        let check = try Shell.run(["check", "s.lua", "--plugins", "plugins"], in: URL(fileURLWithPath: folder.path))
        #expect(check.status == 1)
        #expect(check.stderr == """
            error: plugins/p.lua:1: shopfloor.plugin: unknown key 'descripton' (accepted: build, description, kind, name, params; did you mean 'description'?)
            plugins/p.lua:1: parameter 'n': unknown key 'mx' (accepted: choices, default, description, max, min, type; did you mean 'max'?)

            """)
    }

    @Test func test_boardRuleAnswer_refusesAnUnknownField_withSuggestion() throws {
        var answer = LuaTable()
        answer.entries[.string("titel")] = .string("x")
        #expect {
            _ = try BoardLuaValues.apply(answer, to: TaskFields(title: "a"), what: "board_rule 'r' (rules.lua)")
        } throws: { error in
            String(describing: error) == "board_rule 'r' (rules.lua): unknown key 'titel' (accepted: body, due, state, title; did you mean 'title'?)"
        }
        answer.entries = [.integer(1): .string("x")]
        #expect(throws: (any Error).self) {
            _ = try BoardLuaValues.apply(answer, to: TaskFields(title: "a"), what: "board_rule 'r' (rules.lua)")
        }
    }
}

/// A second `counter:generate` used to be installed as a second source calling the *second* function for
/// both: the first function was never called and its arrivals silently came from the other.
@Suite("One generator per counter")
struct GeneratorCountTests {
    @Test func test_aSecondGenerator_isRefused() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", """
            local c = shopfloor.counter "c"
            c:task { name = "a", service = 1 }
            c:tellers { skill = "a" }
            c:generate(function() end, "ga")
            c:generate(function() end, "gb")
            """)
        let r = try Shell.run(["run", "s.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:5: generate: the counter has a generator already; it takes one (built-in arrivals may run beside it)\n"),
                "\(r.stderr)")
    }
}
