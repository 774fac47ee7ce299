import Foundation
import Testing

/// An experiment file is validated like a scenario: each mistake is one line naming `file:line`, the value
/// at fault and, for a misspelt name, the closest accepted one; exit 1, nothing run, nothing written.
@Suite("experiment file errors")
struct ExperimentFileErrorTests {
    private func failure(_ text: String, extra: [String] = []) throws -> (Shell.Result, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", text)
        let r = try Shell.run(["experiment", file, "--out", folder.path("o.jsonl")] + extra)
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["e.lua"])
        return (r, folder)
    }

    @Test func test_unknownKey_namesItsLine_andTheClosestKey() throws {
        let text = ExperimentSupport.bank().replacingOccurrences(of: "  replications = 3,", with: "  replicatons = 3,")
        let (r, folder) = try failure(text)
        #expect(r.stderr == "error: \(folder.path("e.lua")):6: experiment: unknown key 'replicatons' (accepted: compare, measure, params, precision, replications, scenario, seed, use, warmup; did you mean 'replications'?)\n")
    }

    /// Five factors of 10,000 values are more groups than an Int holds: an error naming the file, not a crash.
    @Test func test_gridBeyondAnyCount_isRefused_notACrash() throws {
        let range = "shopfloor.range(1, 10000, 1)"
        let text = ExperimentSupport.bank().replacingOccurrences(of: "params = { customers = 200, deposit_tellers = { 2, 3 } },",
            with: "params = { a = \(range), b = \(range), c = \(range), d = \(range), e = \(range) },")
        let (r, folder) = try failure(text, extra: ["--plan"])
        #expect(r.stderr == "error: \(folder.path("e.lua")):6: experiment: groups (10000 a × 10000 b × 10000 c × 10000 d × 10000 e × 2 teller_policy) × 3 replications is more than 10000000 cells\n")
    }

    @Test func test_factorThatIsNoParameter_namesItsLine() throws {
        let text = ExperimentSupport.bank().replacingOccurrences(of: "deposit_tellers = {", with: "deposit_tellrs = {")
        let (r, folder) = try failure(text)
        #expect(r.stderr.hasPrefix("error: \(folder.path("e.lua")):4: experiment: 'deposit_tellrs' is not a parameter of \(ExperimentSupport.bankOpen)"), "\(r.stderr)")
        #expect(r.stderr.contains("did you mean 'deposit_tellers'?"), "\(r.stderr)")
    }

    @Test func test_valueTheParameterRefuses_namesItsLine() throws {
        let text = ExperimentSupport.bank().replacingOccurrences(of: "deposit_tellers = { 2, 3 }", with: "deposit_tellers = { 2, 0 }")
        let (r, folder) = try failure(text)
        #expect(r.stderr.hasPrefix("error: \(folder.path("e.lua")):4: experiment: params.deposit_tellers: 'deposit_tellers' must be an integer >= 1, got 0"), "\(r.stderr)")
    }

    @Test func test_emptyFactor_isCalledEmpty() throws {
        let text = ExperimentSupport.bank().replacingOccurrences(of: "deposit_tellers = { 2, 3 }", with: "deposit_tellers = {}")
        let (r, folder) = try failure(text)
        #expect(r.stderr.hasPrefix("error: \(folder.path("e.lua")):4: experiment: params.deposit_tellers: a factor is a non-empty list of values"), "\(r.stderr)")
        #expect(r.stderr.hasSuffix("got an empty table\n"), "\(r.stderr)")
    }

    @Test func test_measureMatchingNothing_namesItsLine_andTheClosestKey() throws {
        let text = ExperimentSupport.bank().replacingOccurrences(of: "\"pools.*.utilization\"", with: "\n    \"classes.*.mean_wiat\"")
        let (r, folder) = try failure(text)
        #expect(r.stderr.hasPrefix("error: \(folder.path("e.lua")):8: experiment: measure 'classes.*.mean_wiat' matches nothing in the run's JSON (with customers=200, deposit_tellers=2): no key 'mean_wiat' under classes.deposit"), "\(r.stderr)")
        #expect(r.stderr.contains("did you mean 'mean_wait'?"), "\(r.stderr)")
    }

    /// Measures are checked in a world the grid holds (its first group), not at the scenario's defaults: a
    /// fixed value that builds a second station makes that station's figures measurable; a factor whose
    /// first value lacks it is refused, naming the values (those cells could only fail).
    @Test func test_measures_areCheckedAtTheGridsValues_notTheDefaults() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", """
            local p = shopfloor.params { stations = { default = 1, min = 1, max = 2, description = "stations" } }
            for i = 1, p.stations do
              local c = shopfloor.counter(i == 1 and "one" or "two")
              c:task { name = "work", service = shopfloor.exponential(0.5) }
              c:tellers { skill = "work" }
              c:arrivals { rate = 1, mix = { work = 1 } }
            end
            shopfloor.stop { time = 20 }
            """)
        func experiment(_ stations: String) -> String {
            "return shopfloor.experiment {\n  scenario = \"s.lua\",\n  params = { stations = \(stations) },\n  replications = 2,\n  measure = { \"stations.two.utilization\" },\n}\n"
        }
        let fixed = try Shell.run(["experiment", folder.write("fixed.lua", experiment("2")), "--format", "json"])
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(fixed.stdout.contains("\"stations.two.utilization\""), "\(fixed.stdout)")
        let factor = try Shell.run(["experiment", folder.write("factor.lua", experiment("{ 1, 2 }"))])
        #expect(factor.status == 1)
        // One station: the document has no `stations` object at all.
        #expect(factor.stderr.hasPrefix("error: \(folder.path("factor.lua")):5: experiment: measure 'stations.two.utilization' matches nothing in the run's JSON (with stations=1): no key 'stations' at the top"), "\(factor.stderr)")
    }

    @Test func test_unknownPlugin_namesItsLine() throws {
        let text = ExperimentSupport.bank().replacingOccurrences(of: "\"cross_training\"", with: "\"cross_trainin\"")
        let (r, folder) = try failure(text)
        #expect(r.stderr.hasPrefix("error: \(folder.path("e.lua")):5: experiment: unknown teller_policy plugin 'cross_trainin'"), "\(r.stderr)")
        #expect(r.stderr.contains("did you mean 'cross_training'?"), "\(r.stderr)")
    }

    @Test func test_unknownPluginKind_andPrecisionOnNoMeasure_areNamed() throws {
        let kind = try failure(ExperimentSupport.bank().replacingOccurrences(of: "use = { teller_policy", with: "use = { teller_polcy"))
        #expect(kind.0.stderr == "error: \(kind.1.path("e.lua")):5: experiment: use: unknown plugin kind 'teller_polcy' (kinds: \(["customer_generator", "teller_policy", "service_time", "recipe_book", "stock_rule", "board_rule"].joined(separator: ", ")); did you mean 'teller_policy'?)\n", "\(kind.0.stderr)")
        let on = try failure(ExperimentSupport.bank(extra: "\n  precision = { relative = 0.1, on = \"classes.loan.mean_wiat\" },"))
        #expect(on.0.stderr.hasPrefix("error: \(on.1.path("e.lua")):9: experiment: precision.on: unknown measure 'classes.loan.mean_wiat' (measures: classes.deposit.mean_wait, classes.loan.mean_wait, pools.deposit.utilization, pools.loan.utilization; did you mean 'classes.loan.mean_wait'?)"), "\(on.0.stderr)")
    }

    @Test func test_badNumbers_areRefused() throws {
        let zero = try failure(ExperimentSupport.bank(replications: 0))
        #expect(zero.0.stderr.contains(":6: experiment: 'replications' must be an integer from 1 to 1000000, got 0"), "\(zero.0.stderr)")
        let range = try failure(ExperimentSupport.bank().replacingOccurrences(of: "{ 2, 3 }", with: "shopfloor.range(1, 3, 0)"))
        #expect(range.0.stderr.contains(":4: shopfloor.range(1, 3, 0): from, to and step must be finite numbers, step not 0"), "\(range.0.stderr)")
    }

    @Test func test_setOverride_namingNoParameter_isNamed() throws {
        let (r, _) = try failure(ExperimentSupport.bank(), extra: ["--set", "custmers=5"])
        #expect(r.stderr.hasPrefix("error: --set custmers=5: experiment: 'custmers' is not a parameter"), "\(r.stderr)")
    }

    /// `shopfloor.range` values are from + i·step rounded: 1.8, never 1.8000000000000003.
    @Test func test_range_roundsItsValues() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("e.lua", ExperimentSupport.bank(replications: 1)
            .replacingOccurrences(of: "deposit_tellers = { 2, 3 }", with: "arrival_rate = shopfloor.range(1.6, 2.2, 0.2)"))
        let r = try Shell.run(["experiment", file, "--plan"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("arrival_rate (1.6, 1.8, 2, 2.2)"), "\(r.stdout)")
    }
}
