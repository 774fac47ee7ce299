import Foundation
import Testing

/// The sandbox's hint on a left-out global reaches an error raised inside a process (a coroutine, whose
/// error the host reads itself, not through a protected call's handler), and only when the sandbox did
/// leave the global out: under `--allow-io`, `io = nil` is the script's own doing.
@Suite("The sandbox's hint inside a process")
struct SandboxHintProcessTests {
    static let scenario = """
        shopfloor.process(function() shopfloor.wait(1); io.open("data.txt") end)
        """

    @Test func test_aProcessUsingIO_withoutAllowIO_getsTheHint() throws {
        let r = try TimeScenario.run(Self.scenario)
        #expect(r.status == 1)
        #expect(r.stderr.contains("attempt to index a nil value (global 'io') (io is left out of the sandbox: --allow-io grants it)"), "\(r.stderr)")
    }

    @Test func test_aProcessUsingIOItRemoved_underAllowIO_getsNoHint() throws {
        let r = try TimeScenario.run("io = nil\n" + Self.scenario, ["--allow-io"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("attempt to index a nil value (global 'io')"), "\(r.stderr)")
        #expect(!r.stderr.contains("left out of the sandbox"), "\(r.stderr)")
    }
}
