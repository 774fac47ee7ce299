import Foundation
import Testing

/// `shopfloor eval`, `run`, `--version`, `--help` and exit codes, end to end.
@Suite("Foundation commands end to end")
struct FoundationCommandTests {
    @Test func test_eval_printsReturnedValues_tabSeparated() throws {
        let r = try Shell.run(["eval", "1 + 1, 'two', nil, 2^0.5 > 1"])
        #expect(r.stdout == "2\ttwo\tnil\ttrue\n")
        #expect(r.stderr == "")
        #expect(r.status == 0)
    }

    @Test func test_eval_statementPrintsNothingButItsOwnOutput() throws {
        let r = try Shell.run(["eval", "x = 3 print('x is', x)"])
        #expect(r.stdout == "x is\t3\n")
        #expect(r.status == 0)
    }

    @Test func test_eval_error_exits1_withPositionAndTraceback() throws {
        let r = try Shell.run(["eval", "local t = nil\nreturn t.x"])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: (command line):2: attempt to index a nil value (local 't')\nstack traceback:\n"))
    }

    @Test func test_eval_syntaxError_exits1() throws {
        let r = try Shell.run(["eval", "x = = 2"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: (command line):1: unexpected symbol near '='\n")
    }

    @Test func test_run_passesArgumentsAsArgAndDots() throws {
        let folder = try TemporaryFolder()
        let script = folder.write("args.lua", "print(arg[0] == ..., #arg, arg[1], arg[2], select('#', ...))\nprint(...)")
        let r = try Shell.run(["run", script, "--", "first", "--second"])
        #expect(r.status == 0)
        #expect(r.stdout == "false\t2\tfirst\t--second\t2\nfirst\t--second\n")
    }

    @Test func test_run_missingFile_exits1_namingIt() throws {
        let r = try Shell.run(["run", "no/such/scenario.lua"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot open no/such/scenario.lua: no such file\n")
    }

    @Test func test_run_scriptError_namesFileAndLine() throws {
        let folder = try TemporaryFolder()
        folder.write("bad.lua", "local a = 1\nlocal b = a .. {}\n")
        let r = try Shell.run(["run", "bad.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: bad.lua:2: attempt to concatenate a table value\nstack traceback:\n"))
        #expect(r.stderr.contains("bad.lua:2: in main chunk"))
    }

    @Test func test_run_sameSeed_givesIdenticalOutput_differentSeedDoesNot() throws {
        let folder = try TemporaryFolder()
        let script = folder.write("dice.lua", """
            local t = {}
            for i = 1, 5 do t[#t + 1] = math.random(1, 6) end
            local names = {banana = 1, kiwi = 2, mango = 3, strawberry = 4}
            for k in pairs(names) do t[#t + 1] = k end
            print(table.concat(t, " "))
            """)
        let a = try Shell.run(["run", script, "--seed", "11"])
        let b = try Shell.run(["run", script, "--seed", "11"])
        let c = try Shell.run(["run", script, "--seed", "12"])
        #expect(a.status == 0)
        #expect(a.stdout == b.stdout)
        #expect(a.stdout != c.stdout)
        #expect(a.stdout.hasSuffix("banana kiwi mango strawberry\n"))
    }

    @Test func test_run_sandboxDeniesIo_unlessAllowed() throws {
        let denied = try Shell.run(["eval", "return io, os.execute"])
        #expect(denied.stdout == "nil\tnil\n")
        let allowed = try Shell.run(["eval", "return type(io.write), type(os.execute)", "--allow-io"])
        #expect(allowed.stdout == "function\tfunction\n")
    }

    @Test func test_runawayScript_stopsWithTheBudgetMessage() throws {
        let r = try Shell.run(["eval", "while true do end", "--time-budget", "0.5"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: (command line):1: script exceeded its time budget (0.5 s per call into Lua)\n"), "\(r.stderr)")
    }

    /// One C call no hook can interrupt (a pathological pattern) runs on a helper that is abandoned at
    /// the budget: an ordinary time-budget error (it ended the process at 2× the budget before).
    @Test func test_uninterruptibleCall_stopsAtTheBudget() throws {
        let start = Date()
        let r = try Shell.run(["eval", "return string.find(string.rep('a', 5000), '.-.-.-.-.-.-b')", "--time-budget", "0.5"])
        let elapsed = Date().timeIntervalSince(start)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: script exceeded its time budget"))
        #expect(elapsed < 0.5 + 2)
    }

    @Test func test_memoryBomb_exits1_withNotEnoughMemory() throws {
        let r = try Shell.run(["eval", "local t = {} for i = 1, 1e9 do t[i] = i end", "--memory-limit", "64"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: not enough memory (the scripts' memory limit, 64 MB, was reached)\n")
    }

    @Test func test_version_printsNameVersionAndLua() throws {
        let r = try Shell.run(["--version"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("shopfloor "))
        #expect(r.stdout.contains("Lua 5.4"))
    }

    @Test func test_help_listsTheCommands() throws {
        let r = try Shell.run(["--help"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("run"))
        #expect(r.stdout.contains("eval"))
        #expect(r.stdout.contains("USAGE: shopfloor <subcommand>"))
    }

    @Test(arguments: [["frobnicate"], ["run"], ["eval", "1", "--seed", "x"], ["run", "a.lua", "--time-budget", "0"],
                      ["eval", "1", "--no-such-flag"]])
    func test_badCommandLine_exits64(_ arguments: [String]) throws {
        let r = try Shell.run(arguments)
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(!r.stderr.isEmpty)
    }
}
