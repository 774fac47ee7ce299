import Foundation
import Testing

/// `__gc` finalizers run by `lua_close` at the end of every command: no hook can stop them (Lua
/// disables hooks in finalizers) and no entry was active, so one that looped hung the command
/// forever, one that allocated grew past `--memory-limit`, and one that printed crashed (its host
/// function reached a state already gone). Now output is flushed first, the close is bounded by the
/// time budget (exit 1 with a message), the cap holds, and host functions refuse to run.
@Suite("Hostile: finalizers at close")
struct HostileFinalizerTests {
    static let looping = """
        setmetatable({}, { __gc = function() while true do end end })
        print("before the close")
        """

    static let message = "error: a __gc metamethod (finalizer) ran for over 0.5 s while the Lua state closed; finalizers cannot be interrupted (the output above is complete)\n"

    @Test(arguments: ["run", "check"])
    func test_loopingFinalizer_endsTheCommandAfterTheBudget(command: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.write("gc.lua", HostileFinalizerTests.looping)
        let r = try Shell.runWithin(30, [command, path, "--time-budget", "0.5"])
        #expect(r.exitedCleanly, "the close hung or crashed: \(String(describing: r.signal))")
        #expect(r.status == 1)
        #expect(r.stderr == HostileFinalizerTests.message)
        if command == "run" { #expect(r.stdout == "before the close\n") }
    }

    @Test func test_loopingFinalizer_inEval() throws {
        let r = try Shell.runWithin(30, ["eval", "setmetatable({}, { __gc = function() while true do end end }) return 'value'", "--time-budget", "0.5"])
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stdout == "value\n")
        #expect(r.stderr == HostileFinalizerTests.message)
    }

    /// At the REPL the answers already printed stay, and `:quit` ends the session within the bound.
    @Test func test_loopingFinalizer_atTheReplQuit() throws {
        let r = try Shell.runWithin(30, ["repl", "--time-budget", "0.5"],
                                    stdin: "setmetatable({}, { __gc = function() while true do end end })\n1 + 1\n:quit\n")
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stdout == "{}\n2\n")
        #expect(r.stderr == HostileFinalizerTests.message)
    }

    /// A world dropped while the session goes on (`:reset`, `:reload`'s validation world) closes on a
    /// thread of its own: its looping finalizer neither holds up nor ends the session.
    @Test func test_loopingFinalizer_inADroppedWorld_keepsTheSession() throws {
        let folder = try TemporaryFolder()
        folder.write("gc.lua", """
            keep = setmetatable({}, { __gc = function() while true do end end })
            x = (x or 0) + 1
            """)
        let r = try Shell.runWithin(30, ["repl", "gc.lua", "--time-budget", "0.5"],
                                    stdin: "x\n:reset\nx = 5\n:reload\nreturn x, 'alive'\n:quit\n", in: URL(fileURLWithPath: folder.path))
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stdout == "1\nrebuilt gc.lua with seed 1: clock 0\nnothing changed on disk\n5\talive\n", "\(r.stdout)")
        #expect(r.stderr == HostileFinalizerTests.message)
    }

    /// A board rule's state closes after the change is saved and reported: the report is printed, then
    /// the close is cut at the rule's budget (5 s); the task is on the board once.
    @Test func test_loopingFinalizer_inABoardRule_reportsTheChangeFirst() throws {
        let folder = try TemporaryFolder()
        folder.write("rules.lua", """
            shopfloor.plugin {
              kind = "board_rule", name = "leaky",
              build = function(params)
                setmetatable({}, { __gc = function() while true do end end })
                return function(change, board) end
              end,
            }
            """)
        let here = URL(fileURLWithPath: folder.path)
        let add = try Shell.runWithin(60, ["board", "add", "first task", "--db", "b.sqlite", "--rules", "rules.lua", "--use", "board_rule=leaky"], in: here)
        #expect(add.exitedCleanly && add.status == 1)
        #expect(add.stdout == "#1 Added 'first task'. (TODO)\n")
        #expect(add.stderr == "error: a __gc metamethod (finalizer) ran for over 5 s while the Lua state closed; finalizers cannot be interrupted (the output above is complete)\n")
        let list = try Shell.runWithin(60, ["board", "list", "--db", "b.sqlite", "--format", "json"], in: here)
        #expect(list.status == 0 && list.stdout.components(separatedBy: "first task").count == 2, "\(list.stdout)")
    }

    /// A finalizer run by a collection step while the host builds a hook's arguments had no entry active:
    /// nothing watched it and the run hung. It now runs in an entry of its own, ended past the budget (not
    /// twice the budget, as inside an entry) like a close's. Event hooks allocate nothing per event any more,
    /// so the host's allocations here are the teller tables of the service-time hook (one per teller, built
    /// on its first service, between entries); the hook itself allocates nothing.
    @Test func test_loopingFinalizer_inACollectionStepBetweenEntries_endsTheRunAfterTheBudget() throws {
        let folder = try TemporaryFolder()
        let path = folder.write("step.lua", """
            local c = shopfloor.counter "bank"
            c:task { name = "a", service = 1 }
            c:tellers { skill = "a", count = 600 }
            keep = setmetatable({}, { __gc = function() while true do end end })
            for _ = 1, 600 do c:arrive { task = "a" } end
            c:service_time(function(customer, teller) keep = nil return 1 end)
            print("loaded")
            """)
        let r = try Shell.runWithin(60, ["run", path, "--time-budget", "1"])
        #expect(r.exitedCleanly, "hung or crashed: \(String(describing: r.signal))")
        #expect(r.status == 1)
        #expect(r.stdout == "loaded\n")
        #expect(r.stderr == "error: a __gc metamethod (finalizer) ran for over 1 s during a garbage collection step; finalizers cannot be interrupted (the output above is complete)\n")
    }

    /// At the REPL a finalizer run by a step inside a chunk is caught at twice the budget, with its own message.
    /// The object is made garbage inside the chunk that then allocates: made garbage on an earlier line, it was
    /// finalized wherever the collector's debt happened to run out — inside the loop's chunk, or in a step between
    /// two entries (caught at the budget itself, the other message), which a larger sandbox prelude made it.
    @Test func test_loopingFinalizer_inACollectionStepAtTheRepl() throws {
        let r = try Shell.runWithin(30, ["repl", "--time-budget", "0.5"], stdin: """
            1 + 1
            do local x = setmetatable({}, { __gc = function() while true do end end }) end for i = 1, 1e6 do local t = {} end
            3

            """)
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stdout == "2\n")
        #expect(r.stderr == "error: a __gc metamethod (finalizer) ran for over 1 s during a garbage collection step; finalizers cannot be interrupted (the output above is complete)\n")
    }

    /// Ordinary finalizers still run at close, in reverse order of marking, calling the `__gc` the metatable
    /// holds then (reassigned after setmetatable here).
    @Test func test_ordinaryFinalizers_stillRunAtClose() throws {
        let folder = try TemporaryFolder()
        let path = folder.write("gc.lua", """
            for i = 1, 2 do setmetatable({}, { __gc = function() print("gc", i) end }) end
            local mt = { __gc = function() print("first") end }
            keep = setmetatable({}, mt)
            mt.__gc = function() print("reassigned") end
            print("main")
            """)
        let r = try Shell.runWithin(30, ["run", path])
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "main\nreassigned\ngc\t2\ngc\t1\n")
    }

    /// A finalizer that allocates without end meets the memory cap (the error is a warning in a
    /// finalizer, so the close goes on) instead of growing the process to gigabytes.
    @Test func test_allocatingFinalizer_isHeldByTheMemoryLimit() throws {
        let folder = try TemporaryFolder()
        let path = folder.write("gc.lua", """
            setmetatable({}, { __gc = function() local t = {} while true do t[#t + 1] = {} end end })
            print("before the close")
            """)
        let r = try Shell.runWithin(60, ["run", path, "--memory-limit", "50", "--time-budget", "30"])
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "before the close\n")
    }

    /// `print` works in a finalizer at close (it crashed: "Attempted to read an unowned reference");
    /// other host functions refuse with an error the finalizer can catch.
    @Test func test_finalizerCallingTheHost_doesNotCrash() throws {
        let folder = try TemporaryFolder()
        let path = folder.write("gc.lua", """
            local bank = shopfloor.counter "bank"
            setmetatable({}, { __gc = function()
              print("gc", pcall(shopfloor.now))
              print("gc", pcall(function() bank:tellers { skill = "x", count = 1 } end))
              print("gc", pcall(require, "m"))
            end })
            print("main")
            """)
        let r = try Shell.runWithin(30, ["run", path])
        #expect(r.exitedCleanly && r.status == 0, "\(String(describing: r.signal)) \(r.stderr)")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 5 && lines.first == "main" && lines.last == "", "\(r.stdout)")
        for line in lines.dropFirst().dropLast() {
            #expect(line.hasPrefix("gc\tfalse\t") && line.hasSuffix("host functions cannot be called while the Lua state closes"), "\(line)")
        }
    }
}
