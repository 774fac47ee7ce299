import Foundation
import Testing

/// Issue 5's promise: a failed command leaves the simulated world (queues, stock, clock, statistics)
/// unchanged; Lua globals it had already set stay set, as in lua.c. Through a pipe, as a script would.
@Suite("The REPL rolls back failed commands")
struct ReplRollbackTests {
    @Test func test_chunkThatAddsCustomersThenFails_leavesTheLinesAsTheyWere_butItsGlobalStays() throws {
        let input = """
            before = #bank:line "deposit" + #bank:line "loan"
            arrived = bank:stats().arrived
            add_customers(7); marker = "set before the error"; error("boom")
            #bank:line "deposit" + #bank:line "loan" == before
            bank:stats().arrived == arrived
            marker

            """
        let r = try Shell.run(["repl", "scripts/bank.lua"], stdin: input)
        #expect(r.stdout == "true\ntrue\nset before the error\n")
        #expect(r.stderr.hasPrefix("stdin:1: boom\nstack traceback:\n"))
        #expect(r.status == 1)
    }

    @Test func test_afterARolledBackChunk_theDayRunsByteForByteAsIfItNeverHappened() throws {
        let plain = try Shell.run(["repl", "scripts/bank.lua", "--seed", "3"], stdin: ":run idle\n:stats\n")
        let rolledBack = try Shell.run(["repl", "scripts/bank.lua", "--seed", "3"],
                                       stdin: "add_customers(5); bank:arrive('loan'); error('no')\n:run idle\n:stats\n")
        #expect(plain.status == 0)
        #expect(rolledBack.status == 1)
        #expect(rolledBack.stdout == plain.stdout)
        #expect(rolledBack.stdout.contains("The bank is closed."))
    }

    @Test func test_juice_chunkThatTakesAndAddsStockThenFails_leavesTheStockAsItWas() throws {
        let input = """
            s = shopfloor.stock()
            before = s:counts()
            s:add("banana", -5); s:set("kiwi", 0); s:order("mango juice"); s:restock("mango", 10, 5); error("boom")
            after = s:counts()
            after.banana == before.banana and after.kiwi == before.kiwi and after.mango == before.mango
            s:pending "mango"
            s:stats().made

            """
        let r = try Shell.run(["repl", "scripts/juice.lua"], stdin: input)
        #expect(r.stdout == "true\n0\n0\n")
        #expect(r.stderr.hasPrefix("stdin:1: boom"))
        #expect(r.status == 1)
    }

    @Test func test_runWhosePolicyFailsMidway_leavesTheClockAndFiguresUnchanged() throws {
        let input = """
            add_customers(40)
            bank:policy(function(teller, lines) if bank:now() > 2 then error("policy gave up") end return teller.skill end)
            :run 1
            clock, served, waiting = bank:now(), bank:stats().served, #bank:line "deposit" + #bank:line "loan"
            :run 10
            bank:now() == clock, bank:stats().served == served, #bank:line "deposit" + #bank:line "loan" == waiting
            clock

            """
        let r = try Shell.run(["repl", "scripts/bank.lua"], stdin: input)
        #expect(r.stderr.contains("policy gave up"), "\(r.stderr)")
        #expect(r.stdout.contains("clock 1.000 · "))
        #expect(r.stdout.hasSuffix("true\ttrue\ttrue\n1.0\n"), "\(r.stdout)")
        #expect(r.status == 1)
    }

    @Test func test_stepWhoseHookFails_rollsBackTheWholeStep() throws {
        let input = """
            bank:on("finish", function(c) if c.number == 3 then error("finish hook failed") end end)
            :step 20
            bank:now(), bank:stats().served

            """
        let r = try Shell.run(["repl", "scripts/bank.lua", "--seed", "2"], stdin: input)
        #expect(r.stderr.contains("finish hook failed"), "\(r.stderr)")
        #expect(r.stdout.hasSuffix("0.0\t0\n"), "\(r.stdout)")
        #expect(r.status == 1)
    }

    @Test func test_failedChunkThatChangedTheCounter_takesTasksTellersAndHooksBack() throws {
        let input = """
            bank:task { name = "exchange" }; bank:tellers { skill = "exchange" }; bank:policy(function() return nil end); error("no")
            bank:tasks()
            #bank:serving()
            :run idle
            bank:task { name = "exchange", service = shopfloor.fixed(0.5) }
            bank:tasks()
            bank:lines().exchange.length

            """
        let r = try Shell.run(["repl", "scripts/bank.lua", "--seed", "5"], stdin: input)
        #expect(r.stdout.hasPrefix("{ \"deposit\", \"loan\" }\n0\n"), "\(r.stdout)")
        #expect(r.stdout.contains("The bank is closed."))   // the old (FIFO) rule served everyone
        #expect(r.stdout.hasSuffix("{ \"deposit\", \"loan\", \"exchange\" }\n0\n"), "\(r.stdout)")
        #expect(r.status == 1)
    }

    @Test func test_helpSaysWhatRollsBack() throws {
        let r = try Shell.run(["repl"], stdin: ":help\n")
        #expect(r.stdout.contains("leaves the world (lines, stock, clock, statistics) as it was"))
        #expect(r.stdout.contains("keeps the events done so far"))
    }
}
