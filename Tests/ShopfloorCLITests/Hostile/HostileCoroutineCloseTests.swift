import Foundation
import Testing

/// Lua 5.4.4's "C-stack overflow with deep nesting of coroutine.close": a coroutine whose
/// to-be-closed variable's `__close` closes the previous such coroutine, nested 100,000 deep, ended
/// the process with SIGSEGV. The sandbox's `coroutine.close` counts its nesting and raises
/// `C stack overflow`, as Lua does for other runaway C recursion.
@Suite("Hostile: deep nesting of coroutine.close")
struct HostileCoroutineCloseTests {
    static let chain = """
        local depth = tonumber((...))
        local coro = false
        for i = 1, depth do
          local previous = coro
          coro = coroutine.create(function()
            local cc <close> = setmetatable({}, { __close = function()
              if previous then assert(coroutine.close(previous)) end
            end })
            coroutine.yield()
          end)
          assert(coroutine.resume(coro))
        end
        assert(coroutine.close(coro))
        print("closed", depth)
        """

    @Test func test_deepNesting_isACStackOverflowError() throws {
        let folder = try TemporaryFolder()
        folder.write("close.lua", HostileCoroutineCloseTests.chain)
        let r = try Shell.runWithin(120, ["run", "close.lua", "--", "100000"], in: URL(fileURLWithPath: folder.path))
        #expect(r.exitedCleanly, "crashed or hung: signal \(String(describing: r.signal))")
        #expect(r.status == 1)
        let first = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("error: close.lua:13: close.lua:7: "), "\(first.prefix(200))")
        #expect(first.hasSuffix("C stack overflow"), "\(first.suffix(200))")
        #expect(r.stdout == "")
    }

    /// Shallow nesting still closes every coroutine.
    @Test func test_shallowNesting_closes() throws {
        let folder = try TemporaryFolder()
        let path = folder.write("close.lua", HostileCoroutineCloseTests.chain)
        let r = try Shell.runWithin(60, ["run", path, "--", "50"])
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "closed\t50\n")
    }

    /// The wrapper keeps coroutine.close's own answers and errors.
    @Test func test_closeKeepsItsContract() throws {
        let r = try Shell.runWithin(30, ["eval", """
            local co = coroutine.create(function() error("inside") end)
            coroutine.resume(co)
            local a, b = coroutine.close(co)
            local ok, e = pcall(coroutine.close, coroutine.running())
            return a, b, ok, e, coroutine.close(coroutine.create(print))
            """])
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "false\t(command line):1: inside\tfalse\tcannot close a running coroutine\ttrue\n")
    }
}
