import Foundation
import Testing

/// A customer a maker turns away (their order short) is one `fail` event, at the instant the order was decided,
/// to hooks (`counter:on("fail", fn)`) and in the trace (version 3) — never a `start` and a `finish`. It used to be
/// both, at one instant, like a service of 0 s: a hook or a trace reader counting finishes as served counted
/// every turned-away customer too (20 finishes for 3 served in a bar with 3 apples).
@Suite("A turned-away customer is a fail, not a service")
struct TurnedAwayEventTests {
    /// One counter of makers with a short stock, or (`network`) the makers routing what they made to a packer.
    static func scenario(network: Bool) -> String {
        """
        local bar = shopfloor.counter "bar"
        local stock = shopfloor.stock()
        stock:item { name = "apple", count = 25 }
        stock:recipe("apple juice", { apple = 1 })
        stock:makers { count = 2, prep = shopfloor.exponential(0.8) }
        \(network ? """
        local pack = shopfloor.counter "pack"
        pack:task { name = "wrap", service = shopfloor.exponential(0.3) }
        pack:tellers { skill = "wrap", count = 1 }
        bar:route("apple juice", "pack.wrap")
        """ : "")
        bar:arrivals { rate = 1, mix = { ["apple juice"] = 1 } }
        local n = { start = 0, finish = 0, fail = 0 }
        local failedTeller
        for _, e in ipairs { "start", "finish", "fail" } do
          bar:on(e, function(c)
            n[e] = n[e] + 1
            if e == "fail" then failedTeller = failedTeller or (c.teller and c.pool .. "#" .. c.teller) end
          end)
        end
        shopfloor.on("end", function(d)
          local s = d.stations and d.stations.bar or d.classes["apple juice"]
          print(("hooks: start %d finish %d fail %d; summary: served %d failed %d; fail at %s"):format(
            n.start, n.finish, n.fail, s.served, s.failed, failedTeller))
        end)
        shopfloor.stop { time = 200 }
        """
    }

    struct Record: Decodable {
        var t: Double
        var event: String
        var customer: Int?
        var station: String?
        var juice: String?
        var task: String?
        var teller: Int?
        var pool: String?
    }

    @Test(arguments: [false, true])
    func test_hooks_hearFinishesOfTheServed_andFailsOfTheTurnedAway(network: Bool) throws {
        let folder = try TemporaryFolder()
        folder.write("bar.lua", Self.scenario(network: network))
        let r = try Shell.run(["run", "bar.lua"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        let line = try #require(r.stdout.split(separator: "\n").first { $0.hasPrefix("hooks: ") })
        // 25 apples, ~200 orders: 25 made, the rest turned away, each heard of once, as what it was.
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers.count == 6, "\(line)")  // the five counts and the maker's number
        guard numbers.count == 6 else { return }
        let (start, finish, fail, served, failed) = (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4])
        #expect(start == 25 && finish == 25 && served == 25, "\(line)")
        #expect(fail == failed && failed > 100, "\(line)")
        #expect(line.hasSuffix("fail at makers#1") || line.hasSuffix("fail at makers#2"), "\(line)")
    }

    @Test(arguments: [false, true])
    func test_trace_failRecord_replacesStartAndFinish(network: Bool) throws {
        let folder = try TemporaryFolder()
        folder.write("bar.lua", Self.scenario(network: network))
        let r = try Shell.run(["run", "bar.lua", "--format", "json", "--trace", "t.jsonl"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let classes = try #require(json["classes"] as? [String: [String: Any]])
        let bar = try #require(classes[network ? "bar.apple juice" : "apple juice"])
        let served = try #require(bar["served"] as? Int), failed = try #require(bar["failed"] as? Int)
        #expect(served == 25 && failed > 100)

        let text = try String(contentsOf: folder.url.appendingPathComponent("t.jsonl"), encoding: .utf8)
        let records = try text.split(separator: "\n").map { try JSONDecoder().decode(Record.self, from: Data($0.utf8)) }
        let atBar = records.filter { $0.customer != nil && ($0.station == "bar") }
        #expect(atBar.filter { $0.event == "fail" }.count == failed)
        #expect(atBar.filter { $0.event == "finish" }.count == served)
        #expect(atBar.filter { $0.event == "start" }.count == served)
        let turnedAway = Set(atBar.filter { $0.event == "fail" }.map(\.customer!))
        for (k, record) in records.enumerated() where record.event == "fail" {
            // The maker who decided, and the stock's `failed` record of that order just before, at the same instant.
            #expect(record.teller != nil && record.pool == "makers" && record.task == "apple juice")
            let before = records[..<k].last { $0.customer == nil }
            #expect(before?.event == "failed" && before?.t == record.t && before?.juice == "apple juice")
        }
        // A turned-away customer arrives and fails: nothing else, at no station.
        for record in records where record.customer.map(turnedAway.contains) == true {
            #expect(record.event == "arrive" || record.event == "fail", "customer \(record.customer!): \(record.event)")
        }
    }

    @Test func test_csvTrace_failRow_namesTheMaker() throws {
        let folder = try TemporaryFolder()
        folder.write("bar.lua", Self.scenario(network: false))
        let r = try Shell.run(["run", "bar.lua", "--trace", "t.csv"], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        let rows = try String(contentsOf: folder.url.appendingPathComponent("t.csv"), encoding: .utf8).split(separator: "\n")
        let fail = try #require(rows.first { $0.split(separator: ",", omittingEmptySubsequences: false)[1] == "fail" })
        let fields = fail.split(separator: ",", omittingEmptySubsequences: false)
        #expect(fields.count == 7)
        #expect(fields[3] == "apple juice" && ["1", "2"].contains(fields[4]) && fields[5] == "makers" && fields[6] == "bar")
    }

    @Test func test_unknownEvent_offersFail() throws {
        let folder = try TemporaryFolder()
        folder.write("bad.lua", "local c = shopfloor.counter()\nc:on(\"fial\", function() end)\n")
        let r = try Shell.run(["run", "bad.lua"], in: folder.url)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: bad.lua:2: unknown event 'fial' (events: arrive, start, finish, balk, renege, fail, close, end; did you mean 'fail'?)"), "\(r.stderr)")
    }
}
