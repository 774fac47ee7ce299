import Foundation

/// Reading a Lua script file (a scenario, a module `require` loads, a plugin or rules file) with
/// bounds: regular files, FIFOs (`run <(generate)`) and standard input (`-`) only, at most
/// ``sizeLimit`` bytes. `run /dev/zero` would otherwise read without end.
///
/// Then the text is made ready for `luaL_loadbuffer` as `lua` does for a file: a UTF-8 byte-order
/// mark is skipped, and a first line starting with `#` (`#!/usr/bin/env lua`) becomes a comment, so
/// line numbers stay true.
public enum ScriptFile {
    /// The largest script file read: 16 MiB. Far above any hand-written scenario (the shipped ones
    /// are a few KiB); a generated data table larger than this belongs in a data file.
    public static let sizeLimit = 16 << 20

    /// The bytes of `path` (`-`: standard input), or a `.file` error naming the path.
    public static func read(_ path: String) throws -> [UInt8] {
        if path == "-" {
            return try readAll(fd: 0, path: "stdin")
        }
        // O_NONBLOCK: opening a FIFO no one writes to must not wait; cleared before reading.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            throw LuaError(kind: .file, message: "cannot open \(path): \(reason(code))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw LuaError(kind: .file, message: "cannot open \(path): \(reason(errno))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO:
            break
        case S_IFDIR:
            throw LuaError(kind: .file, message: "cannot open \(path): is a directory")
        default:
            throw LuaError(kind: .file, message:
                "cannot open \(path): not a regular file (a device or socket); to read standard input, pass -")
        }
        if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > sizeLimit {
            throw tooLarge(path)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let bytes = try readAll(fd: fd, path: path)
        if bytes.isEmpty, info.st_mode & S_IFMT == S_IFIFO {
            // Opened without waiting for a writer: an empty FIFO is a mistake, not an empty script.
            throw LuaError(kind: .file, message: "cannot read \(path): nothing came through the FIFO (is anything writing to it?)")
        }
        return bytes
    }

    /// The text of `path` ready to compile: byte-order mark and `#` first line handled as `lua`
    /// handles them. A binary chunk is refused (user chunks are text only).
    public static func text(_ path: String) throws -> String {
        var bytes = try read(path)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        var prefix = ""
        if bytes.first == UInt8(ascii: "#") {
            // Keep the newline so the next line is still line 2.
            if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) {
                bytes = bytes[newline...]
                prefix = "--"
            } else {
                bytes = []
            }
        }
        if bytes.first == 0x1B {
            throw LuaError(kind: .syntax, message: "\(path): attempt to load a binary chunk (mode is 't')")
        }
        return prefix + String(decoding: bytes, as: UTF8.self)
    }

    private static func readAll(fd: Int32, path: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n == 0 { return bytes }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                if code == EAGAIN { return bytes } // a FIFO opened before its writer: nothing to read
                throw LuaError(kind: .file, message: "cannot read \(path): \(reason(code))")
            }
            if bytes.count + n > sizeLimit { throw tooLarge(path) }
            bytes.append(contentsOf: chunk[..<n])
        }
    }

    private static func tooLarge(_ path: String) -> LuaError {
        LuaError(kind: .file, message: "cannot read \(path): larger than \(sizeLimit >> 20) MiB, the limit for a Lua script file")
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file"
        case EACCES: return "permission denied"
        case EISDIR: return "is a directory"
        default: return String(cString: strerror(code))
        }
    }
}
