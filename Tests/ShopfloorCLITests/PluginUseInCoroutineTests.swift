import Foundation
import Testing

/// `shopfloor.use` called from a coroutine (`coroutine.wrap`, `coroutine.create`, a `shopfloor.process`, a
/// coroutine inside a process) builds the plugin with its parameters and extra arguments and returns every
/// result, as from the main chunk. It counts its results on the stack it pushed the build function on: a host
/// function called from a coroutine runs on the main thread (`sf_call_on_main` moves the arguments there and
/// the results back), so the stack of the call and the state's stack are the same one.
@Suite("shopfloor.use from coroutines")
struct PluginUseInCoroutineTests {
    @Test func test_use_fromCoroutinesAndProcesses_returnsWhatBuildReturns() throws {
        let folder = try TemporaryFolder()
        folder.write("plugins/echo.lua", """
            shopfloor.plugin {
              kind = "teller_policy", name = "echo",
              params = { k = { default = 3 } },
              build = function(params, a, b)
                return "built", params.k, a, b
              end,
            }
            """)
        folder.write("s.lua", """
            local counter = shopfloor.counter "bank"
            counter:task { name = "deposit", service = 10 }
            counter:tellers { skill = "deposit", count = 1 }
            counter:arrive "deposit"
            local function show(where, ...) print(where, select("#", ...), ...) end
            show("main", shopfloor.use("teller_policy", "echo", "x", "y"))
            show("wrap", coroutine.wrap(function(a) return shopfloor.use("teller_policy", "echo", a, nil) end)("w"))
            local co = coroutine.create(function(a, b) return shopfloor.use("teller_policy", "echo", a, b) end)
            show("resume", coroutine.resume(co, "c1", "c2"))
            shopfloor.process(function()
              shopfloor.wait(5)
              show("process", shopfloor.now(), shopfloor.use("teller_policy", "echo", "p"))
              show("nested", coroutine.wrap(function() return shopfloor.use("teller_policy", "echo", "n", "m") end)())
            end)
            print(pcall(coroutine.wrap(function() return shopfloor.use("teller_policy", "ech") end)))
            """)
        let r = try Shell.run(["run", "s.lua", "--plugins", "plugins", "--set", "k=4"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("""
            main\t4\tbuilt\t4\tx\ty
            wrap\t4\tbuilt\t4\tw\tnil
            resume\t5\ttrue\tbuilt\t4\tc1\tc2
            false\ts.lua:15: teller_policy 'ech': no such plugin (installed teller_policy plugins: echo; did you mean 'echo'?)
            process\t5\t5.0\tbuilt\t4\tp\tnil
            nested\t4\tbuilt\t4\tn\tm

            """), "\(r.stdout)")
    }
}
