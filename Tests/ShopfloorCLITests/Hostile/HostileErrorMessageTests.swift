import Foundation
import Testing

/// Error messages quote what the user wrote — a script's `error(…)` text, a `--set` name, a file name,
/// an option's value — and quoting must not hand a terminal an escape sequence to obey (clear the
/// screen, retitle the window, hide the rest of the line). Every `error:` line, and ArgumentParser's
/// usage errors, show control characters as `\u{1B}`; line feeds and tabs of a traceback stay.
struct HostileErrorMessageTests {
    static let clear = "\u{1B}[2J"
    static let retitle = "\u{1B}]0;owned\u{7}"

    func expectVisible(_ result: Shell.Result, status: Int32, showing fragment: String,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, sourceLocation: sourceLocation)
        #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" },
                "a raw control character reached stderr: \(result.stderr.debugDescription)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(fragment), "stderr: \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func aScriptErrorsTextIsShownNotObeyed() throws {
        let folder = try TemporaryFolder()
        let script = folder.path + "/loud.lua"
        try "error(\"bad \\27[2J\\27]0;owned\\7 thing\")\n".write(toFile: script, atomically: true, encoding: .utf8)
        let result = try Shell.run(["run", script])
        expectVisible(result, status: 1, showing: "loud.lua:1: bad \\u{1B}[2J\\u{1B}]0;owned\\u{7} thing")
        #expect(result.stderr.contains("stack traceback:\n\t"), "the traceback keeps its line feeds and tabs")
        #expect(result.stdout.isEmpty)
    }

    @Test func aSetNameIsShownNotObeyed() throws {
        let result = try Shell.run(["run", "scripts/bank.lua", "--set", "x\(Self.clear)=1"])
        expectVisible(result, status: 1, showing: "no parameter 'x\\u{1B}[2J'")
    }

    @Test func aFileNameIsShownNotObeyed() throws {
        let result = try Shell.run(["run", "a\(Self.retitle).lua"])
        expectVisible(result, status: 1, showing: "a\\u{1B}]0;owned\\u{7}.lua")
    }

    @Test func anOptionValueIsShownNotObeyed() throws {
        let result = try Shell.run(["run", "scripts/bank.lua", "--seed", Self.clear])
        expectVisible(result, status: 64, showing: "'\\u{1B}[2J' is invalid for '--seed")
    }
}
