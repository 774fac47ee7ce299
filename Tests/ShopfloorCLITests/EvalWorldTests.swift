import Foundation
import Testing

/// `shopfloor eval` runs in an empty world, so the `shopfloor` module is there (it used to be nil).
@Suite("eval has the shopfloor module")
struct EvalWorldTests {
    @Test func test_eval_offersTheModule() throws {
        let r = try Shell.run(["eval", "return type(shopfloor), shopfloor.exponential(2):mean(), shopfloor.seed"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "table\t2.0\t1\n")
    }

    @Test func test_eval_buildsAndRunsACounterOnTheSpot() throws {
        let code = """
            local c = shopfloor.counter "c"
            c:task { name = "a", service = 2 }
            c:tellers { skill = "a" }
            for _ = 1, 3 do c:arrive "a" end
            c:run()
            return c:stats().served, c:now()
            """
        let r = try Shell.run(["eval", code])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "3\t6.0\n")
    }

    @Test func test_eval_errorsStillNameTheCommandLine() throws {
        let r = try Shell.run(["eval", "local t = nil; return t.x"])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: (command line):1: attempt to index a nil value (local 't')"))
    }
}
