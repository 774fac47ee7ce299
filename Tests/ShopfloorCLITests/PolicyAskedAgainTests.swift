import Foundation
import Testing

/// When an idle teller whose policy answered `nil` is asked again (docs/lua-api.md, `counter:policy`): an arrival
/// in one of its lines, its own finish, its return, or `counter:dispatch()` — never time passing on its own.
@Suite("A teller policy answering nil")
struct PolicyAskedAgainTests {
    /// One deposit teller whose policy takes nobody before t = 5; three customers at the door at 0.
    static func bank(_ body: String) -> String {
        TimeScenario.bank(customers: 3, service: "1", """
            counter:policy(function(teller, lines)
              print("asked", shopfloor.now())
              if shopfloor.now() >= 5 then return lines.deposit end
            end)
            counter:on("start", function(c) print("start", c.number, shopfloor.now()) end)
            \(body)
            """)
    }

    @Test func test_timePassing_asksNobody_theCustomersStayInside() throws {
        let json = try TimeScenario.json(Self.bank("shopfloor.at(10, function() end)"))
        #expect(json["served"] as? Int == 0)
        #expect(json["in_system"] as? Int == 3)
    }

    @Test func test_dispatch_asksTheIdleTellerAgain_thenItsFinishesDo() throws {
        let r = try TimeScenario.run(Self.bank("shopfloor.at(5, function() counter:dispatch() end)"))
        #expect(r.status == 0, "\(r.stderr)")
        // Asked at the opening (nil), by dispatch at 5, then after each finish while someone waits.
        #expect(r.stdout.hasPrefix("""
            asked\t0.0
            asked\t5.0
            start\t1\t5.0
            asked\t6.0
            start\t2\t6.0
            asked\t7.0
            start\t3\t7.0

            """), "\(r.stdout)")
        #expect(r.stdout.contains("3 served in 8.00 s"), "\(r.stdout)")
    }

    /// An arrival in the teller's line asks it again (here after t = 5, so it takes the longest waiting).
    @Test func test_anArrivalInItsLine_asksItAgain() throws {
        let r = try TimeScenario.run(Self.bank("shopfloor.at(6, function() counter:arrive 'deposit' end)"))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("asked\t0.0\nasked\t6.0\nstart\t1\t6.0\n"), "\(r.stdout)")
    }
}
