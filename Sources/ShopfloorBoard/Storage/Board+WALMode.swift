import Foundation
import GRDB

extension Board {
    /// Puts the database at `path` in WAL mode once, waiting for any process that is doing the same, so
    /// that GRDB's pool (which asks for WAL mode as it opens) finds it done.
    ///
    /// Why: the switch of a new (rollback-journal) file to WAL needs the write lock, and
    /// `PRAGMA journal_mode = WAL` does not wait for it: while another process holds it — the first
    /// `board add` on a new board, converting the file — SQLite answers `SQLITE_BUSY` at once, without
    /// calling the busy handler (the statement already reads, and waiting while reading could deadlock).
    /// Several `board add` on a fresh board then failed with "busy" in milliseconds, not after the
    /// 5 s timeout. Here a busy answer is followed by `BEGIN IMMEDIATE`, which does wait (the busy
    /// handler, up to ``busyTimeout``) until that process is done, and the switch is tried again: by
    /// then the file is usually in WAL mode already, and asking again changes nothing.
    ///
    /// A file already in WAL mode (every use after the first) is recognised from its header without
    /// opening SQLite: bytes 18 and 19 (the read and write format versions) are 2.
    static func enterWALMode(path: String) throws {
        guard path != ":memory:", !isInWALMode(path: path) else { return }
        let queue = try DatabaseQueue(path: path, configuration: configuration())
        try queue.writeWithoutTransaction { db in
            // Another application's database keeps its journal mode: it is refused before the switch.
            try BoardSchema.refuseForeign(db, path: path)
            // Each failed attempt waited for a process that held the write lock; bounded all the same,
            // in case a reader keeps the file from ever being switched (its own error is thrown then).
            var attempts = 0
            while true {
                do {
                    _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                    return
                } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && attempts < 16 {
                    attempts += 1
                    try db.inTransaction(.immediate) { .rollback }
                }
            }
        }
    }

    /// Whether the file at `path` is an SQLite database in WAL mode, from its header; false for a
    /// missing, empty or unreadable file (which the caller then opens the slow way).
    static func isInWALMode(path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        return header[18] == 2 && header[19] == 2
    }
}
