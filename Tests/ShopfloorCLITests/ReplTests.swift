import Foundation
import Testing

/// The REPL: through a pipe here; in a real pseudo-terminal (line editing, history, completion,
/// Ctrl-C) by `Tests/Terminal/repl_terminal.py`, which pexpect drives and this suite runs.
@Suite("The REPL")
struct ReplTests {
    @Test func test_pipe_printsResults_noPrompts_andJoinsChunksByTheEofRule() throws {
        let input = """
            1 + 1
            function double(x)
              return x * 2
            end
            double(21)
            =double(2)
            { 3, 2, 1, name = "line", nested = { ok = true } }
            "plain string"

            """
        let r = try Shell.run(["repl"], stdin: input)
        #expect(r.status == 0)
        #expect(r.stdout == "2\n42\n4\n{ 3, 2, 1, name = \"line\", nested = { ok = true } }\nplain string\n")
        #expect(r.stderr == "")
    }

    @Test func test_pipe_errorsGoToStderr_withChunkRelativeLines_andExitIs1AfterTheRest() throws {
        let input = """
            x = 10
            do
              local y = nil
              return y.z
            end
            x + 1

            """
        let r = try Shell.run(["repl"], stdin: input)
        #expect(r.status == 1)
        #expect(r.stdout == "11\n")
        #expect(r.stderr.hasPrefix("stdin:3: attempt to index a nil value (local 'y')\nstack traceback:\n"))
    }

    @Test func test_pipe_globalsSetBeforeAnErrorStay_asInLua() throws {
        let r = try Shell.run(["repl"], stdin: "g = 5; error('after setting g')\ng\n")
        #expect(r.stdout == "5\n")
        #expect(r.status == 1)
    }

    @Test func test_pipe_theSeedJuiceFlow_shortageThenStockThenMade() throws {
        let input = """
            add_stock("kiwi", -198)
            order "kiwi_juice"
            add_stock("kiwi", 10)
            order "kiwi juice"
            stock().kiwi
            add_stock("kiwi", -10)
            stock().kiwi

            """
        let r = try Shell.run(["repl", "scripts/juice.lua"], stdin: input)
        #expect(r.stdout == "2\nfalse\tkiwi: need 3, have 2\n12\ntrue\n9\n9\n")
        #expect(r.stderr.contains("count of 'kiwi' must be >= 0, got -1"))
        #expect(r.status == 1)
    }

    @Test func test_pipe_scenarioGlobalsAndCommands() throws {
        let input = """
            #bank:line "deposit" + #bank:line "loan" == bank:stats().arrived
            :run idle
            bank:stats().in_system
            :stats

            """
        let r = try Shell.run(["repl", "scripts/bank.lua", "--seed", "4"], stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("true\n"))
        #expect(r.stdout.contains("The bank is closed."))
        #expect(r.stdout.contains("\n0\n"))
        #expect(r.stdout.contains("class    served"))
    }

    /// `:stats` in a world without tasks (the empty world) says why there is nothing to show and what makes a
    /// task; it printed an empty line, which read as a broken command.
    @Test func test_pipe_statsInAWorldWithoutTasks_saysSo() throws {
        let r = try Shell.run(["repl"], stdin: ":stats\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("no figures yet: this world has no tasks (clock 0.000). A counter's task makes one"), "\(r.stdout)")
        #expect(r.stdout.hasSuffix("or load a scenario: shopfloor repl FILE\n"), "\(r.stdout)")
    }

    @Test func test_pipe_unknownCommand_suggests_andFails() throws {
        let r = try Shell.run(["repl"], stdin: ":relod\n")
        #expect(r.status == 1)
        #expect(r.stderr == "unknown command ':relod' (commands: :help, :reload, :step, :run, :stats, :trace, :use, :plugins, :reset, :quit; did you mean ':reload'?)\n")
    }

    /// A table is shown as Lua reads it back: a key that is a reserved word is quoted (`["end"] = 2`; it was
    /// `end = 2`, which does not compile when pasted back), as is one that is not a name.
    @Test func test_pipe_tableKeysThatAreReservedWords_areShownQuoted() throws {
        let r = try Shell.run(["repl"], stdin: "{ ['end'] = 2, ['a b'] = 1, ok = 3, ['nil'] = 4 }\n")
        #expect(r.stdout == "{ [\"a b\"] = 1, [\"end\"] = 2, [\"nil\"] = 4, ok = 3 }\n")
        #expect(r.status == 0)
    }

    /// `=expr` is `return expr` for the whole chunk, as in lua.c: an unfinished one continues on the next
    /// line. It used to fail at once with "unexpected symbol near '='".
    @Test func test_pipe_equalsExpression_continuesLikeAnyUnfinishedExpression() throws {
        let r = try Shell.run(["repl"], stdin: "=1 +\n41\n={ 1,\n2 }\n=1 + +\n")
        #expect(r.stdout == "42\n{ 1, 2 }\n")
        #expect(r.stderr == "stdin:1: unexpected symbol near '+'\n")
        #expect(r.status == 1)
    }

    /// A word after a command that takes none is refused, not dropped: `:reload scripts/bank.lua` re-read
    /// every changed script, `:quit now` left, `:reset x` rebuilt the world, all without a word.
    @Test func test_pipe_wordsAfterACommandWithoutArguments_areRefused_andChangeNothing() throws {
        let input = """
            :run 1
            :reset now
            bank:now()
            :stats deposit
            :reload scripts/bank.lua
            :quit now
            "still here"

            """
        let r = try Shell.run(["repl", "scripts/bank.lua"], stdin: input)
        #expect(r.stderr == """
            usage: :reset (no arguments; got 'now')
            usage: :stats (no arguments; got 'deposit')
            usage: :reload (no arguments; got 'scripts/bank.lua')
            usage: :quit (no arguments; got 'now')

            """)
        #expect(r.stdout.hasSuffix("\n1.0\nstill here\n"), "\(r.stdout)")
        // Tabs separate words as spaces do: `:run<TAB>1` ran nothing ("unknown command ':run\t1'").
        let tabbed = try Shell.run(["repl", "scripts/bank.lua"], stdin: ":run\t1\nbank:now()\n")
        #expect(tabbed.stdout.hasSuffix("\n1.0\n"), "\(tabbed.stdout)\(tabbed.stderr)")
        #expect(tabbed.status == 0)
        #expect(!r.stdout.contains("class "))
        #expect(r.status == 1)
    }

    @Test func test_pipe_useSwapsThePolicyInTheLivingWorld() throws {
        let input = """
            :run 50
            :use teller_policy=cross_training
            :plugins
            :use teller_policy=nonexistent

            """
        let r = try Shell.run(["repl", "scripts/bank_open.lua", "--set", "policies=builtin"], stdin: input)
        #expect(r.stdout.contains("now using teller_policy=cross_training"))
        #expect(r.stdout.contains("in use: teller_policy=cross_training"))
        #expect(r.stderr.contains("no such plugin"))
        #expect(r.status == 1)
    }

    /// A refused `:use` names the command typed, not the command-line flag `--use` (it did: `--use foo: …`).
    @Test func test_pipe_aRefusedUse_namesTheReplCommand() throws {
        let input = ":use foo\n:use tellr_policy=fifo\n:use teller_policy=nope\n:use stock_rule=reorder_point\n"
        let r = try Shell.run(["repl", "scripts/bank.lua"], stdin: input)
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(r.stderr)")
        #expect(lines.map { $0.prefix(6) } == [":use f", ":use t", ":use t", ":use s"], "\(r.stderr)")
        #expect(lines[1].contains("no plugin kind 'tellr_policy'") && lines[1].contains("did you mean 'teller_policy'?"))
        #expect(lines[2].contains("no such plugin"))
        #expect(lines[3].contains("this scenario uses no stock_rule plugin"))
        #expect(r.status == 1)
    }

    /// The terminal half: pexpect in a pseudo-terminal (installed by `scripts/bootstrap --tests`).
    @Test(.timeLimit(.minutes(5)))
    func test_terminal_lineEditingHistoryCompletionCtrlCAndReload() throws {
        let r = try Shell.runTerminalDriver("repl_terminal.py")
        let text = r.stdout + r.stderr
        #expect(r.status == 0, "\(text)")
        #expect(text.contains(" passed, 0 failed"), "\(text)")
    }
}
