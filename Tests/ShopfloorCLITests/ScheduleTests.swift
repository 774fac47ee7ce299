import Foundation
import Testing

/// Teller schedules and opening hours from Lua: `tellers { schedule =, leaving = }`, `counter:set_tellers`,
/// `counter:close_door`.
@Suite("Teller schedules and opening hours")
struct ScheduleTests {
    static func mmc(_ tellers: String) -> String {
        """
        local counter = shopfloor.counter "bank"
        counter:task { name = "deposit", service = shopfloor.exponential(50) }
        counter:arrivals { rate = 1 / 20, mix = { deposit = 1 } }
        \(tellers)
        shopfloor.stop { served = 2000 }
        """
    }

    /// #17's fidelity item: a schedule that never changes the size gives the same JSON and trace, byte for byte.
    @Test func test_aConstantSchedule_isByteIdenticalToNone() throws {
        let folder = try TemporaryFolder()
        folder.write("none.lua", Self.mmc("counter:tellers { skill = \"deposit\", count = 3 }"))
        folder.write("const.lua", Self.mmc("counter:tellers { skill = \"deposit\", count = 3, schedule = { { at = 0, count = 3 } } }"))
        var outputs: [String] = []
        for name in ["none", "const"] {
            let r = try Shell.run(["run", name + ".lua", "--format", "json", "--seed", "3", "--trace", name + ".trace"], in: folder.url)
            #expect(r.status == 0, "\(r.stderr)")
            outputs.append(r.stdout.replacingOccurrences(of: "\"scenario\":\"\(name).lua\"", with: ""))
        }
        #expect(outputs[0] == outputs[1])
        let traces = try ["none", "const"].map { try String(contentsOfFile: folder.path($0 + ".trace"), encoding: .utf8) }
        #expect(!traces[0].isEmpty)
        #expect(traces[0] == traces[1])
    }

    /// A lunch break: one of two tellers away from 100 to 200, leaving after service or handing the customer back.
    @Test func test_aLunchBreak_changesWhoServes_andLeavingIsChosen() throws {
        func run(_ tellers: String) throws -> String {
            let r = try TimeScenario.run("""
                local counter = shopfloor.counter "bank"
                counter:task { name = "deposit", service = 60 }
                \(tellers)
                for i = 0, 9 do shopfloor.at(i * 25, function() counter:arrive "deposit" end) end
                counter:on("start", function(c) print(shopfloor.now(), c.number, c.teller) end)
                """)
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        let plain = try run("counter:tellers { skill = \"deposit\", count = 2 }")
        let lunch = try run("counter:tellers { skill = \"deposit\", count = 2, schedule = { { at = 0, count = 2 }, { at = 100, count = 1 }, { at = 200, count = 2 } } }")
        let handBack = try run("counter:tellers { skill = \"deposit\", count = 2, leaving = \"hand_back\", schedule = { { at = 0, count = 2 }, { at = 100, count = 1 }, { at = 200, count = 2 } } }")
        #expect(plain != lunch)
        func starts(of number: Int, _ output: String) -> [String] {
            output.components(separatedBy: "\n").filter { $0.components(separatedBy: "\t").dropFirst().first == String(number) }
        }
        // At 100 both tellers are busy (customer 3 with teller 1 from 60, customer 4 with teller 2 from 85): after
        // service, teller 2 finishes customer 4 first; handing back, customer 4 goes back to the head of the line
        // and teller 1 takes them when done with customer 3, at 120.
        #expect(starts(of: 4, lunch) == ["85.0\t4\t2"], "\(lunch)")
        #expect(starts(of: 4, handBack) == ["85.0\t4\t2", "120.0\t4\t1"], "\(handBack)")
    }

    /// The pool's `leaving` is its rule for `set_tellers` too, not only for its schedule. It was dropped for
    /// `set_tellers` (which always left after service): `tellers { leaving = "hand_back" }` without a schedule was
    /// accepted and meant nothing, so a breakdown process (docs/lua-api.md) written with it silently modelled the other
    /// rule. Two tellers, three customers of 10 s at 0; at 5 one teller goes: handing back, customer 2 returns to the
    /// head and starts again at 10 with teller 1 (end 30); after service, customer 2 is finished at 10 (end 20).
    @Test(arguments: [
        ("leaving = \"hand_back\"", "", 30.0, ["0.0\t2\t2", "10.0\t2\t1"]),
        ("leaving = \"hand_back\"", ", { leaving = \"after_service\" }", 20.0, ["0.0\t2\t2"]),
        ("leaving = \"after_service\"", ", { leaving = \"hand_back\" }", 30.0, ["0.0\t2\t2", "10.0\t2\t1"]),
        ("schedule = { { at = 0, count = 2 } }, leaving = \"hand_back\"", "", 30.0, ["0.0\t2\t2", "10.0\t2\t1"]),
        ("count = 2", "", 20.0, ["0.0\t2\t2"]),
    ])
    func test_setTellers_followsThePoolsLeaving(pool: String, option: String, end: Double, starts: [String]) throws {
        let spec = pool.hasPrefix("count") ? pool : "count = 2, " + pool
        let r = try TimeScenario.run("""
            local counter = shopfloor.counter "bank"
            counter:task { name = "deposit", service = 10 }
            counter:tellers { skill = "deposit", \(spec) }
            for _ = 1, 3 do counter:arrive "deposit" end
            counter:on("start", function(c) print(shopfloor.now(), c.number, c.teller) end)
            shopfloor.at(5, function() counter:set_tellers("deposit", 1\(option)) end)
            shopfloor.on("end", function(s) print("end", s.end_time) end)
            """)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.components(separatedBy: "\n")
        #expect(lines.filter { $0.components(separatedBy: "\t").dropFirst().first == "2" } == starts, "\(r.stdout)")
        #expect(lines.contains("end\t\(end)"), "\(r.stdout)")
    }

    /// A reload that edits a pool's `leaving` is refused as one editing its count is: the living pool keeps its rule,
    /// and `:reset` applies the edit (it would otherwise be dropped without a word).
    @Test func test_reload_refusesAnEditedLeaving() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", """
            local counter = shopfloor.counter "bank"
            counter:task { name = "deposit", service = 10 }
            counter:tellers { skill = "deposit", count = 2, leaving = "after_service" }
            """)
        let input = """
            f = io.open("s.lua"); s = f:read("a"); f:close()
            f = io.open("s.lua", "w"); f:write((s:gsub("after_service", "hand_back"))); f:close()
            :reload

            """
        let r = try Shell.run(["repl", "s.lua", "--allow-io"], stdin: input, in: folder.url)
        #expect(r.stderr.contains("reload cannot change how tellers 'deposit' leave (after_service → hand_back) in a living counter: use :reset"),
                "\(r.stderr)")
    }

    @Test func test_setTellers_fromACallback() throws {
        let json = try TimeScenario.json(TimeScenario.bank(tellers: 2, customers: 4, """
            shopfloor.at(0, function() counter:set_tellers("deposit", 1) end)
            """))
        // Both tellers took a customer when the counter opened; the second leaves after that service, so the
        // other two are served one after the other: 10, 20, 30 (two tellers all along: 20).
        #expect(json["end_time"] as? Double == 30)
    }

    /// Opening hours: nobody comes in after the door closes, those inside are served, and `close` (and the end)
    /// come after the last of them leaves; the idle rule is enough (arrivals end at the door).
    @Test func test_theDoorCloses_thoseInsideAreServed() throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 0, """
            counter:arrivals { rate = 1, mix = { deposit = 1 } }
            counter:close_door(100)
            counter:on("close", function(s) print("close", shopfloor.now(), counter:door_closed()) end)
            shopfloor.on("end", function(s) print("end", s.served, s.end_time) end)
            """))
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.components(separatedBy: "\n")
        let close = try #require(lines.first { $0.hasPrefix("close\t") })
        let time = try #require(Double(close.components(separatedBy: "\t")[1]))
        #expect(time > 100)
        #expect(close.hasSuffix("\ttrue"))
        #expect(lines.contains { $0.hasPrefix("end\t") && $0.hasSuffix("\t" + close.components(separatedBy: "\t")[1]) }, "\(r.stdout)")
    }

    @Test(arguments: [
        ("schedule = { { at = 0, count = 1.5 } }", "s.lua:3: tellers: schedule[1]: 'count' must be"),
        ("schedule = { { at = 0, count = 3 } }", "s.lua:3: tellers: schedule[1]: 'count' must be an integer from 0 to 2"),
        ("schedule = { { at = 10, count = 1 }, { at = 10, count = 2 } }", "s.lua:3: tellers: schedule[2]: 'at' (10.0) must be after the step before (10.0): steps go in increasing time"),
        ("schedule = { { at = 10, count = 1 }, { at = 5, count = 2 } }", "s.lua:3: tellers: schedule[2]: 'at' (5.0) must be after the step before (10.0)"),
        ("schedule = { { at = 0, cont = 1 } }", "s.lua:3: tellers: schedule[1]: unknown key 'cont' (accepted: at, count; did you mean 'count'?)"),
        ("schedule = { { at = -1, count = 1 } }", "s.lua:3: tellers: schedule[1]: 'at' must be"),
        ("schedule = { { count = 1 } }", "s.lua:3: tellers: schedule[1]: 'at' is missing"),
        ("schedule = 5", "s.lua:3: tellers: 'schedule' must be a list of { at = time, count = tellers }"),
        ("schedul = {}", "s.lua:3: tellers: unknown key 'schedul'"),
        ("leaving = \"hand-back\"", "s.lua:3: tellers: unknown 'leaving' 'hand-back' (choices: after_service, hand_back; did you mean 'hand_back'?)"),
    ])
    func test_badSchedules_areErrorsWithTheLine(option: String, message: String) throws {
        let r = try TimeScenario.run("""
            local counter = shopfloor.counter "bank"
            counter:task { name = "deposit", service = 1 }
            counter:tellers { skill = "deposit", count = 2, \(option) }
            counter:arrive "deposit"
            """)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: " + message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test(arguments: [
        ("counter:set_tellers(\"deposit\", 3)", "s.lua:5: set_tellers: the count must be a whole number from 0 to 1 (the tellers 'deposit' was created with), got 3"),
        ("counter:set_tellers(\"deposti\", 1)", "s.lua:5: unknown tellers 'deposti' (pools: deposit; did you mean 'deposit'?)"),
        ("counter:set_tellers(\"deposit\", 1, { leavin = \"hand_back\" })", "s.lua:5: set_tellers: unknown key 'leavin' (accepted: leaving; did you mean 'leaving'?)"),
        ("counter:close_door(-5)", "s.lua:5: close_door: 't' must be a finite number of seconds >= 0, got -5"),
        ("counter:close_door(0/0)", "s.lua:5: close_door: 't' must be a finite number of seconds >= 0"),
    ])
    func test_badCalls_areErrorsWithTheLine(line: String, message: String) throws {
        let r = try TimeScenario.run(TimeScenario.bank(customers: 1, line))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: " + message), "\(r.stderr)")
    }
}
