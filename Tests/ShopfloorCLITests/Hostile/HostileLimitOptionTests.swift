import Foundation
import Testing

/// Numbers at the edges of the Lua limit options: `--memory-limit 17592186044417` wrapped to 1 MB
/// (`<< 20` overflow) and `17592186044416` to 0 = unlimited; `--time-budget 1e308` switched the watchdog
/// off. Out of range is a usage error (64) naming the option, the value and the range.
@Suite("Hostile: limit options out of range")
struct HostileLimitOptionTests {
    @Test(arguments: ["17592186044417", "17592186044416", "1048577", "0", "-1", "9223372036854775807"])
    func test_memoryLimitOutOfRange_exits64(value: String) throws {
        let r = try Shell.runWithin(30, ["eval", "1", "--memory-limit=\(value)"])
        #expect(r.exitedCleanly && r.status == 64)
        #expect(r.stderr.hasPrefix("Error: --memory-limit \(value): must be a whole number of megabytes from 1 to 1048576 (1 TiB)\n"), "\(r.stderr)")
        #expect(r.stdout == "")
    }

    @Test(arguments: [("1e308", "1e+308"), ("86401", "86401"), ("0", "0"), ("-1", "-1"), ("0.001", "0.001"),
                      ("nan", "nan"), ("inf", "inf"), ("-inf", "-inf")])
    func test_timeBudgetOutOfRange_exits64(value: String, shown: String) throws {
        // experiment's per-cell limit too, with the same message (it showed "0.0" for 0, "-1.0" for -1).
        for command in [["eval", "1"], ["experiment", "e.lua"]] {
            let r = try Shell.runWithin(30, command + ["--time-budget=\(value)"])
            #expect(r.exitedCleanly && r.status == 64)
            #expect(r.stderr.hasPrefix("Error: --time-budget \(shown): must be a number of seconds from 0.01 to 86400\n"), "\(command): \(r.stderr)")
        }
    }

    @Test(arguments: [["--memory-limit=1"], ["--memory-limit=1048576"], ["--time-budget=0.01"], ["--time-budget=86400"]])
    func test_limitsAtTheEdgesOfTheRange_areAccepted(_ flags: [String]) throws {
        let r = try Shell.runWithin(30, ["eval", "1 + 1"] + flags)
        #expect(r.exitedCleanly && r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "2\n")
    }

    @Test(arguments: ["18446744073709551616", "9223372036854775808", "x", "1.5"])
    func test_seedOutOfRangeOrNotAWholeNumber_exits64(value: String) throws {
        let r = try Shell.runWithin(30, ["eval", "1", "--seed=\(value)"])
        #expect(r.exitedCleanly && r.status == 64)
        #expect(r.stderr.hasPrefix("Error: The value '\(value)' is invalid for '--seed <seed>'"), "\(r.stderr)")
    }

    /// Negative seeds are seeds (written `--seed=-1`), and deterministic.
    @Test func test_negativeSeed_isASeed() throws {
        let a = try Shell.runWithin(30, ["eval", "return math.random(1, 1000000)", "--seed=-1"])
        let b = try Shell.runWithin(30, ["eval", "return math.random(1, 1000000)", "--seed=-1"])
        let c = try Shell.runWithin(30, ["eval", "return math.random(1, 1000000)", "--seed=1"])
        #expect(a.status == 0 && a.stdout == b.stdout, "\(a.stderr)")
        #expect(a.stdout != c.stdout)
    }

    @Test func test_help_statesTheRanges() throws {
        let r = try Shell.runWithin(30, ["run", "--help"])
        #expect(r.status == 0)
        let help = r.stdout.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(help.contains("(0.01 to 86400)"), "\(r.stdout)")
        #expect(help.contains("(1 to 1048576)"), "\(r.stdout)")
        #expect(help.contains("-2^63 to 2^63-1"), "\(r.stdout)")
    }
}
