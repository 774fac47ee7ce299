import Foundation

/// Lines from a file descriptor, read in blocks.
final class RecordLineReader: @unchecked Sendable {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    init(fd: Int32) { self.fd = fd }

    /// The next line without its newline; nil at end of input (a last line without a newline is dropped:
    /// a worker that died mid-write).
    func next() -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                return line
            }
            var block = [UInt8](repeating: 0, count: 65536)
            let n = read(fd, &block, block.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return nil }
            buffer.append(contentsOf: block[..<n])
        }
    }

    func close() {
        if !closed { Glibc.close(fd); closed = true }
    }
}
