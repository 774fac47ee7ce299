#if PostgresSync
import Dispatch
import Foundation
import PostgresNIO
import Synchronization

/// The PostgreSQL half of ``BoardSync`` (built with the `PostgresSync` trait).
extension BoardSync {
    /// Points in a sync where tests can inject a failure (a server stopping, a lost connection).
    enum Stage: Sendable { case afterPush, beforePull }
    nonisolated(unsafe) static var faultInjection: (@Sendable (Stage) async throws -> Void)?

    /// Syncs `board` with `target`. Gives up (throwing ``BoardError/sync(_:)``) when the server
    /// cannot be reached within `timeout`; whatever was done before stays done.
    ///
    /// - Parameter whileDataArrives: the exchange may take longer than `timeout` as long as rows keep
    ///   arriving (`board sync`: the first pull of a large board); `timeout` then bounds each wait
    ///   for the server, not the whole exchange. Without it (a command's automatic sync) the whole
    ///   exchange is bounded, so a command never waits long for the remote.
    @discardableResult
    public static func sync(_ board: Board, with target: RemoteTarget, timeout: Duration = .seconds(30),
                            whileDataArrives: Bool = false) throws -> SyncReport {
        try sync(board, with: target, timeout: timeout, progress: whileDataArrives ? SyncProgress() : nil,
                 afterReplacedTable: false)
    }

    private static func sync(_ board: Board, with target: RemoteTarget, timeout: Duration, progress: SyncProgress?,
                             afterReplacedTable: Bool) throws -> SyncReport {
        let cursor = try board.syncCursor(remote: target.identity)
        let knownTable = try board.remoteTable()
        let pending = try board.pendingRows()
        let replica = board.replicaID
        let outcome = try blocking(timeout: timeout, target: target, progress: progress) { () async throws -> Exchange in
            let remote: RemoteBoard
            do {
                remote = try await RemoteBoard.connect(target, timeout: timeout)
            } catch {
                throw SyncFailure.error(for: error, target: target, connected: false)
            }
            var exchange = Exchange()
            do {
                // The cursor belongs to the table it was read from: another table (created again,
                // or another server at this URL) gets the whole board, and is pulled from its start.
                if let knownTable, try await remote.tableIdentity() != knownTable {
                    exchange.replacedTable = true
                    await remote.close()
                    return exchange
                }
                exchange.accepted = try await remote.push(pending)
                progress?.tick()
                exchange.table = try await remote.tableIdentity()
                try await faultInjection?(.afterPush)
                try await faultInjection?(.beforePull)
                exchange.pulled = try await remote.pull(after: cursor, excluding: replica, progress: progress)
            } catch {
                exchange.failure = SyncFailure.error(for: error, target: target, connected: true)
            }
            await remote.close()
            return exchange
        }
        if outcome.replacedTable && !afterReplacedTable {
            try board.forgetRemoteProgress()
            return try sync(board, with: target, timeout: timeout, progress: progress, afterReplacedTable: true)
        }
        var report = SyncReport()
        var taken: [SyncRow] = []
        do {
            if let accepted = outcome.accepted {
                // A version the server refused lost to a newer one there: it stays pending until the
                // pull brings the winner (which then records the conflict in history).
                taken = pending.filter { accepted.contains($0.uuid) }
                try board.markPushed(taken)
                report.pushed = taken.count
            }
            if let (rows, refused, newCursor) = outcome.pulled {
                let result = try board.applyPulled(rows, cursor: newCursor, remoteTable: outcome.table)
                report.pulled = result.applied
                report.conflicts = result.conflicts
                report.quarantined = refused + result.quarantined
            }
        } catch let error as BoardError where !taken.isEmpty {
            // The server has the pushed versions whatever happens here: say so (a busy or full database
            // said "the change was not saved", as if the sync had done nothing).
            throw SyncFailure.notRecorded(error, pushed: taken.count, recorded: report.pushed > 0)
        }
        if let failure = outcome.failure {
            throw outcome.accepted == nil ? failure : SyncFailure.afterPush(failure, pushed: report.pushed)
        }
        report.pending = try board.pendingCount()
        return report
    }

    /// Whether the server answers within `timeout` (the online/offline indicator), and why not.
    public static func probe(_ target: RemoteTarget, timeout: Duration = .seconds(3)) -> Result<Void, BoardError> {
        do {
            _ = try blocking(timeout: timeout, target: target) { () async throws -> Bool in
                let remote: RemoteBoard
                do {
                    remote = try await RemoteBoard.connect(target, timeout: timeout)
                } catch {
                    throw SyncFailure.error(for: error, target: target, connected: false)
                }
                defer { Task { await remote.close() } }
                try await remote.connection.query("SELECT 1", logger: remote.logger)
                await remote.close()
                return true
            }
            return .success(())
        } catch let error as BoardError {
            return .failure(error)
        } catch {
            return .failure(SyncFailure.error(for: error, target: target, connected: false))
        }
    }

    struct Exchange: Sendable {
        /// The uuids the server took, once the push committed.
        var accepted: Set<String>?
        var pulled: ([SyncRow], [QuarantinedRow], Int64)?
        var failure: BoardError?
        /// The remote's table is not the one this replica's cursor counts (nothing was exchanged).
        var replacedTable = false
        /// The remote table's identity (``RemoteBoard/tableIdentity()``), read after the push.
        var table: String?
    }

    /// Runs `body` on the concurrency runtime and waits for it, at most `timeout` — or, with
    /// `progress`, for as long as `body` ticks it at least once every `timeout`.
    static func blocking<T: Sendable>(timeout: Duration, target: RemoteTarget, progress: SyncProgress? = nil,
                                      _ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        // On a private executor, not the shared cooperative pool: the caller blocks its thread on
        // the semaphore, and if that thread were one of the pool's (as in a test, or any async
        // caller), a small pool could have no thread left to run the sync.
        let task = Task(executorPreference: SyncExecutor.shared) {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            done.signal()
        }
        let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
        var seen = progress?.ticks
        while done.wait(timeout: .now() + seconds) == .timedOut {
            if let progress, progress.ticks != seen {   // rows came meanwhile: the server answers
                seen = progress.ticks
                continue
            }
            task.cancel()
            throw BoardError.syncFailed(reason: "\(target) did not answer within \(LocalizedSeconds(seconds)) s",
                                        advice: SyncFailure.waitAdvice)
        }
        switch box.result! {
        case .success(let value): return value
        case .failure(let error as BoardError): throw error
        case .failure(let error): throw SyncFailure.error(for: error, target: target, connected: false)
        }
    }

}

/// How far an exchange has come (rows received, the push done), read by the waiting thread to
/// tell a slow server from a large but flowing exchange.
final class SyncProgress: Sendable {
    private let count = Atomic<Int>(0)

    var ticks: Int { count.load(ordering: .relaxed) }

    func tick() { count.add(1, ordering: .relaxed) }
}

/// Runs sync's tasks on a serial dispatch queue of their own (dispatch adds threads for it as
/// needed, unlike the cooperative pool).
final class SyncExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = SyncExecutor()
    private let queue = DispatchQueue(label: "shopfloor.board.sync")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Where the concurrency runtime leaves a result for a waiting thread (the semaphore orders
/// the write before the read).
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, any Error>?
}

/// Seconds as people read them: `3`, `1.5`.
private func LocalizedSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(format: "%.1f", seconds)
}
#endif
