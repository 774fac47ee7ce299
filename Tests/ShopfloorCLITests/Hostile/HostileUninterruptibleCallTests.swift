import Foundation
import Testing

/// Calls no hook can interrupt: a pathological pattern (a dozen `.-` against 30 `a`s and no `b`) runs
/// for hours inside one C call. It ended the whole process at twice the budget, taking a REPL's world
/// with it. Now such a match runs on a helper thread that is abandoned at the budget: the script gets
/// `script exceeded its time budget` at once and the session goes on. Through a pipe, `:run` is
/// bounded and `:run idle` on endless arrivals refused, since nobody can press Ctrl-C.
@Suite("Hostile: calls that cannot be interrupted")
struct HostileUninterruptibleCallTests {
    static let pattern = "'" + String(repeating: ".-", count: 15) + "b'"

    @Test(arguments: ["find", "match", "gmatch", "gsub", "gsub with a function"])
    func test_pathologicalPattern_atTheRepl_keepsTheSession(function: String) throws {
        let pattern = HostileUninterruptibleCallTests.pattern
        let call = switch function {
        case "gmatch": "for w in s:gmatch(\(pattern)) do print(w) end"
        case "gsub": "return s:gsub(\(pattern), 'x')"
        case "gsub with a function": "return s:gsub(\(pattern), function(m) return m end)"
        default: "return s:\(function)(\(pattern))"
        }
        let r = try Shell.runWithin(30, ["repl", "--time-budget", "0.5"], stdin: """
            x = 41
            s = string.rep("a", 30)
            \(call)
            x + 1
            """ + "\n")
        #expect(r.exitedCleanly, "crashed or hung: \(String(describing: r.signal))")
        #expect(r.status == 1)  // a chunk failed
        #expect(r.stdout == "42\n")
        #expect(r.stderr.hasPrefix("script exceeded its time budget (0.5 s per call into Lua)\n"), "\(r.stderr)")
    }

    /// gsub with a function or table replacement and a pattern the helper could not take before (a `%9`
    /// back-reference, 31 or more captures: the pattern used to be rewritten with two more captures) ran in
    /// place, uninterruptible, and ended the session at twice the budget. The helper now matches the pattern
    /// as written: both calls are abandoned at the budget and the world stays.
    @Test func test_pathologicalGsub_withBackReference9Or31Captures_keepsTheSession() throws {
        let r = try Shell.runWithin(30, ["repl", "--time-budget", "0.5"], stdin: """
            x = 41
            s = string.rep("a", 40)
            return s:gsub(("(a)"):rep(9) .. (".-"):rep(12) .. "%9b", function(...) return "y" end)
            x + 1
            t = string.rep("a", 61)
            return t:gsub(("(a)"):rep(31) .. (".-"):rep(12) .. "b", {})
            x + 2

            """)
        #expect(r.exitedCleanly, "crashed or hung: \(String(describing: r.signal))")
        #expect(r.status == 1)
        #expect(r.stdout == "42\n43\n")
        #expect(r.stderr.components(separatedBy: "script exceeded its time budget (0.5 s per call into Lua)\n").count == 3, "\(r.stderr)")
    }

    /// `run` stops at the budget with the time-budget error, which `pcall` cannot swallow (not by ending
    /// the process at twice the budget).
    @Test func test_pathologicalPattern_inRun_isATimeBudgetError() throws {
        let folder = try TemporaryFolder()
        folder.write("p.lua", """
            print("before")
            local s = string.rep("a", 30)
            print(pcall(string.gsub, s, \(HostileUninterruptibleCallTests.pattern), "x"))
            print("after")
            """)
        let r = try Shell.runWithin(30, ["run", "p.lua", "--time-budget", "0.5"], in: URL(fileURLWithPath: folder.path))
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stdout == "before\n")
        #expect(r.stderr.hasPrefix("error: p.lua:3: script exceeded its time budget (0.5 s per call into Lua)\nstack traceback:\n"), "\(r.stderr)")
    }

    /// Library errors through the guard keep the caller's line; names read as Lua names a library function.
    @Test func test_patternErrors_keepTheirPosition() throws {
        let folder = try TemporaryFolder()
        folder.write("e.lua", """
            print(pcall(function() return ("x"):find("[") end))
            print(pcall(function() return ("abc"):gsub("%w", { a = {} }) end))
            print(pcall(function() return string.match(nil, "x") end))
            print(("x=1, y=2"):gsub("(%w+)=(%w+)", "%2=%1"))
            print(("a,b,,c"):find(",", 1, true), ("hello world"):match("^(%w+)"))
            for k, v in ("a=1;b=2"):gmatch("(%w)=(%w)") do io_write = (io_write or "") .. k .. v end
            print(io_write)
            """)
        let r = try Shell.runWithin(30, ["run", "e.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == """
            false\te.lua:1: malformed pattern (missing ']')
            false\te.lua:2: invalid replacement value (a table)
            false\te.lua:3: bad argument #1 to 'string.match' (string expected, got nil)
            1=x, 2=y\t2
            2\thello
            a1b2

            """)
    }

    /// Large but harmless subjects still match, through the helper (results copied back exactly).
    @Test func test_riskyButFinishingCalls_giveTheLibrarysAnswers() throws {
        let r = try Shell.runWithin(60, ["eval", """
            local s = string.rep("ab", 3000) .. "c"
            local a, b, c1 = s:find("(a).-c")
            local g, n = s:gsub("a.-b", "%0!", 3)
            local count = 0
            for x in s:gmatch("b.-a") do count = count + 1 end
            return a, b, c1, #g, n, count, s:match("()c$")
            """])
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "1\t6001\ta\t6004\t3\t2999\t6001\n")
    }

    @Test func test_runIdleOnEndlessArrivals_throughAPipe_isRefused() throws {
        let r = try Shell.runWithin(60, ["repl", "scripts/post_office.lua"], stdin: ":run idle\nreturn 'still here'\n")
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stdout == "still here\n")
        #expect(r.stderr == ":run idle: arrivals never stop on their own in this scenario, and through a pipe nobody can press Ctrl-C; use :run D or :run until T\n")
    }

    /// `:run 1e12` through a pipe stops after the time budget; what ran stands and the session goes on.
    @Test func test_longRun_throughAPipe_stopsAtTheBudget() throws {
        let r = try Shell.runWithin(60, ["repl", "scripts/post_office.lua", "--time-budget", "0.5"],
                                    stdin: ":run 1e12\nreturn shopfloor.now() > 0\n")
        #expect(r.exitedCleanly && r.status == 1)
        #expect(r.stdout.hasSuffix("\ntrue\n"), "\(r.stdout)")
        #expect(r.stderr.hasPrefix(":run 1e12 stopped after 0.5 s of wall-clock time (--time-budget) at clock "), "\(r.stderr)")
    }
}
