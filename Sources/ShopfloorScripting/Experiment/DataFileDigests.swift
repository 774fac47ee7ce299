import Foundation
import Synchronization

/// The digests of data files this process has hashed, so a worker whose cells read the same large file does
/// not hash it again for every cell (``DataFile/current(_:)`` runs before every read a cell makes).
///
/// A digest is kept under the file's identity and change stamps (device, inode, size, mtime, ctime), and only
/// once the file has **settled**: its ctime is older than the moment the hashing began by `settleSeconds`. A
/// write bumps ctime to the time of that write — a scenario cannot set it back, unlike mtime — so a settled
/// file that changes gets a new key and is hashed again. A file changed within the filesystem's timestamp
/// tick (coarse on Linux; two seconds on FAT) could keep its stamps and size across a rewrite; such a file is
/// recent by definition, so it is never kept and every read hashes it (git's "racily clean" rule). A write
/// while the file is being hashed gives it new stamps, so the digest kept under the old ones is never asked for.
enum DataFileDigests {
    /// How much older than the hashing a file's last change must be for its digest to be kept.
    static let settleSeconds: Int = 2

    struct Key: Hashable {
        var device: UInt64, inode: UInt64, size: Int64
        var modified: timespec, changed: timespec

        init(_ info: stat) {
            device = UInt64(info.st_dev); inode = UInt64(info.st_ino); size = Int64(info.st_size)
            modified = info.st_mtim; changed = info.st_ctim
        }

        static func == (a: Key, b: Key) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(device); hasher.combine(inode); hasher.combine(size)
            hasher.combine(modified.tv_sec); hasher.combine(modified.tv_nsec)
            hasher.combine(changed.tv_sec); hasher.combine(changed.tv_nsec)
        }
    }

    private static let kept = Mutex<[Key: String]>([:])

    /// The digest of the open regular file `fd` (stat'ed as `info`): the kept one when its key matches,
    /// else `hash()`'s, kept when the file had settled before hashing began.
    /// `now` is the wall clock in seconds (a parameter for tests).
    static func digest(of fd: Int32, info: stat, now: Int = Int(time(nil)), hash: () throws -> String) rethrows -> String {
        let key = Key(info)
        if let digest = kept.withLock({ $0[key] }) { return digest }
        let digest = try hash()
        if info.st_ctim.tv_sec + settleSeconds <= now { kept.withLock { $0[key] = digest } }
        return digest
    }
}
