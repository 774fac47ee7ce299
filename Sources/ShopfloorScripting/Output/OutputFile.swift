import Foundation

/// A file the tool writes (`--trace`, `--report`): the one way every output path is opened,
/// written and finished, so none of them can clobber what it must not.
///
/// - A regular file (or a path that does not exist yet) is never truncated in place: the bytes go
///   to a temporary file in the same folder, renamed over the path by ``commit()``. A symlink to a
///   regular file is followed, so the link stays a link and its target is replaced.
/// - Anything else — a character device such as `/dev/null` or `/dev/full`, a FIFO, a socket — is
///   opened for writing and written through, never replaced (as `> path` does in a shell).
/// - A folder is refused, and so is any file in `protected` (the scenario and the scripts it
///   loaded), by identity (device and inode), so neither a symlink nor a hard link gets past.
///
/// Every write is a checked `write(2)`: a full disk is an error naming the path and the system's
/// reason (`No space left on device`), never a trap. A signal that ends the process on the way (a second
/// Ctrl-C, `kill`) removes the temporary file first (``TemporaryFiles``): the path is left as it was.
///
/// ```swift
/// let file = try OutputFile(path: "run.jsonl", option: "--trace", protected: ["bank.lua"])
/// try file.write(bytes)
/// try file.commit()
/// ```
public final class OutputFile {
    /// The path as the user gave it.
    public let path: String
    /// The option that named it (`--trace`), for messages.
    public let option: String
    private var descriptor: Int32
    /// The temporary file and the path it replaces (regular files only).
    private let replacement: (temporary: String, target: String)?
    /// Its slot in ``TemporaryFiles``: a signal that ends the process removes it.
    private var covered: Int?
    private var finished = false

    public init(path: String, option: String, protected: [String] = []) throws {
        self.path = path
        self.option = option
        guard !path.isEmpty else { throw ScriptingError.cannotWrite("\(option): the path is empty") }
        try Self.refuseProtected(path, option: option, protected: protected)
        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFDIR {
            throw ScriptingError.cannotWrite("\(option) \(path): is a folder")
        }
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            // Devices, FIFOs, sockets: written through, like a shell redirection.
            descriptor = Self.retrying { open(path, O_WRONLY | O_CLOEXEC) }
            guard descriptor >= 0 else { throw Self.failure(option, path, errno) }
            replacement = nil
            return
        }
        // The file this process's stdout or stderr already writes (`--trace /dev/stdout > out`):
        // share that descriptor and its offset rather than replace the file under it.
        for stream in [STDOUT_FILENO, STDERR_FILENO] where exists {
            var open = stat()
            if fstat(stream, &open) == 0 && open.st_dev == info.st_dev && open.st_ino == info.st_ino {
                descriptor = dup(stream)
                guard descriptor >= 0 else { throw Self.failure(option, path, errno) }
                replacement = nil
                return
            }
        }
        // A regular file (through any symlinks) or a new one: write beside it, rename at the end.
        let target = exists ? (Self.realPath(path) ?? path) : path
        let temporary: String
        (descriptor, temporary, covered) = try Self.createTemporary(beside: target, option: option, path: path)
        // Made 0600; give it the mode the replaced file had, or the usual one.
        let mask = umask(0)
        umask(mask)
        _ = fchmod(descriptor, exists ? info.st_mode & 0o7777 : 0o666 & ~mask)
        replacement = (temporary, target)
    }

    deinit {
        if !finished { discard() }
    }

    /// Writes all of `bytes`, retrying short writes and interruptions.
    /// - Throws: ``ScriptingError/cannotWrite(_:)`` with the path and the system's reason.
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Foundation.write(descriptor, next, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw Self.failure(option, path, errno)
            }
            next += n
            left -= n
        }
    }

    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    public func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
    }

    /// Closes the file and, for a regular file, puts it in place of the path. Refuses when the
    /// path has meanwhile become one of `protected` (a script loaded after the file was opened).
    public func commit(protected: [String] = []) throws {
        guard !finished else { return }
        do {
            try Self.refuseProtected(path, option: option, protected: protected)
        } catch {
            discard()
            throw error
        }
        finished = true
        let closed = close(descriptor)
        let closeError = errno
        guard let replacement else {
            if closed != 0 && closeError != EINTR { throw Self.failure(option, path, closeError) }
            return
        }
        // Renamed or removed: no longer the signal handler's to remove (after, so no moment is uncovered).
        defer { TemporaryFiles.forget(covered) }
        if closed != 0 && closeError != EINTR {
            unlink(replacement.temporary)
            throw Self.failure(option, path, closeError)
        }
        if rename(replacement.temporary, replacement.target) != 0 {
            let code = errno
            unlink(replacement.temporary)
            throw Self.failure(option, path, code)
        }
    }

    /// Closes the file and removes the temporary one: a regular file at the path is left as it was.
    public func discard() {
        guard !finished else { return }
        finished = true
        close(descriptor)
        if let replacement { unlink(replacement.temporary) }
        TemporaryFiles.forget(covered)
    }

    // MARK: - Helpers

    private static func refuseProtected(_ path: String, option: String, protected: [String]) throws {
        var target = stat()
        guard stat(path, &target) == 0 else { return }
        for file in protected {
            var info = stat()
            if stat(file, &info) == 0 && info.st_dev == target.st_dev && info.st_ino == target.st_ino {
                throw ScriptingError.cannotWrite("\(option) \(path): is the script \(file); refusing to overwrite it")
            }
        }
    }

    /// `folder/.name.` beside `target`, to which six random letters and digits are added.
    private static func temporaryPrefix(for target: String) -> String {
        guard let slash = target.lastIndex(of: "/") else { return ".\(target)." }
        let folder = target[...slash]
        let name = target[target.index(after: slash)...]
        return "\(folder).\(name)."
    }

    /// Creates the temporary file beside `target` (mode 0600, `mkstemp`'s way: a random name, `O_EXCL`, another name
    /// when one is taken), covered by ``TemporaryFiles`` from before it exists. `mkstemp` then `register` left a
    /// moment when the file existed uncovered: a signal then (a `kill` as the scenario loads) left it in the user's
    /// folder (InterruptedOutputTests, on a loaded machine).
    private static func createTemporary(beside target: String, option: String, path: String) throws
        -> (descriptor: Int32, temporary: String, covered: Int?) {
        let prefix = temporaryPrefix(for: target)
        let symbols = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        var random = SystemRandomNumberGenerator()
        var code = EEXIST
        for _ in 0..<100 {
            let temporary = prefix + String(decoding: (0..<6).map { _ in symbols.randomElement(using: &random)! }, as: UTF8.self)
            // Covered before it exists, so never a name already there: a signal would remove someone else's file.
            var existing = stat()
            if lstat(temporary, &existing) == 0 { continue }
            let covered = TemporaryFiles.register(temporary)
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (descriptor, temporary, covered) }
            code = errno
            TemporaryFiles.forget(covered)
            if code != EEXIST { break }
        }
        throw failure(option, path, code)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func retrying(_ call: () -> Int32) -> Int32 {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    private static func failure(_ option: String, _ path: String, _ code: Int32) -> ScriptingError {
        .cannotWrite("\(option) \(path): \(String(cString: strerror(code)))")
    }
}
