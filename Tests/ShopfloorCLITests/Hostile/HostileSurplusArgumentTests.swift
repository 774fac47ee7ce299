import Foundation
import Testing

/// Nothing silently accepted: a surplus argument to a host function (`s:recipe(name, t, 5)`) was dropped
/// without a word, and a number where a name belongs (`shopfloor.recipe(5)`) became the name "5". Every
/// function now declares how many arguments it reads (LuaHostFunction), checked where the trampoline enters
/// Swift; names are strings only. The error is Lua's `bad argument #n to 'f' (…)` with the value, at the
/// caller's line, and the call does nothing.
@Suite("Hostile: surplus and mistyped arguments to the Lua API")
struct HostileSurplusArgumentTests {
    static let header = """
        local c = shopfloor.counter "bank"
        c:task { name = "a", service = 1 }
        c:tellers { skill = "a", count = 1 }
        local st = shopfloor.stock "bar"
        st:item { name = "apple", count = 5 }

        """

    /// Each function of the module (the board's too), every counter method, and the methods of each userdata
    /// (stock, random stream, distribution, line, timer) is called with one argument too many: every one but
    /// `shopfloor.use` (whose extra arguments go to the plugin's build function) refuses it, before doing anything.
    @Test func test_everyFunction_refusesASurplusArgument_andDoesNothing() throws {
        let folder = try TemporaryFolder(), boardFolder = try TemporaryFolder()
        folder.write("s.lua", Self.header + """
            local S = "surplus"
            local checked, accepted = 0, {}
            local function probe(name, f, self)
              checked = checked + 1
              local ok, e
              if self ~= nil then ok, e = pcall(f, self, S, S, S, S, S, S, S, S) else ok, e = pcall(f, S, S, S, S, S, S, S, S) end
              if ok or not tostring(e):find("no argument expected here, got 'surplus'", 1, true) then
                accepted[#accepted + 1] = name .. ": " .. tostring(e)
              end
            end
            local function each(prefix, t, self)
              for k, f in pairs(t) do
                if type(f) == "function" then probe(prefix .. k, f, self) end
              end
            end
            each("shopfloor.", shopfloor)
            each("shopfloor.board.", shopfloor.board)
            each("counter:", c, c)
            local objects = {
              stock = { st, "item items recipe recipes order add set count counts capacity restock pending rule on makers stats" },
              rng = { shopfloor.rng "x", "uniform int exp normal chance pick sample" },
              distribution = { shopfloor.fixed(1), "sample mean" },
              line = { c:line "a", "head first customers" },
              timer = { shopfloor.at(5, function() end), "cancel active" },
            }
            for _, kind in ipairs { "distribution", "line", "rng", "stock", "timer" } do
              local object, names = objects[kind][1], objects[kind][2]
              for name in names:gmatch("%S+") do probe(kind .. ":" .. name, object[name], object) end
            end
            print("checked " .. checked)
            for _, a in ipairs(accepted) do print("accepted " .. a) end
            print(#c:tasks(), st:count "apple", #st:recipes(), shopfloor.board.counts().todo)
            """)
        let r = try Shell.run(["run", "s.lua", "--format", "json"], in: folder.url,
                              environment: ["SHOPFLOOR_BOARD_DB": boardFolder.path("board.db"),
                                            "XDG_CONFIG_HOME": folder.path("config")])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n").map(String.init)
        let checked = lines.first { $0.hasPrefix("checked ") }.flatMap { Int($0.dropFirst("checked ".count)) } ?? 0
        #expect(checked > 90, "\(r.stderr)")
        #expect(lines.filter { $0.hasPrefix("accepted ") }.map { String($0.prefix(while: { $0 != ":" })) } == ["accepted shopfloor.use"],
                "\(r.stderr)")
        // Nothing a refused call would have done was done: one task, the apples, no recipe, no board task.
        #expect(lines.last == "1\t5\t0\t0", "\(r.stderr)")
    }

    @Test("a refused call names the function, the position, the value and the caller's line; exit 1",
          arguments: [
            ("st:recipe(\"kiwi juice\", { apple = 1 }, 5)", "bad argument #3 to 'recipe' (no argument expected here, got 5)"),
            ("shopfloor.recipe(5)", "bad argument #1 to 'recipe' (string expected, got number)"),
            ("st:add(\"apple\", 1, \"more\")", "bad argument #3 to 'add' (no argument expected here, got 'more')"),
            ("st:add(\"apple\", nil)", "bad argument #2 to 'add' (number expected, got nil)"),
            ("c:route(\"a\", nil, { when_full = \"wait\" })", "bad argument #2 to 'route'"),
            ("c:arrive(\"a\", { priority = 1 })", "bad argument #2 to 'arrive' (no argument expected here, got table)"),
            ("shopfloor.counter(5)", "bad argument #1 to 'counter' (string expected, got number)"),
            ("shopfloor.rng(5)", "bad argument #1 to 'rng' (string expected, got number)"),
            ("c:line(1)", "bad argument #1 to 'line' (string expected, got number)"),
            ("shopfloor.rng(\"x\"):uniform(5)", "bad argument #2 to 'uniform' (number expected, got no value)"),
            ("c:policy(\"fifo\", { looks_at = \"own\" })", "bad argument #2 to 'policy' (no options for a built-in rule"),
            ("shopfloor.stock \"juice bar\"", "bad argument #1 to 'stock' (a world has one stock, already called 'bar'; got 'juice bar')"),
            ("shopfloor.board.add({ title = \"x\" }, { body = \"y\" })", "bad argument #2 to 'add' (no argument expected after a table, got table)"),
            ("shopfloor.process(function() shopfloor.wait(1, 2) end)", "bad argument #2 to 'shopfloor.wait' (no argument expected here, got 2)"),
          ])
    func refusedCall(call: String, message: String) throws {
        let folder = try TemporaryFolder(), boardFolder = try TemporaryFolder()
        folder.write("s.lua", Self.header + call + "\nc:arrive \"a\"\n")
        let r = try Shell.run(["run", "s.lua"], in: folder.url,
                              environment: ["SHOPFLOOR_BOARD_DB": boardFolder.path("board.db"),
                                            "XDG_CONFIG_HOME": folder.path("config")])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("error: s.lua:6: " + message), "\(r.stderr)")
        #expect(r.stdout == "")
    }

    /// At the prompt a refused call leaves the world as it was: the recipe is not registered, the count not changed.
    @Test func test_atThePrompt_aRefusedCallChangesNothing() throws {
        let r = try Shell.run(["repl", "scripts/juice.lua"], stdin: """
            s = shopfloor.stock()
            n = #s:recipes()
            s:recipe("test juice", { kiwi = 1 }, 5)
            s:add("kiwi", 1, 2)
            print(#s:recipes() == n, s:count "kiwi")

            """)
        #expect(r.stderr.contains("stdin:1: bad argument #3 to 'recipe' (no argument expected here, got 5)"), "\(r.stderr)")
        #expect(r.stderr.contains("stdin:1: bad argument #3 to 'add' (no argument expected here, got 2)"), "\(r.stderr)")
        #expect(r.stdout.hasSuffix("true\t200\n"), "\(r.stdout)")
    }

    /// `stock:items(require "juice_stock")` is the idiom the docs teach: Lua's `require` also returns the file's
    /// path on a first load, which the arity check would refuse. The sandbox's `require` returns the module alone.
    @Test func test_require_returnsTheModuleAlone() throws {
        let folder = try TemporaryFolder()
        folder.write("m.lua", "return { 1 }\n")
        folder.write("s.lua", "print(select('#', require 'm'), select('#', require 'm'))\nshopfloor.summary(false)\n")
        let r = try Shell.run(["run", "s.lua"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "1\t1\n")
    }
}
