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
    func test_terminal_bankScreenKeysWatchAndRestore() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Shell.repository.path + "/Tests/Terminal/live_terminal.py",
                             Shell.executable.path, Shell.repository.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains(" passed, 0 failed"), "\(text)")
    }
}
