import Foundation
import Testing

/// Ctrl-C stops running Lua at the line that was running, as the time budget does (TimeBudgetPlaceTests): the
/// watchdog's hook raised `interrupted!` at its caller's level (`luaL_error`, level 1), so a loop inside a called
/// function was named at the call, and one in a main chunk (whose caller is C) at no place at all
/// (IgnoredInterruptTests' chunk, now `stdin:1: interrupted!`).
///
/// Through the binary: `shopfloor repl` reading a pipe, SIGINT sent once the function is at work (IgnoredInterruptTests'
/// FIFO handshake, no sleeping for timing). The handshake and the loop share the function's line 2, so wherever the
/// watchdog's hook lands after the signal, the running line is that one; the call is another chunk's line 1.
@Suite("Ctrl-C names the running line")
struct InterruptPlaceTests {
    @Test func test_aLoopInACalledFunction_isNamedAtTheLoop_notAtTheCall() throws {
        let spin = """
            function spin()
              io.stderr:write('ready\\n'); local f = io.open('go'); f:read('a'); f:close(); while true do end
            end
            spin()

            """
        let r = try IgnoredInterruptTests().interrupt(["repl", "s.lua", "--allow-io", "--time-budget", "600"], ignored: false, stdin: spin)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("ready\nstdin:2: interrupted!\nstack traceback:\n"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("\ninterrupted (Ctrl-C): the rest of the input is not run\n"), "\(r.stderr)")
    }
}
