import Foundation
import ShopfloorTestSupport
import Testing

/// `--plugins DIR` naming nothing was searched for nothing, silently: `shopfloor plugins --plugins typo` said
/// "no plugins installed" and exited 0, and `run` ran the scenario with the default plugins. Every command
/// that takes it now fails (exit 1) naming the path, before running anything; nothing is written.
@Suite("Hostile: --plugins naming no folder")
struct HostilePluginFolderTests {
    static let bank = Shell.repository.path + "/scripts/bank.lua"

    @Test(arguments: [["run", bank], ["check", bank], ["repl", bank], ["eval", "1"], ["plugins"]])
    func refused(command: [String]) throws {
        let folder = try TemporaryFolder()
        folder.write("file.lua", "return 1\n")
        let before = try FolderState(folder)
        for (path, reason) in [("plugns", "no such folder"), ("file.lua", "not a folder")] {
            let r = try Shell.run(command + ["--plugins", path], stdin: "", in: folder.url)
            #expect(r.status == 1, "\(command) \(path): \(r.stderr)")
            #expect(r.stderr == "error: --plugins \(path): \(reason)\n", "\(r.stderr)")
            #expect(r.stdout == "")
        }
        #expect(try FolderState(folder) == before)
    }

    /// The board's rule commands too, before the database is created.
    @Test func boardRefusesIt() throws {
        let folder = try TemporaryFolder()
        let before = try FolderState(folder)
        let r = try Shell.run(["board", "add", "Write the report", "--db", folder.path("b.db"), "--plugins", "plugns"],
                              in: folder.url, environment: ["SHOPFLOOR_BOARD_DB": folder.path("env.db")])
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr == "error: --plugins plugns: no such folder\n", "\(r.stderr)")
        #expect(try FolderState(folder) == before)
    }

    @Test func experimentRefusesIt() throws {
        let folder = try TemporaryFolder()
        folder.write("e.lua", ExperimentSupport.bank(replications: 1))
        let before = try FolderState(folder)
        let r = try Shell.run(["experiment", "e.lua", "--jobs", "1", "--plugins", "plugns"], in: folder.url)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr == "error: --plugins plugns: no such folder\n", "\(r.stderr)")
        #expect(try FolderState(folder) == before)
    }
}
