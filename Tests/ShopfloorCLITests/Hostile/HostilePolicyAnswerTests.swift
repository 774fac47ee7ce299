import Foundation
import Testing

/// A teller policy naming a customer no line of the teller holds (issue 13 item 24): the error numbers
/// tellers from 1, as traces and hooks do (it said "teller 0" for the first teller).
@Suite("Hostile: teller policy answers")
struct HostilePolicyAnswerTests {
    @Test func test_policyNamingAnAbsentCustomer_numbersTellersFrom1() throws {
        let folder = try TemporaryFolder()
        folder.write("pol.lua", """
            local c = shopfloor.counter "bank"
            c:task { name = "a", service = 1 }
            c:tellers { skill = "a", count = 1 }
            c:policy(function(teller, lines) return 999 end)
            for _ = 1, 2 do c:arrive "a" end
            """)
        let r = try Shell.run(["run", "pol.lua"], in: URL(fileURLWithPath: folder.path))
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: teller policy: customer 999 is not waiting in a line teller 1 serves"), "\(r.stderr)")
    }
}
