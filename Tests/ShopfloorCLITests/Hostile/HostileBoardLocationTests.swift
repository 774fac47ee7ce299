import Foundation
import Testing

/// Attacks through the environment that places the board: a `HOME` naming no folder must be
/// reported, not created folders and all (as root, `HOME=/nonexistent` made `/nonexistent/.local/…`).
@Suite("Hostile board location")
struct HostileBoardLocationTests {
    func run(_ arguments: [String], home: String, data: String = "") throws -> Shell.Result {
        try Shell.run(["board"] + arguments, environment: [
            "HOME": home, "XDG_DATA_HOME": data, "SHOPFLOOR_BOARD_DB": "", "TZ": "UTC",
        ])
    }

    @Test func test_aMissingHome_isAnError_andNothingIsCreated() throws {
        let folder = try TemporaryFolder()
        let home = folder.path + "/nobody-lives-here"
        for arguments in [["list"], ["add", "Task"], ["status"]] {
            let r = try run(arguments, home: home)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stdout == "")
            #expect(r.stderr == "error: HOME \(home) does not exist: set HOME to your home folder, "
                + "or choose the board with --db PATH or SHOPFLOOR_BOARD_DB\n")
            #expect(!FileManager.default.fileExists(atPath: home))
        }
        // XDG_DATA_HOME outside an existing home is checked the same way.
        let data = folder.path + "/no-data/share"
        try FileManager.default.createDirectory(atPath: folder.path + "/home", withIntermediateDirectories: true)
        let r = try run(["list"], home: folder.path + "/home", data: data)
        #expect(r.status == 1)
        #expect(r.stderr == "error: XDG_DATA_HOME \(data) is in a folder that does not exist (\(folder.path)/no-data): "
            + "create it or unset XDG_DATA_HOME, or choose the board with --db PATH or SHOPFLOOR_BOARD_DB\n")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/no-data"))
    }

    /// A folder given as the database (`--db ~/boards`) read "could not read or write the board database at …
    /// (I/O error)"; now it says the path is a folder, from the option or the environment, and writes nothing.
    @Test func test_aFolderAsTheDatabase_isNamedAsOne() throws {
        let folder = try TemporaryFolder()
        let before = try FolderState(folder)
        for arguments in [["list"], ["add", "Task"]] {
            let r = try Shell.run(["board"] + arguments + ["--db", folder.path], environment: ["SHOPFLOOR_BOARD_DB": ""])
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stderr == "error: --db \(folder.path) is a folder: name the database file in it (e.g. \(folder.path)/board.sqlite)\n", "\(r.stderr)")
            let e = try Shell.run(["board"] + arguments, environment: ["SHOPFLOOR_BOARD_DB": folder.path])
            #expect(e.status == 1)
            #expect(e.stderr == "error: SHOPFLOOR_BOARD_DB \(folder.path) is a folder: name the database file in it (e.g. \(folder.path)/board.sqlite)\n", "\(e.stderr)")
        }
        #expect(try FolderState(folder) == before)
    }

    @Test func test_aMissingDataFolderUnderAnExistingHome_isCreated() throws {
        let folder = try TemporaryFolder()
        #expect(try run(["add", "First"], home: folder.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/.local/share/shopfloor/board.sqlite"))
        // So is a missing XDG_DATA_HOME inside it, or in a folder that exists.
        let data = folder.path + "/data/share"
        #expect(try run(["add", "Second"], home: folder.path, data: data).status == 0)
        #expect(FileManager.default.fileExists(atPath: data + "/shopfloor/board.sqlite"))
        let elsewhere = try TemporaryFolder()
        #expect(try run(["add", "Third"], home: folder.path, data: elsewhere.path + "/data").status == 0)
        #expect(FileManager.default.fileExists(atPath: elsewhere.path + "/data/shopfloor/board.sqlite"))
    }
}
