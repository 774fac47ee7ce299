import Foundation
import ShopfloorExperiment

/// A data file an experiment's cells may read with `--allow-io` (``ScriptInput``): the name the scenario
/// gives `io` (relative to the working folder, as `io` resolves it, so the same files in another folder
/// give the same hash) and the SHA-256 of its bytes when the experiment started — nil when it did not exist
/// (its absence is input too: a scenario may fall back on a default).
public struct DataFile: Codable, Sendable, Hashable {
    public var name: String
    public var digest: String?

    public init(name: String, digest: String?) {
        self.name = name; self.digest = digest
    }

    /// The file `name` as it is now. Only a regular file is read (opened without waiting, so a FIFO or a
    /// device is refused, never read forever); a missing one has no digest. A file this process hashed
    /// before and that has not changed since is not read again (``DataFileDigests``).
    public static func current(_ name: String) throws -> DataFile {
        let fd = open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return DataFile(name: name, digest: nil) }
            throw ScriptingError.invalidScenario("\(name): cannot read it (for the experiment hash): \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ScriptingError.invalidScenario("\(name): not a regular file: an experiment reads regular files only, "
                + "since it hashes the content of every file its scenario reads")
        }
        let digest = try DataFileDigests.digest(of: fd, info: info) { try hash(fd, name) }
        return DataFile(name: name, digest: digest)
    }

    /// The SHA-256 of what is left to read from `fd`, in hexadecimal.
    private static func hash(_ fd: Int32, _ name: String) throws -> String {
        var sha = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else {
                throw ScriptingError.invalidScenario("\(name): cannot read it (for the experiment hash): \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            sha.update(buffer[0 ..< n])
        }
        return sha.hexDigest()
    }

    /// Whether `name` is a regular file now (following symlinks).
    static func isRegularFile(_ name: String) -> Bool {
        var info = stat()
        return stat(name, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
