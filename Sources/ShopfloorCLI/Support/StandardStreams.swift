import Foundation

/// Buffered standard output and unbuffered standard error, every write checked.
///
/// Scenarios print a line per event; a write system call per line would dominate a run, so
/// stdout is buffered (64 KiB; line by line on a terminal) and flushed before anything goes to
/// stderr, keeping the two in order on a terminal. Commands also flush at the end of each phase
/// (a scenario loaded, a run done), so a later failure keeps what was printed.
///
/// A failed write to stdout (`> /dev/full`, a closed file) is kept as ``failure``: later output
/// is dropped, and ``ShopfloorMain`` reports it on stderr and exits 1 instead of 0.
public enum StandardStreams {
    nonisolated(unsafe) private static var buffer: [UInt8] = {
        var b: [UInt8] = []
        b.reserveCapacity(1 << 16)
        return b
    }()

    /// On a terminal, each line goes out as it is printed (as C's stdio does).
    nonisolated(unsafe) private static var lineBuffered = isatty(STDOUT_FILENO) != 0

    /// Why stdout could not be written (`No space left on device`), once it failed.
    nonisolated(unsafe) public private(set) static var failure: String?

    /// What the command has already done for good when its output is only the confirmation (`task #12
    /// was added`), set by ``saved(_:)``.
    nonisolated(unsafe) private static var done: String?

    /// Says that the command's change is saved, whatever becomes of its output: if stdout then cannot be
    /// written, ``finish()`` says the change was made (`error: task #12 was added, but its confirmation could
    /// not be written to standard output: …`), so a script that retries on exit 1 knows not to make it twice.
    public static func saved(_ what: String) {
        done = what
    }

    /// Appends to stdout's buffer.
    public static func output(_ text: String) {
        guard failure == nil else { return }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 || (lineBuffered && text.utf8.contains(0x0A)) { flush() }
    }

    /// Writes the buffered output; a failure is kept in ``failure`` and ends all later output.
    public static func flush() {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil else { return }
        let code = buffer.withUnsafeBytes { write(fd: STDOUT_FILENO, $0) }
        if code != 0 { failure = String(cString: strerror(code)) }
    }

    /// Writes to stderr at once (after flushing stdout). Errors here have nowhere to be told.
    public static func error(_ text: String) {
        flush()
        var copy = text
        _ = copy.withUTF8 { write(fd: STDERR_FILENO, UnsafeRawBufferPointer($0)) }
    }

    /// Flushes stdout and says whether everything written to it arrived: false after a failure,
    /// which is then reported on stderr (`error: cannot write to standard output: …`, or, after
    /// ``saved(_:)``, `error: task #12 was added, but its confirmation could not be written to standard output: …`).
    public static func finish() -> Bool {
        flush()
        guard let failure else { return true }
        if let done {
            error("error: \(done), but its confirmation could not be written to standard output: \(failure)\n")
        } else {
            error("error: cannot write to standard output: \(failure)\n")
        }
        return false
    }

    /// Writes all of `bytes`; 0, or the `errno` of the write that failed.
    private static func write(fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            offset += n
        }
        return 0
    }
}
