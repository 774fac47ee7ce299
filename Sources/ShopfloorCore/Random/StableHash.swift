/// FNV-1a 64 over UTF-8 bytes: a hash that is the same in every process and on every machine.
///
/// Stream seeds must not depend on Swift's `Hasher`, which is randomly seeded per process.
public enum StableHash {
    /// FNV-1a 64 of the UTF-8 bytes of `text`.
    @inlinable
    public static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }
}
