import ShopfloorExperiment
import Testing

/// The FIPS 180-4 test vectors: the experiment hash is only as good as the digest under it.
@Suite("SHA-256")
struct SHA256Tests {
    private func digest(_ bytes: [UInt8]) -> String {
        var h = SHA256()
        h.update(bytes)
        return h.hexDigest()
    }

    @Test func test_fipsVectors() {
        #expect(digest([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(digest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Fed in pieces of any size, the digest is the same (a block may straddle two updates).
    @Test func test_piecewiseUpdates_giveTheSameDigest() {
        let bytes = (0..<200).map { UInt8($0) }
        var h = SHA256()
        h.update(bytes[..<63]); h.update(bytes[63..<64]); h.update(bytes[64..<130]); h.update(bytes[130...])
        #expect(h.hexDigest() == digest(bytes))
    }

    /// Contiguous bytes (whole blocks at once) and a sequence without contiguous storage (byte by byte),
    /// mixed in pieces of every size up to three blocks, give the digest of the whole.
    @Test func test_contiguousAndByteWiseUpdates_giveTheSameDigest() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let whole = digest(bytes)
        for size in 1...192 {
            var h = SHA256(), start = 0, bytewise = false
            while start < bytes.count {
                let end = min(bytes.count, start + size)
                if bytewise { h.update(bytes[start..<end].lazy.map { $0 }) } else { h.update(Array(bytes[start..<end])) }
                bytewise.toggle()
                start = end
            }
            #expect(h.hexDigest() == whole, "pieces of \(size)")
        }
    }
}
