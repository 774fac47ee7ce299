import CLua

/// The globals a state's sandbox left out that a script written for `lua` reaches for: an error using one
/// of them gets a hint (``LuaError``), an error using a global the script removed itself does not.
///
/// Kept in the state's `sf_memory` (`sandbox_left_out`), where an error popped from any thread of the
/// state finds it: a state opened without the sandbox, or with `--allow-io` for `io`, leaves those out of
/// the set.
public struct SandboxLeftOut: OptionSet, Sendable {
    public let rawValue: Int32
    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let io = SandboxLeftOut(rawValue: 1 << 0)
    public static let dofile = SandboxLeftOut(rawValue: 1 << 1)
    public static let loadfile = SandboxLeftOut(rawValue: 1 << 2)
    public static let package = SandboxLeftOut(rawValue: 1 << 3)
    public static let debug = SandboxLeftOut(rawValue: 1 << 4)

    /// What the sandbox leaves out of a state opened with `allowIO` (`--allow-io` grants `io` only).
    static func sandbox(allowIO: Bool) -> SandboxLeftOut {
        var set: SandboxLeftOut = [.dofile, .loadfile, .package, .debug]
        if !allowIO { set.insert(.io) }
        return set
    }
}

extension LuaStack {
    /// `message` with the sandbox's hint when it is Lua's error for using a global this state's sandbox left
    /// out (`… (global 'io') (io is left out of the sandbox: --allow-io grants it)`); else as it is. For an
    /// error the host reads from a coroutine itself (a process's), as a protected call's error gets it.
    public func withSandboxHint(_ message: String) -> String {
        guard let memory = sf_memory_of(L) else { return message }
        return LuaError.withSandboxHint(message, leftOut: SandboxLeftOut(rawValue: memory.pointee.sandbox_left_out))
    }
}
