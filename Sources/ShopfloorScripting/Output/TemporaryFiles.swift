import Foundation

/// The temporary files of the ``OutputFile``s being written (and `experiment --out`'s `PATH.partial.new`), which a signal that ends the process (Ctrl-C,
/// `kill`, a closed terminal, a batch system's time limit) must not leave beside their target: the command's
/// signal handler calls ``removeAll()`` before the signal ends the process (ShopfloorCLI's `FatalSignals`).
///
/// ``removeAll()`` runs inside a signal handler, so it only reads a fixed table of C strings made beforehand and
/// calls `unlink(2)` (async-signal-safe); registering and forgetting happen on the writing thread, outside it.
/// A path's string is never freed: a handler on another thread may be reading it (a few dozen bytes per output
/// file, a handful of files per process).
///
/// ```swift
/// let slot = TemporaryFiles.register(".run.html.Ab12Cd")   // while it is being written
/// TemporaryFiles.forget(slot)                               // renamed into place, or removed
/// ```
public enum TemporaryFiles {
    /// How many temporary files are covered at once (a run writes two at most: `--trace` and `--report`); a
    /// further one is written just the same, without that cover.
    static let capacity = 32
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()
    private static let lock = NSLock()

    /// Makes the table now, outside any handler (a first use inside one would run a lazy initialisation, which is
    /// not async-signal-safe). Call it before installing a handler that calls ``removeAll()``.
    public static func prepare() {
        _ = slots
    }

    /// Covers `path` (a temporary file just made); returns its slot for ``forget(_:)``, or nil when all are taken.
    public static func register(_ path: String) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard let free = (0..<capacity).first(where: { slots[$0] == nil }) else { return nil }
        slots[free] = strdup(path)
        return free
    }

    /// Stops covering the file of `slot` (it was renamed into place or removed).
    public static func forget(_ slot: Int?) {
        guard let slot else { return }
        lock.lock()
        defer { lock.unlock() }
        slots[slot] = nil
    }

    /// Removes every covered temporary file. Async-signal-safe: for a handler of a signal that ends the process.
    public static func removeAll() {
        for slot in 0..<capacity {
            if let path = slots[slot] { unlink(path) }
        }
    }
}
