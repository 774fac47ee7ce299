import Foundation
import Testing

/// `math.random` rolls back with the world (WorldSnapshot.swift): after a failed chunk, a refused reload or a
/// successful one, the next draws are those of the same session without that command, so the same seed and
/// the same successful commands give the same results. Through a pipe, as a script would drive the REPL.
@Suite("math.random rolls back with the world")
struct MathRandomRollbackTests {
    /// A counter whose load draws from `math.random`, as hello.lua's does.
    static let scenario = """
        bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = 1 }
        bank:tellers { skill = "deposit" }
        opening = math.random(1 << 40)

        """

    func session(_ input: String, in folder: TemporaryFolder, seed: Int = 4) throws -> Shell.Result {
        try Shell.run(["repl", "bank.lua", "--allow-io", "--seed", String(seed)], stdin: input,
                      in: URL(fileURLWithPath: folder.path))
    }

    /// The REPL lines that append `text` to bank.lua (they draw nothing themselves).
    func append(_ text: String) -> String {
        """
        f = io.open("bank.lua", "a"); f:write("\(text)\\n"); f:close()

        """
    }

    func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        folder.write("bank.lua", Self.scenario)
        return folder
    }

    @Test func test_afterAFailedChunk_theNextDrawIsTheOneItTook() throws {
        let r = try session("x = math.random(1 << 40); y = math.random(); error('no')\nmath.random(1 << 40) == x, math.random() == y\n",
                            in: folder())
        #expect(r.stdout == "true\ttrue\n", "\(r.stdout)")
        #expect(r.stderr.hasPrefix("stdin:1: no"), "\(r.stderr)")
        #expect(r.status == 1)
    }

    /// A failed `math.randomseed(n)` is undone too: it moves the same generator.
    @Test func test_afterAFailedChunkThatReseeds_theDrawsGoOnAsBefore() throws {
        let draws = "math.random(1 << 40)\nmath.random(1 << 40)\n"
        let plain = try session(draws, in: folder())
        let reseeded = try session("math.randomseed(77); error('no')\n" + draws, in: folder())
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(reseeded.stdout == plain.stdout)
        #expect(reseeded.stdout.split(separator: "\n").count == 2)
    }

    /// A reload refused while applying (validation in a fresh world passes; the living counter cannot take a
    /// new task) has run the scripts again, drawing `opening`: the draws must not have moved on.
    @Test func test_afterARefusedReload_theDrawsAreThoseOfTheSessionWithoutIt() throws {
        let draws = "math.random(1 << 40)\nmath.random(1 << 40)\n"
        let plain = try session(draws, in: folder())
        let refused = try session(append("bank:task { name = 'loan', service = 2 }") + ":reload\n" + draws, in: folder())
        #expect(refused.stderr.contains("reload cannot add task 'loan'"), "\(refused.stderr)")
        #expect(refused.stdout == plain.stdout, "\(refused.stdout)")
    }

    /// A successful reload keeps what the edited scripts install, but not their draws (as for named streams):
    /// a session with a reload draws what the same session without it draws, whatever the edit draws.
    @Test func test_afterASuccessfulReload_theDrawsAreThoseOfTheSessionWithoutIt() throws {
        let draws = "math.random(1 << 40)\nmath.random(1 << 40)\n"
        let plain = try session(draws, in: folder())
        let edit = append("for i = 1, 5 do math.random() end; math.randomseed(99); edited = true")
        let reloaded = try session(edit + ":reload\nedited\n" + draws, in: folder())
        #expect(reloaded.status == 0, "\(reloaded.stderr)")
        #expect(reloaded.stdout == "reloaded bank.lua: clock 0.000, lines and stock kept\ntrue\n" + plain.stdout,
                "\(reloaded.stdout)")
    }

    /// juice.lua's generator draws every arrival from `math.random`: a failed chunk that drew from it must
    /// leave the day byte for byte as it is without that chunk.
    @Test func test_juice_afterAFailedChunkThatDrew_theDayRunsAsIfItNeverHappened() throws {
        let after = ":run 3000\n:stats\n"
        let plain = try Shell.run(["repl", "scripts/juice.lua", "--seed", "3"], stdin: after)
        let rolledBack = try Shell.run(["repl", "scripts/juice.lua", "--seed", "3"],
                                       stdin: "for i = 1, 1000 do math.random() end; error('no')\n" + after)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(rolledBack.status == 1)
        #expect(rolledBack.stdout == plain.stdout)
    }
}
