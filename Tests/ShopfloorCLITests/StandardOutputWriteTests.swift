import Foundation
import Testing

/// With `--allow-io`, `io.write` and `io.stdout:write` go where `print` goes, in order with it: through C's own
/// buffer they came out after everything shopfloor had written (`print "a"; io.write "b\n"; print "c"` gave a, c, b
/// into a pipe), and after a `--format json` document, which then no longer parsed.
@Suite("io.write goes where print goes")
struct StandardOutputWriteTests {
    static let scenario = """
        print("a")
        io.write("b", 1, " ", 2.5, " ", 2^53, "\\n")
        io.stdout:write("c\\n"):write("d")
        io.write("\\n")
        print("e")
        local c = shopfloor.counter "bank"
        c:task { name = "a", service = 1 }
        c:tellers { skill = "a" }
        c:arrive "a"
        """

    static func run(_ extra: [String], scenario: String = scenario) throws -> Shell.Result {
        let folder = try TemporaryFolder()
        folder.write("s.lua", scenario)
        return try Shell.run(["run", "s.lua", "--allow-io"] + extra, in: folder.url)
    }

    @Test func test_inOrderWithPrint_numbersAsIoWriteWritesThem() throws {
        let r = try Self.run([])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("a\nb1 2.5 9.007199254741e+15\nc\nd\ne\n"), "\(r.stdout)")
    }

    @Test func test_withJSON_theDocumentParses_andTheWritesGoToStderr() throws {
        let r = try Self.run(["--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(document?["served"] as? Int == 1, "\(r.stdout)")
        #expect(r.stderr == "a\nb1 2.5 9.007199254741e+15\nc\nd\ne\n")
    }

    /// Other files are written as before, and a bad value is refused as io.write refuses it, at the caller's line.
    @Test func test_otherFilesAsBefore_badValuesRefusedAtTheLine() throws {
        let folder = try TemporaryFolder()
        folder.write("s.lua", """
            local f = io.open("out.txt", "w")
            f:write("x", 1, "\\n"); f:close()
            io.output("out2.txt"); io.write("y\\n"); io.output():close(); io.output(io.stdout)
            print("printed")
            io.write({})
            """)
        let r = try Shell.run(["run", "s.lua", "--allow-io"], in: folder.url)
        #expect(r.status == 1)
        #expect(r.stdout == "printed\n")
        #expect(r.stderr.hasPrefix("error: s.lua:5: bad argument #1 to 'write' (string expected, got table)\n"), "\(r.stderr)")
        #expect(try String(contentsOfFile: folder.path("out.txt"), encoding: .utf8) == "x1\n")
        #expect(try String(contentsOfFile: folder.path("out2.txt"), encoding: .utf8) == "y\n")
    }
}
