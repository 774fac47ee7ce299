/// Exchanges changes between a board and a PostgreSQL server: push what is pending, pull what
/// other replicas wrote, every replica converging (see `Board+Sync.swift` for the rule).
///
/// ```swift
/// let target = try RemoteTarget(url: "postgres://ada@db.example.com/shopfloor")
/// let report = try BoardSync.sync(board, with: target)     // pushed, pulled, conflicts
/// ```
///
/// Nothing is lost when the server goes away mid-sync: the push is one server transaction and
/// local versions are marked pushed only after it committed; pulled versions are applied in one
/// local transaction together with the cursor. An interrupted sync is simply repeated.
///
/// Sync is built only with the package trait `PostgresSync` (it brings postgres-nio and its TLS
/// stack, most of a clean build). Without it, ``sync(_:with:timeout:)`` and ``probe(_:timeout:)``
/// fail with ``notBuiltIn``, and everything local works as before.
public enum BoardSync {
    /// Whether this build can talk to PostgreSQL.
    public static var isBuiltIn: Bool {
        #if PostgresSync
        true
        #else
        false
        #endif
    }

    /// The one line a build without the trait gives for every sync, naming the rebuild.
    public static let notBuiltIn = "board sync is not built into this shopfloor; rebuild with the PostgresSync trait: "
        + "swift build -c release --traits PostgresSync (or scripts/install --with-sync)"
}

#if !PostgresSync
extension BoardSync {
    /// Always fails in a build without the `PostgresSync` trait (see ``notBuiltIn``).
    @discardableResult
    public static func sync(_ board: Board, with target: RemoteTarget, timeout: Duration = .seconds(30),
                            whileDataArrives: Bool = false) throws -> SyncReport {
        throw BoardError.sync(notBuiltIn)
    }

    /// Always offline in a build without the `PostgresSync` trait.
    public static func probe(_ target: RemoteTarget, timeout: Duration = .seconds(3)) -> Result<Void, BoardError> {
        .failure(.sync(notBuiltIn))
    }
}
#endif
