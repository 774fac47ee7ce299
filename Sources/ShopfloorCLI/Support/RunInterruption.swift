import Foundation

/// Ctrl-C during `shopfloor run` (not `--live`): the first one asks the run to stop between two
/// events, so the summary of the run so far can be printed; a second one ends the process as
/// usual, for a hook that never returns — after removing the output files' temporary files
/// (``FatalSignals/end(by:)``).
///
/// The handler only sets a flag (async-signal-safe); the run polls it between slices.
enum RunInterruption {
    /// Thrown from the run's progress callback once Ctrl-C was pressed.
    struct Stopped: Error {}

    nonisolated(unsafe) static var requested: Int32 = 0

    /// The exit status of a run stopped by Ctrl-C: 128 + SIGINT, as a shell reports an interrupted command.
    static let exitStatus: Int32 = 130

    static func install() {
        requested = 0
        // A second Ctrl-C ends the process as usual, its temporary files removed first.
        InterruptSignal.install(flags: SA_RESTART) { sig in
            if RunInterruption.requested != 0 { FatalSignals.end(by: sig) } else { RunInterruption.requested = 1 }
        }
    }

    /// Throws `Stopped` once Ctrl-C was pressed.
    static func check() throws {
        if requested != 0 { throw Stopped() }
    }
}
