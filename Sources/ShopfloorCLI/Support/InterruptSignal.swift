import Foundation

/// Installs a SIGINT handler: the one place that fills a `sigaction` (its handler field differs by
/// platform) and unblocks SIGINT, which a parent may have blocked (the mask is inherited; the test
/// runner starts us that way). Handlers must be async-signal-safe: they only set flags.
enum InterruptSignal {
    /// Makes `handler` SIGINT's handler with `flags` (e.g. `SA_RESTART`) and returns the one it
    /// replaced, for putting back.
    @discardableResult
    static func install(flags: Int32, _ handler: @convention(c) (Int32) -> Void) -> sigaction {
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        var previous = sigaction()
        sigaction(SIGINT, &action, &previous)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        return previous
    }
}
