import Foundation
import GRDB

/// The board's tables and their migrations, from version 1.
///
/// Version 1:
/// ```sql
/// board_meta(key TEXT PRIMARY KEY, value TEXT)       -- replica_id, hlc (last clock reading)
/// task(id INTEGER PRIMARY KEY AUTOINCREMENT,         -- never reused, so undo restores the same id
///      uuid TEXT UNIQUE, title, body, due TEXT NULL, -- due is 'YYYY-MM-DD', sorts as text
///      state TEXT CHECK IN ('todo','doing','done'),
///      created_at, updated_at INTEGER,               -- ms since 1970 UTC
///      deleted INTEGER,                              -- tombstone: removal must reach other replicas
///      hlc_wall, hlc_counter INTEGER, hlc_replica TEXT)
/// history(seq INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER, kind TEXT, task_id → task,
///         task_uuid, message, before TEXT NULL, after TEXT NULL,  -- TaskFields as JSON
///         undo_status TEXT NULL CHECK IN ('applied','undone','discarded'),  -- changes only
///         target_seq → history NULL)                 -- for undo/redo entries
/// ```
///
/// Version 2 (`v2-sync`): `task.synced` (0/1, indexed where 0) and the history kind `sync`.
///
/// Version 3 (`v3-pending`): `task.pushed_seq`, the history entry up to which the remote has the
/// task's changes, so `board status` counts the changes that wait, not the tasks.
///
/// Migrations run once, in one `BEGIN IMMEDIATE` transaction that first reads which ones are
/// applied (see ``migrate(_:path:)``): several processes creating a new board at once wait for
/// each other instead of running the same migration twice (`table board_meta already exists`,
/// `duplicate column name: synced`). Applied migrations are listed in GRDB's table
/// `grdb_migrations`, as they were when GRDB's migrator ran them.
///
/// Removed tasks stay as tombstones (`deleted = 1`) rather than being deleted: history points at
/// them, undo brings them back under the same id and uuid, and sync must tell other replicas.
enum BoardSchema {
    /// Every migration, oldest first.
    static let migrations: [(identifier: String, migrate: @Sendable (Database) throws -> Void)] = [
        ("v1", v1), ("v2-sync", v2), ("v3-pending", v3),
    ]

    private static func v1(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE board_meta (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            ) WITHOUT ROWID;

            CREATE TABLE task (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                uuid TEXT NOT NULL UNIQUE,
                title TEXT NOT NULL CHECK (title <> ''),
                body TEXT NOT NULL DEFAULT '',
                due TEXT CHECK (due IS NULL OR due GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
                state TEXT NOT NULL CHECK (state IN ('todo', 'doing', 'done')),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
                hlc_wall INTEGER NOT NULL,
                hlc_counter INTEGER NOT NULL,
                hlc_replica TEXT NOT NULL
            );
            -- The board's display order: `list` walks it instead of sorting, and per-column
            -- counts (rules, status) read it alone.
            CREATE INDEX task_board_order ON task(state, due IS NULL, due, id) WHERE deleted = 0;

            CREATE TABLE history (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                at INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('add', 'edit', 'move', 'remove', 'undo', 'redo')),
                task_id INTEGER NOT NULL REFERENCES task(id),
                task_uuid TEXT NOT NULL,
                message TEXT NOT NULL,
                before TEXT,
                after TEXT,
                undo_status TEXT CHECK (undo_status IN ('applied', 'undone', 'discarded')),
                target_seq INTEGER REFERENCES history(seq),
                CHECK ((kind IN ('undo', 'redo')) = (undo_status IS NULL)),
                CHECK ((kind IN ('undo', 'redo')) = (target_seq IS NOT NULL))
            );
            -- Undo and redo find the top of their stack through this small partial index.
            CREATE INDEX history_undo_stack ON history(undo_status, seq);
            CREATE INDEX history_by_task ON history(task_id, seq);
            """)
        let replica = UUID().uuidString.lowercased()
        try db.execute(
            sql: "INSERT INTO board_meta(key, value) VALUES ('replica_id', ?), ('hlc', ?)",
            arguments: [replica, HLCTimestamp.zero(replica: replica).description])
    }

    private static func v2(_ db: Database) throws {
        // Sync: `synced` marks a task whose current version the remote already has (local
        // writes clear it; the push sets it), and history gains the `sync` kind for changes
        // pulled from other replicas. SQLite cannot alter a CHECK constraint, so history is
        // rebuilt (the documented way: new table, copy, drop, rename).
        try db.execute(sql: """
            ALTER TABLE task ADD COLUMN synced INTEGER NOT NULL DEFAULT 0 CHECK (synced IN (0, 1));
            CREATE INDEX task_unsynced ON task(id) WHERE synced = 0;

            CREATE TABLE history_v2 (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                at INTEGER NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('add', 'edit', 'move', 'remove', 'undo', 'redo', 'sync')),
                task_id INTEGER NOT NULL REFERENCES task(id),
                task_uuid TEXT NOT NULL,
                message TEXT NOT NULL,
                before TEXT,
                after TEXT,
                undo_status TEXT CHECK (undo_status IN ('applied', 'undone', 'discarded')),
                target_seq INTEGER REFERENCES history_v2(seq),
                CHECK ((kind IN ('undo', 'redo', 'sync')) = (undo_status IS NULL)),
                CHECK ((kind IN ('undo', 'redo')) = (target_seq IS NOT NULL))
            );
            INSERT INTO history_v2 SELECT * FROM history;
            DROP TABLE history;
            ALTER TABLE history_v2 RENAME TO history;
            CREATE INDEX history_undo_stack ON history(undo_status, seq);
            CREATE INDEX history_by_task ON history(task_id, seq);
            """)
    }

    private static func v3(_ db: Database) throws {
        // A task the remote has is pushed up to its latest entry; an unsynced one is counted from
        // the start of its history (the database does not say which of its changes were pushed).
        try db.execute(sql: """
            ALTER TABLE task ADD COLUMN pushed_seq INTEGER NOT NULL DEFAULT 0;
            UPDATE task SET pushed_seq = COALESCE((SELECT MAX(seq) FROM history WHERE task_id = task.id), 0)
            WHERE synced = 1;
            """)
    }
}
