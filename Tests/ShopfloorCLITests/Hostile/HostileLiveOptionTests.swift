import Foundation
import ShopfloorTestSupport
import Testing

/// Options the live view ignored were accepted and the command exited 0: `run --live --report r.html` never
/// wrote the report (the live path does not record the run), `--live --warmup T` printed figures from time 0,
/// and `--speed X` without `--live` did nothing. Each is refused now (exit 64) before the terminal is looked at,
/// with a message naming the option; nothing is written.
@Suite("Hostile: options the live view would ignore")
struct HostileLiveOptionTests {
    static let bank = Shell.repository.path + "/scripts/bank.lua"

    @Test(arguments: [
        (["--live", "--report", "r.html"], "--live cannot be combined with --report (the view's run is not recorded): run without --live to write a report"),
        (["--live", "--report", "r.json"], "--live cannot be combined with --report (the view's run is not recorded): run without --live to write a report"),
        (["--live", "--warmup", "2"], "--live cannot be combined with --warmup (the view shows the figures from time 0): run without --live for a warm-up"),
        (["--speed", "5"], "--speed works with --live"),
        (["--speed", "1"], "--speed works with --live"),
    ])
    func refused(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let before = try FolderState(folder)
        let r = try Shell.run(["run", Self.bank] + arguments, in: folder.url)
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("Error: " + message + "\n"), "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(try FolderState(folder) == before)
    }
}
