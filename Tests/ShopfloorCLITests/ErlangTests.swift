import Foundation
import Testing

/// `scripts/bank_open.lua` against queueing theory: deposits are an M/M/2 queue (λ = 1.2·2/3,
/// mean service 0.7 s), loans an M/M/1 (λ = 1.2·1/3, mean service 1.1 s), under both the Lua and
/// the built-in policies. Fixed seed; 100,000 customers and arrival_rate 1.2 (ρ = 0.44 for loans)
/// so a debug build runs it in seconds and waits are not too autocorrelated: measured over six
/// seeds, the standard error of a mean wait is about 3 %, so the tolerance is 10 % (≈ 3 SE);
/// utilisation within 0.02. (At the default rate 2.0, ρ = 0.73 for loans and the same N gives an
/// 8 % standard error — too loose to test against.)
@Suite("bank_open agrees with Erlang C")
struct ErlangTests {
    /// Erlang C: probability of waiting, and mean wait, for an M/M/c queue.
    static func erlangC(lambda: Double, mean: Double, servers c: Int) -> (pWait: Double, wait: Double, rho: Double) {
        let a = lambda * mean
        let rho = a / Double(c)
        var sum = 0.0, term = 1.0
        for k in 0..<c {
            if k > 0 { term *= a / Double(k) }
            sum += term
        }
        let last = term * a / Double(c) / (1 - rho)
        let p = last / (sum + last)
        return (p, p * mean / (Double(c) * (1 - rho)), rho)
    }

    @Test(arguments: ["lua", "builtin"])
    func test_meanWaitsAndUtilisation_matchTheory(policies: String) throws {
        let r = try Shell.run(["run", "scripts/bank_open.lua", "--set", "customers=100000", "--set", "arrival_rate=1.2", "--set", "policies=\(policies)",
                               "--warmup", "500", "--format", "json", "--seed", "2024"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let classes = object["classes"] as! [String: [String: Any]]
        let pools = object["pools"] as! [String: [String: Any]]
        let deposit = ErlangTests.erlangC(lambda: 1.2 * 2 / 3, mean: 0.7, servers: 2)
        let loan = ErlangTests.erlangC(lambda: 1.2 / 3, mean: 1.1, servers: 1)
        let depositWait = classes["deposit"]!["mean_wait"] as! Double
        let loanWait = classes["loan"]!["mean_wait"] as! Double
        #expect(abs(depositWait - deposit.wait) / deposit.wait < 0.10, "deposit wait \(depositWait) vs \(deposit.wait)")
        #expect(abs(loanWait - loan.wait) / loan.wait < 0.10, "loan wait \(loanWait) vs \(loan.wait)")
        #expect(abs((pools["deposit"]!["utilization"] as! Double) - deposit.rho) < 0.02)
        #expect(abs((pools["loan"]!["utilization"] as! Double) - loan.rho) < 0.02)
    }

    /// Little's law on the collected statistics: mean line length = arrival rate × mean wait.
    @Test func test_littlesLaw_holdsOnTheLines() throws {
        let r = try Shell.run(["run", "scripts/bank_open.lua", "--set", "customers=60000", "--set", "policies=builtin",
                               "--format", "json", "--seed", "99"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let classes = object["classes"] as! [String: [String: Any]]
        let lines = object["lines"] as! [String: [String: Any]]
        let span = (object["end_time"] as! Double) - (object["start_time"] as! Double)
        for task in ["deposit", "loan"] {
            let lambda = Double(classes[task]!["arrived"] as! Int) / span
            let w = classes[task]!["mean_wait"] as! Double
            let l = lines[task]!["mean_length"] as! Double
            #expect(abs(l - lambda * w) / l < 0.03, "\(task): L = \(l), λW = \(lambda * w)")
        }
    }
}
