import Foundation
@testable import ShopfloorCLI
import ShopfloorScripting
import Testing

/// What quotes a script's text outside an `error:` line — a load-time warning naming the script's file, an
/// experiment's table of failed cells quoting each cell's `error(…)` text, the live view's status line showing a
/// broken edit — shows control characters as `\u{1B}` too, instead of handing the terminal an escape sequence to
/// obey. (HostileErrorMessageTests covers the `error:` lines.)
struct HostileQuotedTextTests {
    static let retitle = "\u{1B}]0;owned\u{7}"

    static func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" }
    }

    @Test func aWarningNamingTheScriptsFile_isShownNotObeyed() throws {
        let folder = try TemporaryFolder()
        let name = "a\(Self.retitle).lua"
        folder.write(name, "local d = shopfloor.normal(0.5, 1)\n")
        let r = try Shell.run(["run", name], in: folder.url)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!Self.hasRawControl(r.stderr), "a raw control character reached stderr: \(r.stderr.debugDescription)")
        #expect(r.stderr == "a\\u{1B}]0;owned\\u{7}.lua:1: warning: normal(0.5, 1) draws durations, and a negative draw "
                + "counts as 0: its mean as a duration is 0.6978, not 0.5\n")
    }

    @Test func aFailedCellsErrorText_isShownNotObeyed_inTheExperimentsTable() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", """
            local p = shopfloor.params { fault = { default = "none", choices = { "none", "error" } } }
            local bank = shopfloor.counter "bank"
            bank:task { name = "deposit", service = shopfloor.fixed(1) }
            bank:tellers { skill = "deposit", count = 1 }
            bank:arrive "deposit"
            if p.fault == "error" then error("bad \\27[2J\\27]0;owned\\7 cell") end
            """)
        folder.write("e.lua", """
            return shopfloor.experiment {
              scenario = "s.lua", params = { fault = { "none", "error" } }, replications = 1,
              measure = "classes.deposit.mean_wait",
            }
            """)
        let r = try Shell.run(["experiment", "e.lua", "--jobs", "1"], in: folder.url)
        #expect(r.status == 1, "\(r.stderr)")
        for (stream, text) in [("stdout", r.stdout), ("stderr", r.stderr)] {
            #expect(!Self.hasRawControl(text), "a raw control character reached \(stream): \(text.debugDescription)")
            #expect(text.contains("s.lua:6: bad") && text.contains("\\u{1B}[2J\\u{1B}]0;owned\\u{7} cell"), "\(stream): \(text)")
        }
    }

    @Test func aScriptErrorOnTheLiveViewsStatusLine_isShownNotObeyed() throws {
        let folder = try TemporaryFolder()
        let file = folder.write("s.lua", "error(\"bad \\27[2J\\27]0;owned\\7 edit\")\n")
        var status: String?
        do {
            _ = try Scenario.load(file, options: ScenarioOptions())
        } catch {
            status = LiveView.statusLine(for: error)
        }
        let line = try #require(status)
        #expect(!Self.hasRawControl(line) && !line.contains("\n") && !line.contains("\t"), "\(line.debugDescription)")
        #expect(line.contains("s.lua:1: bad \\u{1B}[2J\\u{1B}]0;owned\\u{7} edit"), "\(line)")
    }
}
