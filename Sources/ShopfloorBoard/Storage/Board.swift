import Foundation
import GRDB
// The SQLite C API, for the one file-control GRDB does not wrap (persistent WAL, below).
#if canImport(GRDBSQLite)
import GRDBSQLite
#elseif canImport(SQLite3)
import SQLite3
#endif

/// The project board: tasks in TODO, DOING and DONE, with every change recorded in history and
/// undoable, stored in SQLite.
///
/// Each operation is one write transaction that checks its input first, asks the board rule (if
/// any), changes the task and appends its history entry, so a failed operation writes nothing and
/// a killed process never leaves a half change. The database is the only state: undo and redo
/// work across processes, and several processes may use one file at once (SQLite serialises
/// writers; a busy database is waited for up to ``busyTimeout``).
///
/// ```swift
/// let board = try Board(path: "board.sqlite")
/// let task = try board.add(TaskFields(title: "Write report", due: DueDate("2026-12-01")))
/// try board.move(task.id, to: .doing)
/// try board.history(limit: 2).map(\.message)
/// // ["Added 'Write report'.", "Moved 'Write report' from TODO to DOING."]
/// try board.undo()                                    // back in TODO
/// ```
///
/// Not `Sendable`: it may hold a rule backed by a Lua state, which must not run concurrently.
/// Use one `Board` per thread of work; the database file handles concurrent processes.
public final class Board {
    /// How long an operation waits for another process's write to finish before failing.
    public static let busyTimeout: TimeInterval = 5

    /// The database file, or `:memory:`.
    public let path: String
    /// This database's replica id: stamps every change it makes, and breaks ties in sync.
    public let replicaID: String
    /// Asked before every add, edit, move and remove; `nil` allows everything.
    public var rule: (any BoardRule)?
    /// Whether the board was opened read-only (see `readOnlyFallback` in ``init(path:rule:readOnlyFallback:now:)``):
    /// reading works, every change fails with "is read-only; the change was not saved".
    public let isReadOnly: Bool

    let database: any DatabaseWriter
    let now: () -> Date

    /// Opens (creating if needed) the board stored at `path`, in WAL mode, and brings its schema
    /// up to date.
    ///
    /// - Parameters:
    ///   - readOnlyFallback: for reading commands: when the database cannot be opened for writing
    ///     (a file or folder this user may only read), open it read-only instead of failing.
    ///     Opening for writing can fail even to read: it may need to write to start the WAL.
    ///   - now: the clock for history times and versions; tests inject a fixed one.
    /// - Throws: ``BoardError/database(_:)`` if the file cannot be opened or is not a board
    ///   database; ``BoardError/newerSchema(path:)`` if a newer Shopfloor wrote it.
    public convenience init(path: String, rule: (any BoardRule)? = nil, readOnlyFallback: Bool = false,
                            now: @escaping () -> Date = Date.init) throws {
        var database: any DatabaseWriter
        var readOnly = false
        do {
            try Self.enterWALMode(path: path)
            database = try DatabasePool(path: path, configuration: Board.configuration())
            // Asked of the writer connection: readers are always opened read-only.
            if readOnlyFallback, try database.writeWithoutTransaction({ db in try Self.isReadOnly(db) }) {
                readOnly = true
            }
        } catch let error as DatabaseError where readOnlyFallback
            && [.SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM].contains(error.resultCode) {
            database = try Self.openReadOnly(path: path)
            readOnly = true
        } catch {
            throw BoardError.wrapping(error, path: path)
        }
        try self.init(database: database, path: path, rule: rule, now: now, readOnly: readOnly)
    }

    /// The board at `path` opened read-only. A WAL database needs its `-shm` file even to be read;
    /// in a folder this user may not write, with no `-wal` file left (so nobody is writing it),
    /// it is opened as immutable instead, which needs neither.
    private static func openReadOnly(path: String) throws -> any DatabaseWriter {
        var configuration = Board.configuration()
        configuration.readonly = true
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            guard !FileManager.default.fileExists(atPath: path + "-wal") else { throw BoardError.wrapping(error, path: path) }
            var escaped = ""
            for character in path {
                switch character {
                case "%": escaped += "%25"
                case "?": escaped += "%3F"
                case "#": escaped += "%23"
                default: escaped.append(character)
                }
            }
            do {
                return try DatabaseQueue(path: "file:\(escaped)?immutable=1", configuration: configuration)
            } catch let second {
                _ = second
                throw BoardError.wrapping(error, path: path)
            }
        }
    }

    /// Whether SQLite opened the main database read-only (it does so silently when the file may
    /// not be written).
    private static func isReadOnly(_ db: Database) throws -> Bool {
        sqlite3_db_readonly(db.sqliteConnection, "main") == 1
    }

    /// A board in memory, gone when the value is released: for tests and throwaway scenarios.
    public static func inMemory(rule: (any BoardRule)? = nil, now: @escaping () -> Date = Date.init) throws -> Board {
        let database: DatabaseQueue
        do {
            database = try DatabaseQueue(configuration: configuration())
        } catch {
            throw BoardError.wrapping(error, path: ":memory:")
        }
        return try Board(database: database, path: ":memory:", rule: rule, now: now, readOnly: false)
    }

    private init(database: any DatabaseWriter, path: String, rule: (any BoardRule)?, now: @escaping () -> Date,
                 readOnly: Bool) throws {
        self.database = database
        self.path = path
        self.rule = rule
        self.now = now
        isReadOnly = readOnly
        do {
            replicaID = try BoardSchema.migrate(database, path: path, readOnly: readOnly)
        } catch {
            throw BoardError.wrapping(error, path: path)
        }
        if replicaID.isEmpty { throw BoardError.database("the board database at \(path) has no replica id") }
    }

    static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.label = "ShopfloorBoard"
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        // Durability: GRDB runs WAL with `synchronous = NORMAL`. A commit is in the WAL before
        // the call returns, so a killed process (`kill -9`) loses nothing acknowledged; only a
        // power cut or OS crash may drop the last changes (never corrupting the file). FULL would
        // add an fsync per change against `board add`'s 15 ms budget.
        configuration.prepareDatabase { db in
            // Read pages through a memory map instead of one `pread` copy per page: listing a
            // 10,000-task board spent a sixth of its time in `pread` (measured with `perf`).
            try db.execute(sql: "PRAGMA mmap_size = 134217728")
            // Keep the WAL file when the last connection closes (GRDB's documented recipe for
            // databases shared between processes). Otherwise every short command deletes it on
            // exit, and the next one recreates it with a dummy schema write, two fsyncs and a
            // checkpoint: ~10 ms of a `board list` whose budget is 50 ms (measured with strace).
            var persist: CInt = 1
            let code = withUnsafeMutablePointer(to: &persist) {
                sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, $0)
            }
            if code != SQLITE_OK, code != SQLITE_NOTFOUND {   // NOTFOUND: in memory, no file
                throw DatabaseError(resultCode: ResultCode(rawValue: code))
            }
        }
        return configuration
    }

    /// Runs `work` in one write transaction, turning database failures into ``BoardError``.
    func write<T>(_ work: (Database) throws -> T) throws -> T {
        do {
            return try database.write(work)
        } catch {
            throw BoardError.wrapping(error, path: path)
        }
    }

    /// Runs `work` against a consistent snapshot, turning database failures into ``BoardError``.
    func read<T>(_ work: (Database) throws -> T) throws -> T {
        do {
            return try database.read(work)
        } catch {
            throw BoardError.wrapping(error, path: path)
        }
    }
}
