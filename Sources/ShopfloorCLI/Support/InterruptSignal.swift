import Foundation

/// Installs a SIGINT handler: the one place that fills a `sigaction` (its handler field differs by
/// platform) and unblocks SIGINT, which a parent may have blocked (the mask is inherited; the test
/// runner starts us that way). Handlers must be async-signal-safe: they only set flags.
///
/// A SIGINT the process was started with ignored stays ignored (``isIgnored``): a background job of a
/// non-interactive shell (`shopfloor run x.lua &` in a script) gets it that way so that a Ctrl-C meant for the
/// foreground leaves it alone, and by convention (POSIX shells, `nohup`-like tools) a program does not undo
/// that. The run's, the experiment's and the REPL's handlers all come through here; the live view
/// (``Terminal``) follows the same rule for SIGTERM and SIGHUP too, and ``FatalSignals`` from the start.
enum InterruptSignal {
    /// Makes `handler` SIGINT's handler with `flags` (e.g. `SA_RESTART`) and returns the one it
    /// replaced, for putting back. When SIGINT is ignored, changes nothing and returns that.
    @discardableResult
    static func install(flags: Int32, _ handler: @convention(c) (Int32) -> Void) -> sigaction {
        var previous = sigaction()
        sigaction(SIGINT, nil, &previous)
        if isIgnored(previous) { return previous }
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        sigaction(SIGINT, &action, &previous)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        return previous
    }

    /// Whether `action` ignores its signal (`SIG_IGN`, 1 on Linux and macOS). Only a signal ignored from the start
    /// (or by the experiment's worker, which wants no Ctrl-C) is found so: the handlers installed here, in
    /// ``FatalSignals`` and in ``Terminal`` never ignore, and each puts back what it found.
    static func isIgnored(_ action: sigaction) -> Bool {
        #if os(Linux)
        let handler = action.__sigaction_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == 1
    }
}
