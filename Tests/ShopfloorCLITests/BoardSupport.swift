import Foundation
import ShopfloorBoard

/// A board database in a fresh temporary folder, driven through the `shopfloor` binary.
final class BoardFixture {
    let folder: TemporaryFolder
    let db: String

    init() throws {
        folder = try TemporaryFolder()
        db = folder.path + "/board.sqlite"
    }

    /// `shopfloor board ARGS… --db DB` (the database after the subcommand's arguments).
    @discardableResult
    func run(_ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
             inFolder: Bool = false) throws -> Shell.Result {
        var env = ["TZ": "UTC", "COLUMNS": "80"]
        for (k, v) in environment { env[k] = v }
        let directory = inFolder ? URL(fileURLWithPath: folder.path) : Shell.repository
        return try Shell.run(["board"] + arguments + ["--db", db], stdin: stdin, in: directory, environment: env)
    }

    /// `shopfloor board ARGS… --db DB > /dev/full`: standard output on a full disk (every write fails with
    /// ENOSPC; the device is only opened for writing, as the shell's `>` does). Stdout is then empty.
    func runOntoAFullDisk(_ arguments: [String], environment: [String: String] = [:]) throws -> Shell.Result {
        let words = [Shell.executable.path, "board"] + arguments + ["--db", db]
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        var env = ["TZ": "UTC", "COLUMNS": "80", "NO_COLOR": "1"]
        for (k, v) in environment { env[k] = v }
        return try Shell.capture(URL(fileURLWithPath: "/bin/sh"), ["-c", "exec \(quoted) >/dev/full"], environment: env)
    }

    /// Runs a command that must succeed and returns its stdout.
    @discardableResult
    func ok(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let result = try run(arguments, environment: environment)
        guard result.status == 0 else {
            throw FixtureError("board \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
        return result.stdout
    }

    /// The board as `list --format json` gives it, parsed: the columns (the `schema` number aside).
    func json() throws -> [String: [[String: Any]]] {
        let text = try ok(["list", "--format", "json"])
        var document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        guard document.removeValue(forKey: "schema") as? Int == 1 else { throw FixtureError("list --format json has no \"schema\":1: \(text)") }
        return document as! [String: [[String: Any]]]
    }

    /// The board opened directly (as the next process would), for integrity checks.
    func open() throws -> Board { try Board(path: db) }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Today's date in UTC, as the fixture's processes see it (`TZ=UTC`).
func todayUTC() -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return DueDate.today(calendar: calendar).description
}

/// Runs any program (not only `shopfloor`), capturing its output: `script` for a terminal, `sh`
/// for writer loops.
enum Program {
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Shell.Result {
        try Shell.capture(URL(fileURLWithPath: executable), arguments, environment: environment)
    }
}
