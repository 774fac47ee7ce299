import ArgumentParser

/// `--shard K/N`: this task runs the cells whose index mod N is K (0 ≤ K < N). Indices are replication-major,
/// so every shard gets every group's replications in turn and shards finish at about the same time.
struct ShardSelection: Equatable, CustomStringConvertible {
    var index: Int
    var count: Int

    /// Parses `K/N`; a usage error (exit 64) says what is wrong.
    init(parsing text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else {
            throw ValidationError("--shard \(text): expected K/N, two whole numbers with 0 <= K < N (e.g. --shard 0/4)")
        }
        guard n >= 1, n <= 1_000_000 else { throw ValidationError("--shard \(text): N must be from 1 to 1000000, got \(n)") }
        guard k >= 0, k < n else { throw ValidationError("--shard \(text): K must be from 0 to \(n - 1) (0 <= K < N), got \(k)") }
        index = k
        count = n
    }

    func contains(_ cell: Int) -> Bool { cell % count == index }

    var description: String { "\(index)/\(count)" }
}
