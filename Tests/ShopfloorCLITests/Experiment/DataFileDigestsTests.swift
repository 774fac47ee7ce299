import Foundation
import Testing
import ShopfloorTestSupport
@testable import ShopfloorScripting

/// A worker keeps the digest of a data file that has settled, so cells reading a large file do not hash it
/// again each time; a file changed recently, or while it was hashed, is hashed on every read, so a rewrite
/// within one timestamp tick is never mistaken for the bytes hashed before.
@Suite("experiment data files: kept digests")
struct DataFileDigestsTests {
    /// Asks for `name`'s digest as ``DataFile/current(_:)`` does, with the clock at `secondsAfterChange`
    /// after the file's last change; returns the digest and whether the bytes were hashed.
    static func digest(_ name: String, secondsAfterChange: Int) throws -> (String, hashed: Bool) {
        let fd = open(name, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var info = stat()
        try #require(fstat(fd, &info) == 0)
        var hashed = false
        let digest = DataFileDigests.digest(of: fd, info: info, now: info.st_ctim.tv_sec + secondsAfterChange) {
            hashed = true
            return UUID().uuidString  // a new answer each time: a kept one shows as the same answer
        }
        return (digest, hashed)
    }

    @Test func test_aSettledFile_isHashedOnce() throws {
        let folder = try TemporaryFolder()
        let name = folder.write("big.csv", "1,2,3\n")
        let first = try Self.digest(name, secondsAfterChange: DataFileDigests.settleSeconds)
        let second = try Self.digest(name, secondsAfterChange: 60)
        #expect(first.hashed)
        #expect(!second.hashed)
        #expect(second.0 == first.0)
    }

    /// Changed within the last `settleSeconds`: a rewrite of the same size in the same tick would keep every
    /// stamp, so the digest is never kept.
    @Test func test_aRecentlyChangedFile_isHashedOnEveryRead() throws {
        let folder = try TemporaryFolder()
        let name = folder.write("data.csv", "1,2,3\n")
        let first = try Self.digest(name, secondsAfterChange: DataFileDigests.settleSeconds - 1)
        let second = try Self.digest(name, secondsAfterChange: DataFileDigests.settleSeconds - 1)
        #expect(first.hashed && second.hashed)
        #expect(first.0 != second.0)
    }

    /// A settled file that changes gets new stamps (ctime is the time of the write, which no scenario can set
    /// back), so it is hashed again.
    @Test func test_aKeptFileThatChanges_isHashedAgain() throws {
        let folder = try TemporaryFolder()
        let name = folder.write("data.csv", "1,2,3\n")
        let first = try Self.digest(name, secondsAfterChange: 60)
        folder.write("data.csv", "1,2,3,4\n")
        let second = try Self.digest(name, secondsAfterChange: 60)
        #expect(first.hashed && second.hashed)
        #expect(first.0 != second.0)
    }

    /// The real path: two reads of one file give its SHA-256 both times.
    @Test func test_currentDigest_isTheFilesSHA256() throws {
        let folder = try TemporaryFolder()
        let name = folder.write("data.csv", "abc")
        let expected = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        #expect(try DataFile.current(name).digest == expected)
        #expect(try DataFile.current(name).digest == expected)
    }
}
