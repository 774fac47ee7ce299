import Foundation
import Testing

/// Reload with timers and processes (docs/lua-api.md, "Time and processes"): they are set once, when the scenario
/// loads; a reload re-running `shopfloor.at/every/process` gets the handles of the load's declarations back and
/// adds nothing, so a timer is never doubled. A declaration the load did not make is refused (`:reset` rebuilds).
@Suite("Reload with timers and processes")
struct ReloadTimeTests {
    static let scenario = """
        ticks = 0
        woken = 0
        bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = 1 }
        bank:tellers { skill = "deposit" }
        tick = shopfloor.every(10, function() ticks = ticks + 1 end, { to = 100 })
        shopfloor.process(function() shopfloor.wait(50); woken = woken + 1 end)

        """

    func repl(_ input: String, scenario: String = Self.scenario) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("bank.lua", scenario)
        return try Shell.run(["repl", "bank.lua", "--allow-io"], stdin: input, in: URL(fileURLWithPath: folder.path))
    }

    @Test func test_aReload_neverDuplicatesATimerOrAProcess() throws {
        let r = try repl(":reload\n:reload\n:run idle\nprint(ticks, woken, tick:active())\n")
        #expect(r.status == 0, "\(r.stderr)")
        // ticks at 10, 20, …, 100 once each (10), the process woke once.
        #expect(r.stdout.hasSuffix("10\t1\tfalse\n"), "\(r.stdout)")
    }

    @Test func test_aReloadAddingATimer_isRefused_andChangesNothing() throws {
        let edit = """
            f = io.open("bank.lua", "a"); f:write("shopfloor.at(5, function() ticks = ticks + 100 end)\\n"); f:close()
            :reload
            :run idle
            print(ticks, woken)

            """
        let r = try repl(edit)
        #expect(r.stderr.contains("reload cannot add a timer to a living world (timers and processes are set once, when the scenario loads): use :reset to rebuild the scenario"), "\(r.stderr)")
        #expect(r.stdout.hasSuffix("10\t1\n"), "\(r.stdout)")
    }
}
