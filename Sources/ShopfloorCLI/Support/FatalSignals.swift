import Foundation
import LuaKit
import ShopfloorScripting

/// The signals that end the process — Ctrl-C where nothing catches it (while a scenario loads, or a second
/// Ctrl-C during a run), `kill` (SIGTERM, also a batch system's time limit) and a closed terminal (SIGHUP) —
/// first remove the temporary files of the output being written (`--report`, `--trace`: ``TemporaryFiles``),
/// then end the process by the same signal, as before: the exit status a shell sees is unchanged (130 for
/// Ctrl-C), and a file at the output's path is left as it was.
///
/// Installed once at start for each of these signals whose disposition is the default; one the parent ignores
/// (a background job's SIGINT) stays ignored. Handlers that catch these signals for a while put this one back
/// afterwards (the REPL's prompt, the live view); a run's Ctrl-C handler (``RunInterruption``) hands over to
/// ``end(by:)`` at the second Ctrl-C. The watchdog's own end of the process (a call or finalizer that could not be
/// interrupted, past the time budget: `LuaState.willExit`) removes them too.
enum FatalSignals {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    static func install() {
        TemporaryFiles.prepare()
        LuaState.willExit = { TemporaryFiles.removeAll() }
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for sig in signals {
            var current = sigaction()
            guard sigaction(sig, nil, &current) == 0, disposition(current) == 0 else { continue }
            var action = sigaction()
            #if os(Linux)
            action.__sigaction_handler.sa_handler = { sig in FatalSignals.end(by: sig) }
            #else
            action.__sigaction_u.__sa_handler = { sig in FatalSignals.end(by: sig) }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(sig, &action, nil)
            sigaddset(&unblock, sig)
        }
        // A parent may have started us with them blocked (the mask is inherited; InterruptSignal does the same).
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Removes the temporary files, then lets `sig` end the process with its default action. Async-signal-safe:
    /// called from signal handlers.
    static func end(by sig: Int32) {
        TemporaryFiles.removeAll()
        signal(sig, SIG_DFL)
        // Blocked while its handler runs: delivered, with the default action, as the handler returns.
        raise(sig)
    }

    /// 0 for the default action (`SIG_DFL`), 1 for ignored (`SIG_IGN`), else the handler's address.
    private static func disposition(_ action: sigaction) -> Int {
        #if os(Linux)
        unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
        #else
        unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
        #endif
    }
}
