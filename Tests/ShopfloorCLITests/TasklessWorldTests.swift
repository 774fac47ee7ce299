import Foundation
import Testing

/// A world without tasks still runs what is scheduled in it: a stock restocked by a process, a timer alone.
/// It used to end before its first event, printing nothing and exiting 0 (a silent wrong answer).
@Suite("A world without tasks")
struct TasklessWorldTests {
    static let stockAndProcess = """
        local stock = shopfloor.stock()
        stock:item { name = "apple", count = 5 }
        shopfloor.process(function()
          for _ = 1, 3 do shopfloor.wait(10); stock:add("apple", 1); print("t", shopfloor.now(), stock:count("apple")) end
        end)
        """

    /// In text, the script's lines are the whole output (no counter, no summary table: as before).
    @Test func test_aProcessAndAStock_run() throws {
        let r = try TimeScenario.run(Self.stockAndProcess)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "t\t10.0\t6\nt\t20.0\t7\nt\t30.0\t8\n", "\(r.stdout)")
    }

    /// The JSON document: the run's end, the stock's figures (5 for 10 s, 6 for 10 s, 7 for 10 s, ending at 8).
    @Test func test_theJSONSummary_endsAtTheLastEvent() throws {
        let json = try TimeScenario.json(Self.stockAndProcess)
        #expect(json["end_time"] as? Double == 30)
        let apple = try #require((json["stock"] as? [String: Any])?["apple"] as? [String: Any])
        #expect(apple["final"] as? Int == 8 && apple["mean"] as? Double == 6)
    }

    @Test func test_aTimerAlone_fires_andTheEndHookHearsIt() throws {
        let r = try TimeScenario.run("""
            shopfloor.at(5, function() print("at", shopfloor.now()) end)
            shopfloor.on("end", function() print("end", shopfloor.now()) end)
            """)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "at\t5.0\nend\t5.0\n", "\(r.stdout)")
    }

    @Test func test_untilStopsABackgroundProcess() throws {
        let r = try TimeScenario.run("""
            shopfloor.process(function() while true do shopfloor.wait(4); print(shopfloor.now()) end end, { background = true })
            """, ["--until", "10"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "4.0\n8.0\n", "\(r.stdout)")
    }

    /// What has nothing scheduled prints only its own lines, as before.
    @Test func test_nothingScheduled_printsOnlyTheScriptsLines() throws {
        let r = try TimeScenario.run("print('hello')")
        #expect(r.status == 0 && r.stdout == "hello\n", "\(r.stdout)\(r.stderr)")
    }
}
