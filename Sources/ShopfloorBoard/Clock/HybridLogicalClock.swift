/// A hybrid logical clock (Kulkarni et al., 2014): timestamps that follow wall time, never go
/// backwards, and order every event consistently with causality across replicas.
///
/// Each replica stamps its own changes with ``tick(wallMillis:)`` and folds in every stamp it
/// receives from others with ``receive(_:wallMillis:)``. A change stamped after seeing another
/// always sorts after it, even if the two machines' clocks disagree; concurrent changes are
/// ordered by wall time, then counter, then replica id.
///
/// ```swift
/// var clock = HybridLogicalClock(replica: "A")
/// let first = clock.tick(wallMillis: 1_000)     // 1000-0-A
/// let second = clock.tick(wallMillis: 999)      // 1000-1-A: the wall clock went back, the HLC did not
/// ```
public struct HybridLogicalClock: Sendable, Hashable {
    /// The largest remote lead over the local wall clock that ``receive(_:wallMillis:)``
    /// accepts; a stamp further ahead means a broken clock somewhere, and adopting it would drag
    /// every future stamp into the future.
    public static let defaultMaxDriftMillis: Int64 = 24 * 60 * 60 * 1000

    public let replica: String
    public let maxDriftMillis: Int64
    /// The latest reading issued or received.
    public private(set) var last: HLCTimestamp

    /// A clock for `replica` that has already issued or seen `last` (persisted between runs, so
    /// stamps keep increasing across processes).
    public init(replica: String, last: HLCTimestamp? = nil,
                maxDriftMillis: Int64 = HybridLogicalClock.defaultMaxDriftMillis) {
        self.replica = replica
        self.maxDriftMillis = maxDriftMillis
        self.last = last.map {
            HLCTimestamp(wallMillis: $0.wallMillis, counter: $0.counter, replica: replica)
        } ?? .zero(replica: replica)
    }

    /// A stamp for a local event, later than every stamp issued or received so far.
    public mutating func tick(wallMillis now: Int64) -> HLCTimestamp {
        let wall = max(last.wallMillis, now)
        let counter = wall == last.wallMillis ? last.counter + 1 : 0
        last = HLCTimestamp(wallMillis: wall, counter: counter, replica: replica)
        return last
    }

    /// Folds in a stamp from another replica and returns a local stamp later than both it and
    /// everything seen before.
    ///
    /// - Throws: ``BoardError/clockDrift(remote:localMillis:)`` when `remote` is more than
    ///   ``maxDriftMillis`` ahead of the local wall clock; the clock is unchanged.
    @discardableResult
    public mutating func receive(_ remote: HLCTimestamp, wallMillis now: Int64) throws -> HLCTimestamp {
        if remote.wallMillis - now > maxDriftMillis {
            throw BoardError.clockDrift(remote: remote, localMillis: now)
        }
        let wall = max(last.wallMillis, remote.wallMillis, now)
        let counter: Int64
        if wall == last.wallMillis && wall == remote.wallMillis {
            counter = max(last.counter, remote.counter) + 1
        } else if wall == last.wallMillis {
            counter = last.counter + 1
        } else if wall == remote.wallMillis {
            counter = remote.counter + 1
        } else {
            counter = 0
        }
        last = HLCTimestamp(wallMillis: wall, counter: counter, replica: replica)
        return last
    }
}
