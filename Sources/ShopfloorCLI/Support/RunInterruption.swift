import Foundation

/// Ctrl-C during `shopfloor run` (not `--live`) or `shopfloor experiment`: the first one asks the work to stop
/// between two events (two cells), so the summary of what was done can be printed; a second one ends the process
/// as usual, for a hook that never returns — after removing the output files' temporary files
/// (``FatalSignals/end(by:)``).
///
/// Once the work is over (``workEnded(stopped:)``) only the outputs are left to write: there is nothing left to
/// stop between, so a Ctrl-C then ends the command at once, as a second one does — interrupted (the shell sees
/// 130), each output file either as it was or wholly new, never a temporary file left — instead of being noted
/// and forgotten while the command goes on to exit 0.
///
/// The handler only sets a flag (async-signal-safe); the work polls it between slices.
enum RunInterruption {
    /// Thrown from the run's progress callback once Ctrl-C was pressed.
    struct Stopped: Error {}

    nonisolated(unsafe) static var requested: Int32 = 0
    /// SIGINT's handler before ``install()``: ``FatalSignals``' (or "ignored", for a background job).
    nonisolated(unsafe) private static var previous = sigaction()

    /// The exit status of a run stopped by Ctrl-C: 128 + SIGINT, as a shell reports an interrupted command.
    static let exitStatus: Int32 = 130

    /// Catches SIGINT for the run — unless the process was started with it ignored (a background job), which
    /// stays ignored: the run then goes on to its normal end whatever Ctrl-C the terminal sends (InterruptSignal).
    static func install() {
        requested = 0
        // A second Ctrl-C ends the process as usual, its temporary files removed first.
        previous = InterruptSignal.install(flags: SA_RESTART) { sig in
            if RunInterruption.requested != 0 { FatalSignals.end(by: sig) } else { RunInterruption.requested = 1 }
        }
    }

    /// Throws `Stopped` once Ctrl-C was pressed.
    static func check() throws {
        if requested != 0 { throw Stopped() }
    }

    /// The work is over (`stopped`: by a Ctrl-C it noticed); the outputs follow. Puts SIGINT's handler back, so a
    /// Ctrl-C from now on ends the process at once (``FatalSignals``), and ends it now for one that came after the
    /// work last looked (during the last slice, the run's end hooks, the last cell): the work did not stop for it,
    /// so its outputs must not be put in place as if nobody had asked.
    static func workEnded(stopped: Bool) {
        sigaction(SIGINT, &previous, nil)
        if requested != 0 && !stopped { FatalSignals.end(by: SIGINT) }
    }
}
