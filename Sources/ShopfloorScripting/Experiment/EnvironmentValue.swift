import Foundation
import ShopfloorExperiment

/// A variable of the process's environment an experiment's scenario reads with `os.getenv` (`--allow-io`,
/// ``ScriptInput/environment(_:)``): its name and the SHA-256 of its value when the experiment started — nil
/// when it was unset (its absence is input too: `os.getenv("RATE") or 1`). Part of the experiment hash like a
/// data file, so shards run where the variable differs never merge, and a cell run under another value fails.
/// The digest, not the value, travels in a cell's job and the hash: a variable may hold a password.
public struct EnvironmentValue: Codable, Sendable, Hashable {
    public var name: String
    public var digest: String?

    public init(name: String, digest: String?) {
        self.name = name; self.digest = digest
    }

    /// The variable `name` as this process sees it now (C's `getenv`, as Lua's `os.getenv` reads it).
    public static func current(_ name: String) -> EnvironmentValue {
        guard let value = getenv(name) else { return EnvironmentValue(name: name, digest: nil) }
        var sha = SHA256()
        sha.update(UnsafeBufferPointer(start: UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self), count: strlen(value)))
        return EnvironmentValue(name: name, digest: sha.hexDigest())
    }
}
