import Foundation
import Testing

/// The live view: refused off a terminal here; drawn in a real terminal (tmux) by
/// `Tests/Terminal/live_terminal.py`, which this suite runs.
@Suite("The live view")
struct LiveViewTests {
    @Test func test_live_isRefusedOffATerminal_withUsageExit() throws {
        let r = try Shell.run(["run", "scripts/bank.lua", "--live"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--live needs a terminal"))
        #expect(r.stdout == "")
        let dumb = try Shell.run(["run", "scripts/bank.lua", "--live"], environment: ["TERM": "dumb"])
        #expect(dumb.status == 64)
        let watchAlone = try Shell.run(["run", "scripts/bank.lua", "--watch"])
        #expect(watchAlone.status == 64)
    }

    @Test func test_postOffice_runsWithoutTheView() throws {
        let r = try Shell.run(["run", "scripts/post_office.lua", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((object["end_time"] as? NSNumber)?.doubleValue == 28_800.0)
        let classes = try #require(object["classes"] as? [String: [String: Any]])
        #expect(Set(classes.keys) == ["letters", "parcels", "pension"])
    }

    @Test(.timeLimit(.minutes(5)))
    func test_terminal_bankPostOfficeAndJuiceScreens_keysWatchAndRestore() throws {
        let r = try Shell.runTerminalDriver("live_terminal.py")
        let text = r.stdout + r.stderr
        #expect(r.status == 0, "\(text)")
        #expect(text.contains(" passed, 0 failed"), "\(text)")
    }

    /// The juice screen's bookkeeping starts with the first frame: a run without --live prints
    /// exactly what it printed before the screen existed (this text is from before it, with the class
    /// table's `failed` column added since).
    @Test func test_juiceWithoutLive_printsWhatItDidBeforeTheScreen() throws {
        let r = try Shell.run(["run", "scripts/juice.lua", "--seed", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == Self.juiceSeed1)
    }

    static let juiceSeed1 = """

        class                    served  mean wait  p95 wait  max wait  balked  reneged  failed
        strawberry juice            134     1.96 s    9.64 s   16.56 s       0        0       0
        banana juice                149     2.45 s   11.27 s   16.70 s       0        0       0
        kiwi juice                  142     2.41 s   13.39 s   15.80 s       0        0       0
        pineapple juice             118     2.31 s   12.02 s   16.08 s       0        0       0
        strawberry-banana juice     143     2.96 s   13.82 s   16.47 s       0        0       0
        mango juice                 165     2.20 s    9.85 s   15.80 s       0        0       0
        mango-kiwi juice            147     2.08 s    7.64 s   14.59 s       0        0       0

        pool                    tellers  utilisation
        makers                        2       74.9 %

        998 served in 1009.08 s of simulated time, 9 still inside

        fruit                     final   min     mean   lost  delivered
        strawberry                  276     0    170.1      0       3676
        banana                      360    89    237.7      0        602
        pineapple                   266    90    241.3      0        302
        kiwi                        230    80    237.2      0        603
        mango                       316    79    235.1      0        905

        juice                       made  failed
        strawberry juice             135       0
        banana juice                 149       0
        kiwi juice                   142       0
        pineapple juice              118       0
        strawberry-banana juice      144       0
        mango juice                  165       0
        mango-kiwi juice             147       0

        1000 made, 0 failed: fill rate 100.0 %

        """
}
