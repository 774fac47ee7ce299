import CLua
import Foundation

/// An error that came out of Lua: a script error, a syntax error, a memory or time limit.
///
/// `message` reads as Lua prints it (`scripts/bank.lua:12: attempt to index a nil value`);
/// `chunk` and `line` are parsed from it when it starts with a position; `traceback` is the
/// `stack traceback:` block, when the error crossed a protected call with a handler.
public struct LuaError: Error, CustomStringConvertible, Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// An error raised while running Lua code (`error(...)`, a bad index, a host function's error).
        case runtime
        /// The chunk did not compile.
        case syntax
        /// The state's memory cap was reached (`not enough memory`).
        case memory
        /// The script ran past its time budget.
        case timeBudget
        /// An error inside the error handler itself.
        case handler
        /// A file could not be read.
        case file
    }

    public var kind: Kind
    /// The message, with its `chunk:line:` prefix when Lua gave one.
    public var message: String
    /// The chunk name of the position that starts `message` (`scripts/bank.lua`, `stdin`).
    public var chunk: String?
    /// The line of that position.
    public var line: Int?
    /// The `stack traceback:` lines, or empty.
    public var traceback: String

    public init(kind: Kind, message: String, traceback: String = "") {
        self.kind = kind
        self.message = message
        self.traceback = traceback
        (chunk, line) = LuaError.position(in: message)
    }

    /// What the sandbox leaves out, and where to look instead, keyed by Lua's own words for using a missing
    /// global (`attempt to index a nil value (global 'io')`): a script written for `lua` meets these first, and
    /// Lua's message alone reads like a typo. Given only for a global the state's sandbox did leave out
    /// (``SandboxLeftOut``): under `--allow-io`, `io = nil; io.open(…)` is the script's own doing, and
    /// `--allow-io` would not help.
    static let sandboxHints: [(global: SandboxLeftOut, suffix: String, hint: String)] = [
        (.io, "(global 'io')", "io is left out of the sandbox: --allow-io grants it"),
        (.dofile, "(global 'dofile')", "dofile is left out of the sandbox: require \"name\" loads name.lua"),
        (.loadfile, "(global 'loadfile')", "loadfile is left out of the sandbox: require \"name\" loads name.lua"),
        (.package, "(global 'package')", "package is left out of the sandbox: require \"name\" loads name.lua"),
        (.debug, "(global 'debug')", "debug is left out of the sandbox"),
    ]

    /// `message` with the sandbox's hint when it is Lua's error for using one of the globals in `leftOut`
    /// (`attempt to index a nil value (global 'io')`).
    static func withSandboxHint(_ message: String, leftOut: SandboxLeftOut) -> String {
        guard !leftOut.isEmpty, message.hasSuffix("')"), message.contains("a nil value (global '"),
              let entry = sandboxHints.first(where: { leftOut.contains($0.global) && message.hasSuffix($0.suffix) })
        else { return message }
        return message + " (" + entry.hint + ")"
    }

    /// The message followed by the traceback, as `lua` prints an uncaught error.
    public var description: String {
        traceback.isEmpty ? message : message + "\n" + traceback
    }

    /// The message on one line, led by `file:line` from the traceback when the message has none (the time
    /// budget and memory limit are raised by the host, not at a line; `error(x, 0)` and error objects carry
    /// no position): `s.lua:9: script exceeded its time budget`. For reports that are one line (an
    /// experiment cell's record, a board command's error), where the traceback is left out.
    public var located: String {
        let firstLine = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? message
        guard line == nil else { return firstLine }
        for entry in traceback.split(separator: "\n") {
            let text = entry.trimmingCharacters(in: .whitespaces)
            guard let range = text.range(of: ": in ") ?? text.range(of: ": at ") else { continue }
            let place = text[..<range.lowerBound]
            guard let colon = place.lastIndex(of: ":"), !place[place.index(after: colon)...].isEmpty,
                  place[place.index(after: colon)...].allSatisfy(\.isNumber), !place.hasPrefix("[C]") else { continue }
            return "\(place): \(firstLine)"
        }
        return firstLine
    }

    /// Splits `chunk:line: text` into its chunk and line; `(nil, nil)` when there is no position.
    static func position(in message: String) -> (String?, Int?) {
        // A chunk name may itself contain ':' ([string "a:b"]), so take the first ':<digits>:'.
        let scalars = Array(message.utf8)
        var i = 0
        while i < scalars.count {
            if scalars[i] == UInt8(ascii: ":") {
                var j = i + 1
                var value = 0
                while j < scalars.count, scalars[j] >= 48, scalars[j] <= 57 {
                    value = value * 10 + Int(scalars[j] - 48)
                    j += 1
                }
                if j > i + 1, j < scalars.count, scalars[j] == UInt8(ascii: ":"), i > 0 {
                    let chunk = String(decoding: scalars[0..<i], as: UTF8.self)
                    if !chunk.contains("\n") { return (chunk, value) }
                    return (nil, nil)
                }
            }
            if scalars[i] == UInt8(ascii: "\n") { break }
            i += 1
        }
        return (nil, nil)
    }

    /// `bytes` in MiB as the `--memory-limit` option takes them: whole when whole, else to one decimal.
    static func megabytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? String(bytes >> 20) : String(format: "%.1f", Double(bytes) / Double(1 << 20))
    }

    /// Builds the error for a non-OK status; the error string (message + traceback) is on top.
    /// Stack: [error] → [].
    static func pop(from L: OpaquePointer, status: Int32) -> LuaError {
        let text = LuaStack(L).string(at: -1) ?? "(error object is a \(LuaStack(L).typeName(at: -1)) value)"
        sf_pop(L, 1)
        let kind: Kind
        switch status {
        case LUA_ERRSYNTAX: kind = .syntax
        case LUA_ERRMEM: kind = .memory
            // Lua says only "not enough memory"; when the cap refused (not the system), the report names it.
            let memory = sf_memory_of(L)
            if let memory, memory.pointee.limit_refused != 0, text == "not enough memory" {
                memory.pointee.limit_refused = 0
                return LuaError(kind: .memory, message: text + " (the scripts' memory limit, \(LuaError.megabytes(memory.pointee.limit)) MB, was reached)")
            }
        case LUA_ERRERR: kind = .handler
        default: kind = text.contains("script exceeded its time budget") ? .timeBudget : .runtime
        }
        let marker = "\nstack traceback:"
        let hinted = LuaStack(L).withSandboxHint
        if let range = text.range(of: marker) {
            return LuaError(kind: kind, message: hinted(String(text[..<range.lowerBound])),
                            traceback: String(text[text.index(after: range.lowerBound)...]))
        }
        return LuaError(kind: kind, message: hinted(text))
    }
}

/// Thrown by a Swift function called from Lua to report a bad argument in Lua's own words:
/// `bad argument #2 to 'take' (number expected, got nil)`. The C trampoline raises it.
public struct LuaArgumentError: Error, CustomStringConvertible, Sendable {
    public var index: Int
    public var detail: String
    public init(_ index: Int, _ detail: String) {
        self.index = index
        self.detail = detail
    }
    public var description: String { "bad argument #\(index) (\(detail))" }
}

/// Thrown by a Swift function called from Lua to raise `message` as is, with no position
/// prepended (a message that already names its place, or one that must read exactly).
public struct LuaRaise: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

extension LuaStack {
    /// The error of a failed protected call whose message (with traceback) is on top, popped, as
    /// `LuaState.protectedCall` throws it (after a memory error the state is collected so it is usable
    /// again). Stack: [error] → [].
    public func poppedError(status: Int32) -> LuaError {
        let error = LuaError.pop(from: L, status: status)
        recover(after: error)
        return error
    }

    /// Throws ``poppedError(status:)`` unless `status` is `LUA_OK`: for the C fast paths that return a
    /// `lua_pcall` status. Stack: [error] → [] when it throws; unchanged otherwise.
    // Performance: on the stack, not the state, so a per-event caller holding only `L` retains nothing
    // (juice-bar and bank-open benchmarks).
    @inlinable public func check(status: Int32) throws {
        if status != LUA_OK { throw poppedError(status: status) }
    }

    /// After a memory error, collect so the state is usable again (LUA_NOTES: it recovers after a GC).
    func recover(after error: LuaError) {
        if error.kind == .memory { sf_gc_collect(L) }
    }
}
