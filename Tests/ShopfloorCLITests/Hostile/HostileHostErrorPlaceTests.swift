import Foundation
import ShopfloorTestSupport
import Testing

/// Every host function (the `shopfloor` module, counters, stock, random streams, timers, processes, the
/// board) given a bad argument names the Lua line that called it — at a scenario's top level, in a hook,
/// in a timer and in a process alike. A process is a coroutine whose host calls run on the main thread
/// (`sf_call_on_main`): a place the host wrote into a message used to be read there, where no Lua caller
/// is (`[C]:-1: recipe 'j': …`), and is now read on the coroutine (`sf_caller_thread`).
@Suite("Hostile: a host function's error names the Lua caller's line")
struct HostileHostErrorPlaceTests {
    static let header = """
        local c = shopfloor.counter "bank"
        c:task { name = "a", service = 1 }
        c:tellers { skill = "a", count = 1 }
        local st = shopfloor.stock "bar"
        st:item { name = "apple", count = 5 }
        local r = shopfloor.rng "x"

        """

    /// Where the bad call runs, and the line it is on.
    enum Context: String, CaseIterable {
        case top, hook, timer, process

        func scenario(_ call: String) -> (text: String, line: Int) {
            switch self {
            case .top: return (header + call + "\nc:arrive \"a\"\n", 7)
            case .hook: return (header + "c:on(\"start\", function(customer)\n  \(call)\nend)\nc:arrive \"a\"\n", 8)
            case .timer: return (header + "shopfloor.at(0.5, function()\n  \(call)\nend)\nc:arrive \"a\"\n", 8)
            case .process:
                return (header + "shopfloor.process(function()\n  shopfloor.wait(0.5); \(call)\nend)\nc:arrive \"a\"\n", 8)
            }
        }
    }

    /// A bad call of each host function family, and a word of the message (the value or key at fault).
    static let calls: [(String, String)] = [
        ("shopfloor.params { x = { default = 1, bogus = 2 } }", "bogus"),
        ("c:task(42)", "table expected, got number"),
        ("c:task { name = \"z\", capacity = -1 }", "-1"),
        ("c:tellers { skill = \"a\", count = 0 }", "0"),
        ("c:tellers { skill = \"nope\" }", "nope"),
        ("c:arrive(\"nope\")", "nope"),
        ("c:arrive { task = \"a\", priorty = 1 }", "priorty"),
        ("c:arrivals { rate = -1, mix = { a = 1 } }", "-1"),
        ("c:policy(\"nope\")", "nope"),
        ("c:on(\"nope\", function() end)", "nope"),
        ("c:run { bogus = 1 }", "bogus"),
        ("c:set_tellers(\"nope\", 1)", "nope"),
        ("c:close_door(\"x\")", "x"),
        ("shopfloor.stop { bogus = 1 }", "bogus"),
        ("shopfloor.at(-1, function() end)", "-1"),
        ("shopfloor.every(1, function() end, { bogus = 1 })", "bogus"),
        ("shopfloor.process(function() end, { bogus = 1 })", "bogus"),
        ("r:exp(-1)", "-1"),
        ("r:int(5, 1)", "5"),
        ("shopfloor.uniform(2, 1)", "2"),
        ("shopfloor.exponential(-1)", "-1"),
        ("st:item { name = \"kiwi\", bogus = 1 }", "bogus"),
        ("st:recipe(\"j\", { nope = 1 })", "nope"),
        ("shopfloor.recipe \"j\" (42)", "got number"),
        ("st:order(\"nope\")", "nope"),
        ("st:restock(\"apple\", -1, 0)", "-1"),
        ("st:rule(function() end, { bogus = 1 })", "bogus"),
        ("st:on(\"nope\", function() end)", "nope"),
        ("shopfloor.use(\"teller_polcy\")", "teller_polcy"),
        ("shopfloor.use(\"teller_policy\", \"nope\")", "nope"),
        ("shopfloor.board.move(99, \"doing\")", "99"),
        ("shopfloor.board.add { title = \"x\", bogus = 1 }", "bogus"),
    ]

    @Test("each bad call names s.lua and its line, in each context", arguments: calls)
    func namesTheCallersLine(call: String, fragment: String) throws {
        let folder = try TemporaryFolder(), boardFolder = try TemporaryFolder()
        for context in Context.allCases {
            let (text, line) = context.scenario(call)
            folder.write("s.lua", text)
            let before = try FolderState(folder)
            let r = try Shell.run(["run", "s.lua"], in: folder.url,
                                  environment: ["SHOPFLOOR_BOARD_DB": boardFolder.path("board.db"),
                                                "XDG_CONFIG_HOME": folder.path("config")])
            #expect(r.status == 1, "\(context): \(r.stderr)")
            #expect(r.stderr.hasPrefix("error: s.lua:\(line): "), "\(context): \(r.stderr)")
            let first = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(first.contains(fragment), "\(context): \(first)")
            #expect(!first.dropFirst("error: s.lua:\(line): ".count).contains("[C]"), "\(context): \(first)")
            #expect(r.stdout == "", "\(context)")
            #expect(try FolderState(folder) == before, "\(context)")
        }
    }

    @Test("a --use problem a pcall caught does not stand in for the error that ended the load")
    func caughtCommandLineProblemIsNotReportedLater() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", Self.header + "print(pcall(shopfloor.use, \"teller_policy\", \"fifo\", c))\nc:task(42)\n")
        let before = try FolderState(folder)
        let r = try Shell.run(["run", "s.lua", "--use", "teller_policy=nope"], in: folder.url,
                              environment: ["XDG_CONFIG_HOME": folder.path("config")])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("false\t--use teller_policy=nope: no such plugin"), "\(r.stdout)")
        #expect(r.stderr.hasPrefix("error: s.lua:8: bad argument #1 to 'task' (table expected, got number)\n"), "\(r.stderr)")
        #expect(try FolderState(folder) == before)
    }
}
