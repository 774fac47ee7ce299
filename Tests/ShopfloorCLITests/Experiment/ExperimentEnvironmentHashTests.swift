import Foundation
@testable import LuaKit
@testable import ShopfloorScripting
import Testing

/// With `--allow-io` a scenario can read its process's environment (`os.getenv`). The experiment hash covers
/// the variables it reads while it loads, by value: shards run where a variable differs are different
/// experiments (`merge` and `--resume` refuse to mix them), and a cell that reads a variable the hash does not
/// cover, or runs where one has another value, fails naming it. (Before, the hash did not see the environment:
/// two shards run with RATE=1 and RATE=2 merged into one result.)
@Suite("experiment hash: environment variables")
struct ExperimentEnvironmentHashTests {
    /// Service time from `SHOPFLOOR_TEST_SERVICE` (1 s when unset); with `late`, reads `SHOPFLOOR_TEST_LATE`
    /// only when the run ends.
    static let scenario = """
        local p = shopfloor.params { late = { default = false } }
        local seconds = tonumber(os.getenv("SHOPFLOOR_TEST_SERVICE") or "1")
        local bank = shopfloor.counter "bank"
        bank:task { name = "deposit", service = shopfloor.fixed(seconds) }
        bank:tellers { skill = "deposit", count = 1 }
        for _ = 1, 5 do bank:arrive "deposit" end
        shopfloor.on("end", function()
          if p.late then os.getenv("SHOPFLOOR_TEST_LATE") end
        end)
        """

    static func study(in folder: TemporaryFolder, _ params: String = "") -> URL {
        folder.write("study/s.lua", scenario)
        folder.write("study/e.lua", """
            return shopfloor.experiment {
              scenario = "s.lua",
              params = { \(params) },
              replications = 2,
              measure = "classes.deposit.mean_wait",
            }
            """)
        return URL(fileURLWithPath: folder.path("study"))
    }

    static func hash(in study: URL, _ environment: [String: String]) throws -> String {
        let r = try Shell.run(["experiment", "e.lua", "--allow-io", "--plan", "--format", "json"], in: study, environment: environment)
        #expect(r.status == 0, "\(r.stderr)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        return try #require(plan["experiment"] as? String)
    }

    @Test func test_hash_followsTheValueOfAVariableTheScenarioReads() throws {
        let folder = try TemporaryFolder()
        let study = Self.study(in: folder)
        let one = try Self.hash(in: study, ["SHOPFLOOR_TEST_SERVICE": "1"])
        #expect(try Self.hash(in: study, ["SHOPFLOOR_TEST_SERVICE": "1"]) == one)
        #expect(try Self.hash(in: study, ["SHOPFLOOR_TEST_SERVICE": "3"]) != one)
        // Unset is a value of its own: the scenario's default, which may differ from "1" in meaning.
        #expect(try Self.hash(in: study, [:]) != one)
        // A variable the scenario does not read is not part of it.
        #expect(try Self.hash(in: study, ["SHOPFLOOR_TEST_SERVICE": "1", "SHOPFLOOR_TEST_OTHER": "x"]) == one)
    }

    /// The silent mix this closes: two shards of "one experiment" run under two values merged into one mean.
    @Test func test_merge_refusesShardsRunUnderDifferentValues() throws {
        let folder = try TemporaryFolder()
        let study = Self.study(in: folder)
        let a = folder.path("a.jsonl"), b = folder.path("b.jsonl")
        let first = try Shell.run(["experiment", "e.lua", "--allow-io", "--shard", "0/2", "--out", a], in: study,
                                  environment: ["SHOPFLOOR_TEST_SERVICE": "1"])
        #expect(first.status == 0, "\(first.stderr)")
        let second = try Shell.run(["experiment", "e.lua", "--allow-io", "--shard", "1/2", "--out", b], in: study,
                                   environment: ["SHOPFLOOR_TEST_SERVICE": "3"])
        #expect(second.status == 0, "\(second.stderr)")
        let r = try Shell.run(["merge", a, b])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: \(a) and \(b) are shards of different experiments ("), "\(r.stderr)")
        // Under one value they merge, and the figure is that value's (4 waiting customers: mean wait 2 s).
        let again = try Shell.run(["experiment", "e.lua", "--allow-io", "--shard", "1/2", "--out", b], in: study,
                                  environment: ["SHOPFLOOR_TEST_SERVICE": "1"])
        #expect(again.status == 0, "\(again.stderr)")
        let merged = try Shell.run(["merge", a, b, "--format", "json"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let result = try JSONSerialization.jsonObject(with: Data(merged.stdout.utf8)) as? [String: Any]
        let group = try #require((result?["groups"] as? [[String: Any]])?.first)
        let wait = try #require((group["measures"] as? [String: Any])?["classes.deposit.mean_wait"] as? [String: Any])
        #expect(wait["mean"] as? Double == 2)
        #expect(wait["n"] as? Int == 2)
    }

    @Test func test_aCellReadingAVariableTheHashDoesNotCover_fails_namingIt() throws {
        let folder = try TemporaryFolder()
        let study = Self.study(in: folder, "late = { true }")
        let r = try Shell.run(["experiment", "e.lua", "--allow-io", "--jobs", "1"], in: study,
                              environment: ["SHOPFLOOR_TEST_LATE": "x"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("s.lua:8: os.getenv: this cell read the environment variable 'SHOPFLOOR_TEST_LATE', which the "
            + "experiment hash does not cover (loading the scenario did not read it): read it while the scenario loads, so the hash covers it"),
            "\(r.stderr)")
    }

    /// A cell run where a covered variable has another value than when the hash was taken (a worker on another
    /// node, another shell) fails, naming it; the value itself is never printed (it may be a password).
    @Test(arguments: [
        ("elsewhere", "secret-1", "its value differs"),
        (nil, "secret-1", "it is unset here"),
        ("elsewhere", nil, "it was unset then"),
    ] as [(String?, String?, String)])
    func test_aCellWhereACoveredVariableDiffers_fails(now: String?, then: String?, why: String) throws {
        let name = "SHOPFLOOR_TEST_ENV_\(UUID().uuidString.prefix(8))"
        if let now { setenv(name, now, 1) } else { unsetenv(name) }
        defer { unsetenv(name) }
        var hashed: EnvironmentValue
        if let then {
            setenv(name, then, 1)
            hashed = EnvironmentValue.current(name)
            if let now { setenv(name, now, 1) } else { unsetenv(name) }
        } else {
            hashed = EnvironmentValue(name: name, digest: nil)
        }
        #expect(hashed.digest != EnvironmentValue.current(name).digest)
        let check = ExperimentDataFiles.checking([], environment: [hashed])
        do {
            try check(.environment(name))
            Issue.record("no refusal")
        } catch {
            let message = String(describing: error)
            #expect(message.contains("os.getenv: the environment variable '\(name)' is not what it was when the experiment started (\(why))"), "\(message)")
            #expect(!message.contains("secret") && !message.contains("elsewhere"))
        }
        #expect(throws: Never.self) { try ExperimentDataFiles.checking([], environment: [EnvironmentValue.current(name)])(.environment(name)) }
    }

    /// `os.getenv` is told to the host with its name; without `--allow-io` it does not exist in the sandbox.
    @Test func test_getenvIsTold_andAbsentWithoutAllowIO() throws {
        let lua = try LuaState(options: .init(allowIO: true))
        var told: [ScriptInput] = []
        lua.inputCheck = { told.append($0) }
        _ = try lua.evaluate("return os.getenv('HOME'), os.getenv('SHOPFLOOR_NO_SUCH_VARIABLE')", chunkName: "=t")
        #expect(told == [.environment("HOME"), .environment("SHOPFLOOR_NO_SUCH_VARIABLE")])
        let sandboxed = try LuaState(options: .init())
        #expect(try sandboxed.evaluate("return os.getenv", chunkName: "=t") == [.nil])
    }
}
