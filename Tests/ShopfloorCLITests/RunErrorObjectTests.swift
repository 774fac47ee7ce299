import Foundation
import Testing

/// What `run` and `eval` print for an error whose value is not a string, as lua.c does for `lua script.lua` and
/// `lua -e`: an object whose `__tostring` gives a string is that text alone (it says what it wants said);
/// a table without one, nil and a number get lua.c's text and a traceback, as a string does. Changed: the
/// `__tostring` text was followed by a traceback, unlike the REPL and lua.c.
@Suite("run and eval show error objects as lua.c does")
struct RunErrorObjectTests {
    static let cases: [(code: String, first: String, traceback: Bool)] = [
        ("error(setmetatable({}, { __tostring = function() return 'custom: 3 widgets short' end }))", "custom: 3 widgets short", false),
        ("error({})", "(error object is a table value)", true),
        ("error(nil)", "(error object is a nil value)", true),
        ("error(42)", "42", true),
    ]

    @Test func test_run_showsErrorObjectsAsLuaDoes() throws {
        let folder = try TemporaryFolder()
        for c in Self.cases {
            folder.write("s.lua", c.code + "\n")
            let r = try Shell.run(["run", "s.lua"], in: folder.url)
            #expect(r.status == 1)
            #expect(r.stdout == "")
            #expect(r.stderr.hasPrefix("error: \(c.first)\n"), "\(c.code): \(r.stderr)")
            #expect(r.stderr.contains("stack traceback:") == c.traceback, "\(c.code): \(r.stderr)")
        }
    }

    @Test func test_eval_showsErrorObjectsAsLuaDoes() throws {
        for c in Self.cases {
            let r = try Shell.run(["eval", c.code])
            #expect(r.status == 1)
            #expect(r.stderr.hasPrefix("error: \(c.first)\n"), "\(c.code): \(r.stderr)")
            #expect(r.stderr.contains("stack traceback:") == c.traceback, "\(c.code): \(r.stderr)")
        }
    }
}
