import Foundation
import LuaKit

/// Ctrl-C while a command runs: the handler only sets flags (async-signal-safe); the Lua
/// watchdog stops running Lua within 0.1 s with `interrupted!`, and `:run`/`:step` poll
/// `LuaState.interruptRequested` between events (ReplSession+Running.swift). At the prompt and
/// between commands, the handler from `installPromptHandler()` only notes the Ctrl-C (`atPrompt`):
/// libedit's `readline` then returns with the line dropped, and the REPL goes back to `> `.
enum Interrupt {
    nonisolated(unsafe) static var handle: UnsafeMutableRawPointer?
    /// Set by a Ctrl-C outside a command; cleared by whoever acts on it (EditLineReader).
    nonisolated(unsafe) static var atPrompt: Int32 = 0

    /// Installs the prompt's SIGINT handler for the rest of the session: it only sets `atPrompt`.
    /// No `SA_RESTART`, so a `read` blocked at the prompt returns (EINTR) and `readline` gives up
    /// the line. `catching(for:_:)` replaces it while a command runs and puts it back after.
    static func installPromptHandler() {
        InterruptSignal.install(flags: 0) { _ in Interrupt.atPrompt = 1 }
    }

    /// Routes SIGINT to `state` while `body` runs.
    static func catching<R>(for state: LuaState, _ body: () throws -> R) rethrows -> R {
        handle = state.interruptHandle
        state.clearInterrupt()
        var previous = InterruptSignal.install(flags: SA_RESTART) { _ in
            if let h = Interrupt.handle { LuaState.requestInterrupt(handle: h) }
        }
        defer {
            sigaction(SIGINT, &previous, nil)
            handle = nil
        }
        return try body()
    }
}
