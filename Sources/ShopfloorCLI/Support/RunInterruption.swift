import Foundation

/// Ctrl-C during `shopfloor run` (not `--live`): the first one asks the run to stop between two
/// events, so the summary of the run so far can be printed; a second one ends the process as
/// usual (the handler is one-shot, `SA_RESETHAND`), for a hook that never returns.
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
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = { _ in RunInterruption.requested = 1 }
        #else
        action.__sigaction_u.__sa_handler = { _ in RunInterruption.requested = 1 }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART | Int32(truncatingIfNeeded: SA_RESETHAND)
        sigaction(SIGINT, &action, nil)
        // A parent may have started us with SIGINT blocked (the mask is inherited): unblock it.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Throws `Stopped` once Ctrl-C was pressed.
    static func check() throws {
        if requested != 0 { throw Stopped() }
    }
}
