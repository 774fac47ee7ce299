import Foundation
import Testing

/// A process is resumed only by its own wait. Its coroutine is in reach (`coroutine.running()` inside it); a script
/// that resumed it from a timer ran it ahead of time — "woke" printed at 5 for a wait of 10 — and the wait the
/// process then began was lost (it yielded to the script's `resume`, which took it for an answer). One that closed it
/// stopped the run with Lua's bare "cannot resume dead coroutine", no place. Both are refused where they are written.
@Suite("A process's coroutine belongs to its waits")
struct ProcessOwnResumeTests {
    @Test(arguments: ["resume", "close"])
    func test_resumingOrClosingAProcessFromOutside_isRefusedWithTheLine(call: String) throws {
        let r = try TimeScenario.run(TimeScenario.bank("""
            local co
            shopfloor.process(function() co = coroutine.running(); shopfloor.wait(10); print("woke", shopfloor.now()) end)
            shopfloor.at(5, function() coroutine.\(call)(co) end)
            """))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: s.lua:7: coroutine.\(call): this coroutine is a shopfloor process: it is resumed only by its wait (shopfloor.wait, shopfloor.wait_until); end it with its handle's cancel()"), "\(r.stderr)")
        #expect(!r.stdout.contains("woke"), "\(r.stdout)")
    }

    /// Coroutines of the script's own, inside a process or not, resume and close as in Lua.
    @Test func test_theScriptsOwnCoroutines_areUntouched() throws {
        let r = try TimeScenario.run(TimeScenario.bank("""
            shopfloor.process(function()
              local gen = coroutine.create(function() for i = 1, 3 do coroutine.yield(i) end end)
              local got = {}
              for _ = 1, 3 do local _, v = coroutine.resume(gen); got[#got + 1] = v end
              print(table.concat(got, ","), coroutine.close(gen))
              shopfloor.wait(10)
              print("woke", shopfloor.now())
            end)
            """))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("1,2,3\ttrue\nwoke\t10.0\n"), "\(r.stdout)")
    }
}
