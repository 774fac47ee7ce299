#if PostgresSync
import Foundation
import Logging
import PostgresNIO

/// The remote half of sync: the shared PostgreSQL table every replica pushes to and pulls from.
///
/// ```sql
/// shopfloor_board_task(uuid text PRIMARY KEY, title, body text, due text NULL, state text,
///                      created_at, updated_at bigint, deleted boolean,
///                      hlc_wall, hlc_counter bigint, hlc_replica text COLLATE "C",
///                      seq bigint)              -- the server's change order, for pulling
/// ```
///
/// A push is one transaction: an advisory lock (so pushes are serialised and `seq` grows in commit
/// order, which makes "everything after my cursor" exact), then one `INSERT … SELECT FROM UNNEST(
/// arrays) ON CONFLICT (uuid) DO UPDATE … WHERE the incoming stamp is not smaller` — the fastest bulk
/// upsert measured here (STORAGE_NOTES.md: 60–110 ms for 10,000 rows). A pull reads the rows with
/// `seq` above the replica's cursor that other replicas wrote.
struct RemoteBoard {
    static let table = "shopfloor_board_task"
    /// Key of the advisory lock that serialises pushes and schema creation.
    static let lockKey: Int64 = 0x5348_4F50_464C_4F52   // "SHOPFLOR"

    let connection: PostgresConnection
    let logger: Logger

    static func connect(_ target: RemoteTarget, timeout: Duration) async throws -> RemoteBoard {
        var logger = Logger(label: "shopfloor.board.sync")
        logger.logLevel = .critical
        let tls: PostgresConnection.Configuration.TLS
        switch target.tls {
        case .disable, .allow:
            tls = .disable
        case .prefer, .require, .verifyCA, .verifyFull:
            var configuration = TLSConfiguration.makeClientConfiguration()
            if target.tls == .prefer || target.tls == .require { configuration.certificateVerification = .none }
            if target.tls == .verifyCA { configuration.certificateVerification = .noHostnameVerification }
            let context = try NIOSSLContext(configuration: configuration)
            tls = target.tls == .prefer ? .prefer(context) : .require(context)
        }
        var configuration = PostgresConnection.Configuration(
            host: target.host, port: target.port, username: target.user, password: target.password,
            database: target.database, tls: tls)
        configuration.options.connectTimeout = .milliseconds(Int64(timeout.components.seconds * 1000
            + timeout.components.attoseconds / 1_000_000_000_000_000))
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        return RemoteBoard(connection: connection, logger: logger)
    }

    /// Runs `sql`, failing at once when the connection is already closed (postgres-nio would
    /// otherwise wait forever for the reply to a query written to a closed channel).
    @discardableResult
    func query(_ sql: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence {
        guard !connection.isClosed else { throw ConnectionClosed() }
        return try await connection.query(sql, logger: logger)
    }

    func close() async {
        try? await connection.close()
    }

    /// Which table this replica talks to: the cluster's system identifier (new with every `initdb`)
    /// and the table's oid (new whenever it is created again), or nil when there is none yet.
    ///
    /// Why: a replica's cursor counts the changes of one table. A table dropped and created again,
    /// or a server rebuilt or restored from a backup at the same URL, starts its `seq` afresh; a
    /// replica that kept its cursor never pulled the rows below it, and never pushed again the tasks
    /// it had pushed to the old table, so they were missing on the server for good.
    func tableIdentity() async throws -> String? {
        let rows = try await query("""
            SELECT (SELECT system_identifier FROM pg_control_system())::text || ':'
                || (to_regclass('shopfloor_board_task')::oid)::text
            """, logger: logger)
        var identity: String?
        for try await value in rows.decode(String?.self) { identity = value }
        return identity
    }

    /// Creates the table when it is missing. Runs inside the push transaction, under the lock.
    private func ensureSchema() async throws {
        let rows = try await query("SELECT to_regclass('shopfloor_board_task') IS NOT NULL", logger: logger)
        for try await exists in rows.decode(Bool.self) where exists { return }
        try await query("""
            CREATE SEQUENCE IF NOT EXISTS shopfloor_board_seq;
            """, logger: logger)
        try await query("""
            CREATE TABLE IF NOT EXISTS shopfloor_board_task (
                uuid text PRIMARY KEY,
                title text NOT NULL,
                body text NOT NULL,
                due text,
                state text NOT NULL,
                created_at bigint NOT NULL,
                updated_at bigint NOT NULL,
                deleted boolean NOT NULL,
                hlc_wall bigint NOT NULL,
                hlc_counter bigint NOT NULL,
                hlc_replica text COLLATE "C" NOT NULL,
                seq bigint NOT NULL
            )
            """, logger: logger)
        try await query(
            "CREATE INDEX IF NOT EXISTS shopfloor_board_task_seq ON shopfloor_board_task(seq)", logger: logger)
    }

    /// Upserts `rows`; a row replaces the server's only if its stamp is larger.
    /// - Returns: the uuids the server accepted (the others lost to a newer version there).
    func push(_ rows: [SyncRow]) async throws -> Set<String> {
        try await query("BEGIN", logger: logger)
        do {
            try await query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
            try await ensureSchema()
            // Bound parameters: 11 arrays however many rows (the 65,535-parameter limit is never near).
            var accepted = Set<String>()
            var start = 0
            while start < rows.count {
                let chunk = rows[start..<min(rows.count, start + 50_000)]
                accepted.formUnion(try await upsert(chunk))
                start += chunk.count
            }
            try await query("COMMIT", logger: logger)
            return accepted
        } catch {
            _ = try? await query("ROLLBACK", logger: logger)
            throw error
        }
    }

    private func upsert(_ rows: ArraySlice<SyncRow>) async throws -> [String] {
        // Arrays of optionals cannot be bound: an absent deadline travels as '' and NULLIF turns
        // it back into NULL (a real deadline is never empty).
        let uuids = rows.map(\.uuid), titles = rows.map(\.title), bodies = rows.map(\.body)
        let dues = rows.map { $0.due ?? "" }, states = rows.map(\.state)
        let created = rows.map(\.createdAt), updated = rows.map(\.updatedAt), deleted = rows.map(\.deleted)
        let walls = rows.map(\.version.wallMillis), counters = rows.map(\.version.counter)
        let replicas = rows.map(\.version.replica)
        // The accepted uuids come back as one array in one row, not a row each: see `pullPage` for
        // the trap a large streamed answer meets when the server goes away while it is read.
        let result = try await query("""
            WITH taken AS (
            INSERT INTO shopfloor_board_task AS t
                (uuid, title, body, due, state, created_at, updated_at, deleted, hlc_wall, hlc_counter, hlc_replica, seq)
            SELECT u.uuid, u.title, u.body, NULLIF(u.due, ''), u.state, u.created_at, u.updated_at, u.deleted,
                   u.hlc_wall, u.hlc_counter, u.hlc_replica, nextval('shopfloor_board_seq')
            FROM UNNEST(\(uuids)::text[], \(titles)::text[], \(bodies)::text[], \(dues)::text[], \(states)::text[],
                        \(created)::int8[], \(updated)::int8[], \(deleted)::bool[], \(walls)::int8[],
                        \(counters)::int8[], \(replicas)::text[])
                AS u(uuid, title, body, due, state, created_at, updated_at, deleted, hlc_wall, hlc_counter, hlc_replica)
            ON CONFLICT (uuid) DO UPDATE SET
                title = excluded.title, body = excluded.body, due = excluded.due, state = excluded.state,
                created_at = excluded.created_at, updated_at = excluded.updated_at, deleted = excluded.deleted,
                hlc_wall = excluded.hlc_wall, hlc_counter = excluded.hlc_counter,
                hlc_replica = excluded.hlc_replica, seq = excluded.seq
            -- '>=': a version the server already has (a push repeated after a lost reply) counts as taken.
            WHERE (excluded.hlc_wall, excluded.hlc_counter, excluded.hlc_replica)
                >= (t.hlc_wall, t.hlc_counter, t.hlc_replica)
            RETURNING uuid
            )
            SELECT COALESCE(array_agg(uuid), '{}') FROM taken
            """, logger: logger)
        var accepted: [String] = []
        for try await uuids in result.decode([String].self) { accepted = uuids }
        return accepted
    }

    /// Versions written by other replicas after `cursor`, in server order, and the new cursor.
    ///
    /// A row with a NULL where a version needs a value (the table's `NOT NULL` dropped and the row
    /// written by hand) is not a version: it comes back in `refused`, naming the column, instead of
    /// failing the decoding of the whole pull — which stopped every later sync of every replica.
    func pull(after cursor: Int64, excluding replica: String, progress: SyncProgress? = nil) async throws
        -> (rows: [SyncRow], refused: [QuarantinedRow], cursor: Int64)
    {
        try await query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger)
        do {
            // The cursor never passes the last `seq` the server's sequence issued: a row written by
            // hand with a `seq` far beyond it (9223372036854775000) moved every replica that pulled
            // it past every later push, for good. A cursor already beyond it (from such a row) pulls
            // again from the start (applying a version twice changes nothing).
            var top: Int64 = 0
            var issued: Int64?
            let bounds = try await query("""
                SELECT COALESCE(MAX(seq), 0)::int8,
                       CASE WHEN has_sequence_privilege('shopfloor_board_seq', 'SELECT')
                            THEN COALESCE(pg_sequence_last_value('shopfloor_board_seq'), 0) END
                FROM shopfloor_board_task
                """, logger: logger)
            for try await (max, last) in bounds.decode((Int64, Int64?).self) { (top, issued) = (max, last) }
            let start = issued.map { cursor > $0 ? 0 : cursor } ?? cursor
            let newCursor = max(start, issued.map { min(top, $0) } ?? top)
            var rows: [SyncRow] = []
            var refused: [QuarantinedRow] = []
            var after = start
            while true {
                let page = try await pullPage(after: after, excluding: replica)
                progress?.tick()
                for columns in page.versions {
                    switch Self.version(columns) {
                    case .success(let row): rows.append(row)
                    case .failure(let error): refused.append(error.row)
                    }
                }
                guard page.scanned == Self.pageSize else { break }
                after = page.lastSeq
            }
            try await query("COMMIT", logger: logger)
            return (rows, refused, newCursor)
        } catch {
            _ = try? await query("ROLLBACK", logger: logger)
            throw error
        }
    }

    /// Rows per page of a pull.
    static let pageSize = 2_000

    /// The next page of the table after `seq`: the versions other replicas wrote (as JSON arrays of
    /// the columns, all as text or null), how many rows the page scanned and the last `seq` in it.
    ///
    /// One result row per page, not one per version. Why: postgres-nio traps (a precondition failure:
    /// the process died with SIGILL and a dump of buffered rows on stderr) when the server closes
    /// the connection while a large result waits for the reader to ask for more; a server killed in
    /// the middle of a 200,000-row pull did that. A single row never waits that way.
    private func pullPage(after seq: Int64, excluding replica: String) async throws
        -> (versions: [[Any]], scanned: Int, lastSeq: Int64)
    {
        let result = try await query("""
            SELECT COALESCE(json_agg(json_build_array(uuid, title, body, due, state, created_at::text,
                       updated_at::text, deleted::text, hlc_wall::text, hlc_counter::text, hlc_replica) ORDER BY seq)
                       FILTER (WHERE hlc_replica IS DISTINCT FROM \(replica)), '[]')::text,
                   COUNT(*)::int8, COALESCE(MAX(seq), 0)::int8
            FROM (SELECT * FROM shopfloor_board_task WHERE seq > \(seq) ORDER BY seq LIMIT \(Self.pageSize)) page
            """, logger: logger)
        var page: (versions: [[Any]], scanned: Int, lastSeq: Int64) = ([], 0, seq)
        for try await (json, scanned, last) in result.decode((String, Int64, Int64).self) {
            guard let versions = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[Any]] else {
                throw ConnectionClosed()   // never: the query builds this shape
            }
            page = (versions, Int(scanned), last)
        }
        return page
    }

    /// One version from its columns as `pullPage` gives them; a NULL where a value is needed (the
    /// table's `NOT NULL` dropped and the row written by hand) refuses it, naming the columns.
    private static func version(_ columns: [Any]) -> Result<SyncRow, QuarantinedRowError> {
        let names = ["uuid", "title", "body", "due", "state", "created_at", "updated_at", "deleted",
                     "hlc_wall", "hlc_counter", "hlc_replica"]
        let numeric: Set = [5, 6, 8, 9]   // created_at, updated_at, hlc_wall, hlc_counter: bigint, sent as text
        let text = names.indices.map { $0 < columns.count ? columns[$0] as? String : nil }
        let missing = names.indices.filter { index in
            index != 3 && (text[index] == nil || (numeric.contains(index) && Int64(text[index]!) == nil))
        }
        guard missing.isEmpty else {
            let null = missing.map { names[$0] }
            return .failure(QuarantinedRowError(row: QuarantinedRow(
                uuid: text[0] ?? "(none)",
                reason: "\(null.joined(separator: ", ")) \(null.count == 1 ? "is" : "are") NULL on the server")))
        }
        // Every column but `due` is there, and the numeric ones parse (checked just above).
        let number = { (index: Int) in Int64(text[index]!)! }
        return .success(SyncRow(
            uuid: text[0]!, title: text[1]!, body: text[2]!, due: text[3].flatMap { $0.isEmpty ? nil : $0 },
            state: text[4]!, createdAt: number(5), updatedAt: number(6), deleted: text[7] == "true",
            version: HLCTimestamp(wallMillis: number(8), counter: number(9), replica: text[10]!)))
    }
}

/// A pulled row refused before validation (as a `Result` failure).
struct QuarantinedRowError: Error {
    let row: QuarantinedRow
}

/// The server closed the connection (it stopped, or the network went away).
struct ConnectionClosed: Error, CustomStringConvertible {
    var description: String { "the server closed the connection" }
}
#endif
