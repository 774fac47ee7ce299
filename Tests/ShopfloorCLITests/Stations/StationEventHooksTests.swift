import Foundation
import Testing

/// `counter:on(event, fn)` hears that counter's customers; `shopfloor.on(event, fn)` every station's. Before,
/// `counter:on` was world-wide: in a tandem, `packing:on("finish", …)` also ran for every blender finish, with
/// the same plain task name (two counters may each have a `deposit`), so a script counting its station's
/// finishes silently counted twice. The customer handle now says where it is: `c.station`.
@Suite("Event hooks per station")
struct StationEventHooksTests {
    /// Two stations, `a` then `b` (every customer visits both), each with a task named `work`. Every hook prints
    /// one line per event: its label, the event, the station the handle names, the customer's number.
    func script(declareB: String = "local b = shopfloor.counter \"b\"", hooks: String, secondDeclaration: String = "") -> String {
        """
        local a = shopfloor.counter "a"
        \(declareB)
        \(hooks)
        \(secondDeclaration)
        a:task { name = "work", service = shopfloor.exponential(0.5), route = "b.work" }
        b:task { name = "work", service = shopfloor.exponential(0.4) }
        a:tellers { skill = "work" }
        b:tellers { skill = "work" }
        a:arrivals { rate = 1, mix = { work = 1 } }
        shopfloor.stop { time = 200 }

        """
    }

    /// The hooks' lines (the summary's have no tab), run with `extra` arguments (a trace makes every event take the full delivery path).
    func lines(_ script: String, _ extra: [String] = []) throws -> [Substring] {
        let folder = try TemporaryFolder()
        folder.write("s.lua", script)
        let r = try Shell.run(["run", "s.lua", "--seed", "5"] + extra, in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").filter { $0.contains("\t") }
    }

    static let hooks = """
        local function say(label) return function(c) print(label, c.station, c.task, c.number) end end
        a:on("finish", say("A"))
        shopfloor.on("finish", say("W"))
        b:on("finish", say("B"))
        a:on("start", say("A-start"))
        """

    func check(_ lines: [Substring]) {
        let fields = lines.map { $0.split(separator: "\t").map(String.init) }
        let a = fields.filter { $0[0] == "A" }, b = fields.filter { $0[0] == "B" }, w = fields.filter { $0[0] == "W" }
        #expect(a.count > 100)
        // Each counter's hook hears its own station only; the world's hook hears both.
        #expect(a.allSatisfy { $0[1] == "a" && $0[2] == "work" })
        #expect(b.allSatisfy { $0[1] == "b" && $0[2] == "work" })
        #expect(w.count == a.count + b.count)
        #expect(fields.filter { $0[0] == "A-start" }.allSatisfy { $0[1] == "a" })
        // In the order they were added, per event: at `a`, A then W; at `b`, W then B.
        for (i, f) in fields.enumerated() where f[0] == "A" {
            #expect(fields[i + 1][0] == "W" && fields[i + 1][1] == "a" && fields[i + 1][3] == f[3])
        }
        for (i, f) in fields.enumerated() where f[0] == "B" {
            #expect(fields[i - 1][0] == "W" && fields[i - 1][1] == "b" && fields[i - 1][3] == f[3])
        }
    }

    @Test func test_counterHooks_hearTheirOwnStation() throws {
        check(try lines(script(hooks: Self.hooks)))
    }

    /// A trace makes every event a built `CounterEvent` (the delivery path other than the light one): the same lines.
    @Test func test_withATrace_sameHooksSameOrder() throws {
        let plain = try lines(script(hooks: Self.hooks))
        let traced = try lines(script(hooks: Self.hooks), ["--trace", "trace.jsonl"])
        check(traced)
        #expect(plain == traced)
    }

    /// A hook added while `a` was the only counter stays `a`'s when `b` is made later.
    @Test func test_hookAddedBeforeSecondCounter_staysItsCounters() throws {
        let out = try lines(script(declareB: "", hooks: Self.hooks.replacingOccurrences(of: "b:on(\"finish\", say(\"B\"))", with: ""),
                                   secondDeclaration: "local b = shopfloor.counter \"b\"\nb:on(\"finish\", say(\"B\"))"))
        check(out)
    }

    /// One station: the handle's `station` is the counter's name ("counter" when it has none), in `pairs`
    /// after `task`, and in `c:copy()`, `counter:waiting()` and `counter:serving()`.
    @Test func test_singleStation_handleNamesTheCounter() throws {
        let folder = try TemporaryFolder()
        folder.write("named.lua", """
            local bank = shopfloor.counter "bank"
            bank:task { name = "deposit", service = 10 }
            bank:tellers { skill = "deposit" }
            local keys = {}
            bank:on("start", function(c)
              if #keys == 0 then for k in pairs(c) do keys[#keys + 1] = k end end
              print("hook", c.station, c:copy().station)
            end)
            bank:arrive "deposit"
            bank:arrive "deposit"
            bank:run { time = 1 }
            print("keys", table.concat(keys, ","))
            print("waiting", bank:waiting()[1].station, "serving", bank:serving()[1].station)
            shopfloor.summary(false)
            """)
        folder.write("unnamed.lua", """
            local bank = shopfloor.counter()
            bank:task { name = "deposit", service = 1 }
            bank:tellers { skill = "deposit" }
            bank:on("finish", function(c) print("hook", c.station) end)
            bank:arrive "deposit"
            bank:run()
            shopfloor.summary(false)
            """)
        let named = try Shell.run(["run", "named.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout == """
            hook\tbank\tbank
            keys\tnumber,task,station,time,arrival,waited,wait,teller,pool,priority
            waiting\tbank\tserving\tbank

            """)
        let unnamed = try Shell.run(["run", "unnamed.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(unnamed.status == 0, "\(unnamed.stderr)")
        #expect(unnamed.stdout == "hook\tcounter\n")
    }
}
