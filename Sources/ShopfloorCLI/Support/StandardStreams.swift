import Foundation

/// Buffered standard output and unbuffered standard error.
///
/// Scenarios print a line per event; a write system call per line would dominate a run, so
/// stdout is buffered (64 KiB) and flushed before anything goes to stderr, keeping the two in
/// order on a terminal.
public enum StandardStreams {
    nonisolated(unsafe) private static var buffer: [UInt8] = {
        var b: [UInt8] = []
        b.reserveCapacity(1 << 16)
        return b
    }()

    /// Appends to stdout's buffer.
    public static func output(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes the buffered output.
    public static func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { write(fd: 1, $0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes to stderr at once (after flushing stdout).
    public static func error(_ text: String) {
        flush()
        var copy = text
        copy.withUTF8 { write(fd: 2, UnsafeRawBufferPointer($0)) }
    }

    private static func write(fd: Int32, _ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}
