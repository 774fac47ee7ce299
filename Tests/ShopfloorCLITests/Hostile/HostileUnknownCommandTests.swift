import Foundation
import ShopfloorTestSupport
import Testing

/// A misspelt command read as "2 unexpected arguments: 'rnu', 'x.lua'", with no hint of what was meant.
/// Now it is an unknown command (exit 64, nothing run), listing the commands at that level and the nearest one,
/// as every other unknown name in the tool is reported; other unexpected arguments keep ArgumentParser's text.
@Suite("Hostile: misspelt commands")
struct HostileUnknownCommandTests {
    static let top = "shopfloor commands: run, repl, check, plugins, eval, board, experiment, merge"
    static let board = "shopfloor board commands: add, list, show, edit, move, rm, history, undo, redo, sync, status"

    @Test(arguments: [
        (["rnu", "x.lua"], "Error: unknown command 'rnu' (\(top); did you mean 'run'?)"),
        (["experimnt", "e.lua", "--jobs", "1"], "Error: unknown command 'experimnt' (\(top); did you mean 'experiment'?)"),
        (["zzzz"], "Error: unknown command 'zzzz' (\(top))"),
        (["board", "lsit"], "Error: unknown command 'lsit' (\(board); did you mean 'list'?)"),
        (["board", "--db", "b.db", "lsit"], "Error: unknown command 'lsit' (\(board); did you mean 'list'?)"),
        (["run", "x.lua", "extra"], "Error: Unexpected argument 'extra'"),
        // `help` of a command that does not exist showed the nearest help and exited 0.
        (["help", "rnu"], "Error: unknown command 'rnu' (\(top); did you mean 'run'?)"),
        (["help", "board", "lsit"], "Error: unknown command 'lsit' (\(board); did you mean 'list'?)"),
        (["help", "run", "extra"], "Error: 'shopfloor run' has no subcommands ('extra' is not one): 'shopfloor help run' shows its help"),
        // `help` followed by an option was named an unknown command itself.
        (["help", "-x"], "Error: Unknown option '-x'"),
    ])
    func misspelt(arguments: [String], message: String) throws {
        let folder = try TemporaryFolder()
        let before = try FolderState(folder)
        let r = try Shell.run(arguments, in: folder.url, environment: ["SHOPFLOOR_BOARD_DB": folder.path("env.db")])
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.hasPrefix(message + "\nUsage: shopfloor"), "\(r.stderr)")
        #expect(r.stdout == "")
        #expect(try FolderState(folder) == before)
    }

    /// `help` of a command that exists is its help, on stdout, exit 0 (the refusal above is only for names that
    /// are no command).
    @Test func helpOfACommand_isItsHelp() throws {
        let r = try Shell.run(["help", "board", "list"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("USAGE: shopfloor board list"), "\(r.stdout)")
        #expect(r.stderr == "")
    }
}
