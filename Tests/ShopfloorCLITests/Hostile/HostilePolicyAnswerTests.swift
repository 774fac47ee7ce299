import Foundation
import Testing

/// Hook answers the core finds wrong after the hook returned (issue 13 item 24): a teller policy choosing a customer
/// or line it cannot take, a service time, a generator's gap, a stock rule's order. The mistake is in a returned
/// value, so no Lua error position names it: each error names the hook function's definition (`file:line`), and
/// tellers are numbered from 1, as traces and hooks number them.
@Suite("Hostile: hook answers checked after the hook returned")
struct HostilePolicyAnswerTests {
    /// Runs `script` (as `x.lua`) and returns the result; the folder holds nothing else afterwards.
    private func run(_ script: String, _ arguments: [String] = []) throws -> (status: Int32, stdout: String, stderr: String) {
        let folder = try TemporaryFolder()
        folder.write("x.lua", script)
        let r = try Shell.run(["run", "x.lua"] + arguments, in: URL(fileURLWithPath: folder.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["x.lua"])
        return (r.status, r.stdout, r.stderr)
    }

    private let bank = """
        local c = shopfloor.counter "bank"
        c:task { name = "a", service = 1 }
        c:task { name = "b", service = 1 }
        c:tellers { skill = "a", count = 1 }

        """

    @Test func test_policyNamingAnAbsentCustomer_namesThePolicyAndNumbersTellersFrom1() throws {
        let r = try run(bank + """
            c:policy(function(teller, lines)
              return 999
            end)
            for _ = 1, 2 do c:arrive "a" end
            """)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: x.lua:5: teller policy chose customer 999, who is not waiting in a line teller 1 serves"), "\(r.stderr)")
    }

    @Test func test_policyChoosingALineTheTellerDoesNotServe_namesThePolicy() throws {
        let r = try run(bank + """
            c:policy(function(teller, lines) return lines.b end)
            for _ = 1, 2 do c:arrive "a" end
            """)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: x.lua:5: teller policy chose line 'b', which teller 1 does not serve"), "\(r.stderr)")
    }

    @Test func test_policyReturningAnUnknownLineName_namesThePolicy() throws {
        let r = try run(bank + """
            c:policy(function(teller, lines) return "nope" end)
            for _ = 1, 2 do c:arrive "a" end
            """)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: x.lua:5: teller policy returned unknown line 'nope'"), "\(r.stderr)")
    }

    @Test func test_negativeServiceTime_namesTheHook() throws {
        let r = try run(bank + """
            c:service_time(function(customer, teller)
              return -1
            end)
            for _ = 1, 2 do c:arrive "a" end
            """)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: x.lua:5: service-time hook: duration must be a finite number >= 0, got -1"), "\(r.stderr)")
    }

    @Test func test_negativeGap_namesTheGenerator() throws {
        let r = try run(bank + """
            c:generate(function(rng) return -1, "a" end)
            shopfloor.stop { served = 3 }
            """)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: x.lua:5: customer generator 'arrivals': gap must be a finite number >= 0, got -1"), "\(r.stderr)")
    }

    @Test func test_negativeGapInABatch_namesTheGenerator() throws {
        let r = try run(bank + """
            c:generate(function(rng, gaps, tasks, n)
              gaps[1] = -5; tasks[1] = "a"; return 1
            end, { batch = 4 })
            shopfloor.stop { served = 3 }
            """)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: x.lua:5: customer generator 'arrivals': gap 1 must be a finite number >= 0, got -5"), "\(r.stderr)")
    }

    @Test func test_stockRuleOrderTheCoreRefuses_namesTheRule() throws {
        let r = try run("""
            local stock = shopfloor.stock "bar"
            stock:item { name = "kiwi", count = 10 }
            stock:rule(function(fruit, count, pending)
              return 5, -3
            end)
            stock:add("kiwi", -1)
            """)
        #expect(r.status == 1)
        // The rule whose answer was refused (line 3), once; the call that changed the count (line 6) is in the traceback.
        #expect(r.stderr.hasPrefix("error: x.lua:3: restock: 'lead_time' must be >= 0, got -3\n"), "\(r.stderr)")
        #expect(r.stderr.contains("\n\tx.lua:6: in main chunk"), "\(r.stderr)")
    }
}
