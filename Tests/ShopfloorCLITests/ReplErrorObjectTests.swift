import Foundation
import Testing

/// An error whose value is not a string, at the REPL, as lua.c's message handler shows it: an object whose
/// `__tostring` gives a string is shown as that string alone (it says what it wants said); a string gets a
/// traceback, and so does an object that cannot print itself (`(error object is a table value)`).
@Suite("The REPL's error objects")
struct ReplErrorObjectTests {
    @Test func test_anObjectWithToString_isItsTextAlone_asLuaShowsIt() throws {
        let r = try Shell.run(["repl"], stdin: """
            error(setmetatable({}, { __tostring = function() return "custom: 3 widgets short" end }))
            print("next")

            """)
        #expect(r.status == 1)
        #expect(r.stderr == "custom: 3 widgets short\n", "\(r.stderr)")
        #expect(r.stdout == "next\n")
    }

    @Test func test_aTableWithoutToString_andAString_keepTheTraceback() throws {
        let r = try Shell.run(["repl"], stdin: "error({})\nerror('plain')\n")
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("(error object is a table value)\nstack traceback:\n"), "\(r.stderr)")
        #expect(r.stderr.contains("\nstdin:1: plain\nstack traceback:\n"), "\(r.stderr)")
    }
}
