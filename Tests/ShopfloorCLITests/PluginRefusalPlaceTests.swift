import Foundation
import Testing

/// A shipped plugin refusing its parameters names the scenario's line that uses it, as every other bad-input
/// message does: `time_varying` said `time_varying: base_rate or rush_rate must be > 0` with no line (the line was
/// only in the traceback), and took a rush that ends before it starts, which then never came.
@Suite("Shipped plugins' refusals name the line using them")
struct PluginRefusalPlaceTests {
    static let bank = """
        local c = shopfloor.counter "bank"
        c:task { name = "a", service = 1 }
        c:tellers { skill = "a", count = 1 }
        shopfloor.use("customer_generator", "time_varying", c)
        shopfloor.stop { served = 5 }
        """

    @Test(arguments: [
        (["--set", "base_rate=0", "--set", "rush_rate=0"], "error: s.lua:4: time_varying: base_rate or rush_rate must be > 0\n"),
        (["--set", "rush_start=300", "--set", "rush_end=100"],
         "error: s.lua:4: time_varying: rush_end (100) must not be before rush_start (300): the rush would never come\n"),
    ])
    func test_timeVarying_refusesAtTheLineUsingIt(arguments: [String], message: String) throws {
        let folder = try JuiceScenarioTests.scriptsCopy()   // the shipped plugins beside the scenario
        folder.write("s.lua", Self.bank)
        let r = try Shell.run(["run", "s.lua"] + arguments, in: folder.url)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
    }

    /// `at_opening` raised at level 2, which is `shopfloor.use` itself (a C function, no line): its refusal named
    /// neither the line nor the plugin (`min_customers (5) must not be more than max_customers (3)`).
    @Test func test_atOpening_refusesAtTheLineUsingIt() throws {
        let folder = try JuiceScenarioTests.scriptsCopy()
        folder.write("s.lua", Self.bank.replacingOccurrences(of: "time_varying", with: "at_opening"))
        let r = try Shell.run(["run", "s.lua", "--set", "min_customers=5", "--set", "max_customers=3"], in: folder.url)
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: s.lua:4: at_opening: min_customers (5) must not be more than max_customers (3)\n"),
                "\(r.stderr)")
        // As many as the least and the most is allowed.
        #expect(try Shell.run(["run", "s.lua", "--set", "min_customers=3", "--set", "max_customers=3"], in: folder.url).status == 0)
    }

    /// A rush of no length is no rush, and allowed (the base rate all day).
    @Test func test_timeVarying_aRushOfNoLength_runs() throws {
        let folder = try JuiceScenarioTests.scriptsCopy()
        folder.write("s.lua", Self.bank)
        let r = try Shell.run(["run", "s.lua", "--set", "rush_start=100", "--set", "rush_end=100"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
    }
}
