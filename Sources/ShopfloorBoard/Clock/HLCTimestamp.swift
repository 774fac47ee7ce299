/// A hybrid-logical-clock reading: wall time in milliseconds, a counter, and the replica that
/// issued it.
///
/// Readings are totally ordered by (wall, counter, replica): two replicas can never produce equal
/// stamps, so "the later edit wins" is decided the same way everywhere.
///
/// ```swift
/// let a = HLCTimestamp(wallMillis: 1_000, counter: 0, replica: "A")
/// let b = HLCTimestamp(wallMillis: 1_000, counter: 0, replica: "B")
/// a < b                     // true: the replica id breaks the tie
/// a.description             // "1000-0-A"
/// ```
public struct HLCTimestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible,
    LosslessStringConvertible
{
    /// Milliseconds since 1970-01-01 UTC (the largest physical time seen, not necessarily now).
    public let wallMillis: Int64
    /// Orders events that share `wallMillis`.
    public let counter: Int64
    /// The replica that issued this reading.
    public let replica: String

    public init(wallMillis: Int64, counter: Int64, replica: String) {
        self.wallMillis = wallMillis
        self.counter = counter
        self.replica = replica
    }

    /// The stamp before every real one, for a replica that has seen nothing yet.
    public static func zero(replica: String) -> HLCTimestamp {
        HLCTimestamp(wallMillis: 0, counter: 0, replica: replica)
    }

    public static func < (lhs: HLCTimestamp, rhs: HLCTimestamp) -> Bool {
        (lhs.wallMillis, lhs.counter, lhs.replica) < (rhs.wallMillis, rhs.counter, rhs.replica)
    }

    /// `WALL-COUNTER-REPLICA`, e.g. `1767225600000-2-4F1C…`; the replica may itself contain dashes.
    public var description: String { "\(wallMillis)-\(counter)-\(replica)" }

    /// Parses ``description``.
    public init?(_ description: String) {
        let parts = description.split(separator: "-", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let wall = Int64(parts[0]), let counter = Int64(parts[1]),
              wall >= 0, counter >= 0, !parts[2].isEmpty
        else { return nil }
        self.init(wallMillis: wall, counter: counter, replica: String(parts[2]))
    }
}
